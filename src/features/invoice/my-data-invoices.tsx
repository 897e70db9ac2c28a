import { useRef } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { myDataInvoicesCopy } from '@/content/my-data-invoices';
import { servicesCopy } from '@/content/services';
import { formatInvoiceAmount } from '@domain/invoice';
import type { MyDataInvoice, MyDataInvoicePdf } from '@domain/wire-types';
import { useInvoicePdfMutation } from './api/invoice-queries';

/** Saves the PDF under its file name (rechnung-<number>.pdf). */
function save({ filename, pdf }: MyDataInvoicePdf) {
  const bytes = Uint8Array.from(atob(pdf), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * «Meine Daten»'s invoices: each one made out to the address, with its state and
 * the day it is deleted, its PDF again (made from the stored invoice), and that invoices are
 * kept ten years, also after the erasure.
 */
export function MyDataInvoices({ invoices, token }: { invoices: MyDataInvoice[]; token: () => string }) {
  const { myDataInvoiceTexts: copy } = useCopy(myDataInvoicesCopy);
  const { formatDateLong, formatSlotLong } = useCopy(dateFormatsCopy);
  const { storedServiceLabel: serviceLabel } = useCopy(servicesCopy);
  const fetching = useInvoicePdfMutation();
  // The invoice whose PDF is on its way, and the one whose PDF could not be had (the last press's).
  const pending = fetching.isPending ? fetching.variables.number : null;
  const failed = fetching.isSuccess && fetching.data === null ? fetching.variables.number : null;
  // One download at a time: a second press can come before the pending state is rendered.
  const sending = useRef(false);

  function download(number: string) {
    if (sending.current) return;
    sending.current = true;
    fetching.mutate(
      { token: token(), number },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (pdf) => {
          if (pdf) save(pdf);
        },
      },
    );
  }

  return (
    <section aria-labelledby="meine-daten-rechnungen" className="mt-8">
      <h3 id="meine-daten-rechnungen" className="text-2xl">
        {copy.title} <span className="text-base font-normal text-ink-muted">({invoices.length})</span>
      </h3>
      <p className="mt-2">{copy.kept}</p>
      {invoices.length === 0 ? (
        <p className="mt-2">{copy.none}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {invoices.map((invoice) => (
            <li key={invoice.number} className="rounded-lg border border-sand-300 bg-white p-4">
              <h4 className="mb-2 text-lg font-semibold">{copy.entryTitle(invoice.number)}</h4>
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {(
                  [
                    [copy.fields.date, formatDateLong(invoice.issuedOn)],
                    [copy.fields.name, invoice.name],
                    [copy.fields.appointment, `${serviceLabel(invoice.service)}, ${formatSlotLong(invoice.appointmentDate, invoice.appointmentTime)}`],
                    [copy.fields.amount, formatInvoiceAmount(invoice.amountRappen)],
                    [copy.fields.state, invoice.paidAt ? copy.paid : copy.open],
                    [copy.fields.deleteAt, formatDateLong(invoice.deleteAt)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-semibold text-night-800">{label}</dt>
                    <dd className="mb-2 break-words sm:mb-0">{value}</dd>
                  </div>
                ))}
              </dl>
              <button
                type="button"
                onClick={() => download(invoice.number)}
                aria-disabled={pending !== null || undefined}
                aria-busy={pending === invoice.number || undefined}
                className={buttonClasses('secondary', 'md', 'mt-3 aria-disabled:pointer-events-none aria-disabled:opacity-70')}
              >
                {pending === invoice.number ? copy.pdfPending : copy.pdf}
              </button>
              <div role="status">{failed === invoice.number && <p className="mt-2 font-semibold">{copy.pdfFailed}</p>}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
