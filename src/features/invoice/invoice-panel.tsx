import { useId, useRef, useState, type FormEvent } from 'react';
import { Card } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button-link';
import { TextField } from '@/components/forms/form-field';
import { useCopy } from '@/content/copy';
import { dateFormatsCopy } from '@/content/dates';
import { invoiceCopy } from '@/content/invoice';
import type { Language } from '@/lib/language';
import { zurichIsoDate } from '@domain/dates';
import { formatInvoiceAmount, parseInvoiceAmount } from '@domain/invoice';
import type { InvoiceIntent, InvoiceView } from '@domain/wire-types';
import { readInvoicing, type InvoiceResult } from './api/invoice-api';
import { useInvoiceButtonMutation } from './api/invoice-queries';

interface InvoicePanelProps {
  /** The view's invoice part as the page loaded it (unchecked: readInvoicing checks it). */
  invoicing: unknown;
  /** The page's link token, read when a button is pressed. */
  token: () => string;
  /** Today in Zurich (ISO), for tests; the browser's clock by default. */
  today?: string;
}

type Notice = { tone: 'ok' | 'problem'; text: string };
type Texts = (typeof invoiceCopy)[Language]['invoiceTexts'];

/** What a press led to, in words; the invoice's number where there is one. */
function noticeOf(result: InvoiceResult, invoicing: InvoiceView | undefined, copy: Texts): Notice {
  const number = invoicing?.invoice?.number ?? '';
  switch (result.kind) {
    case 'done':
      if (result.mail === 'none') return { tone: 'ok', text: copy.outcome.paid(number) };
      return { tone: 'ok', text: result.mail === 'sent' ? copy.outcome.sent(number) : copy.outcome.alreadySent(number) };
    case 'too_soon':
      return { tone: 'problem', text: copy.outcome.tooSoon(result.from) };
    case 'invoice_failed':
      return { tone: 'problem', text: result.cause === 'invoice_pdf_failed' ? copy.outcome.pdfFailed : copy.outcome.mailFailed };
    case 'in_progress':
      return { tone: 'problem', text: copy.outcome.inProgress };
    case 'limited':
      return { tone: 'problem', text: result.nextAt === null ? copy.outcome.resentTooOften(number) : copy.outcome.resentRecently(number, result.nextAt) };
    case 'conflict':
      return { tone: 'problem', text: copy.outcome.conflict };
    default:
      return { tone: 'problem', text: copy.outcome.failed };
  }
}

/**
 * The invoice on the practice's page of a confirmed appointment: before the
 * appointment's day (Zurich) «Rechnung senden» is greyed (aria-disabled) with the day it
 * becomes possible; from it, one press issues and mails the invoice (the amount from the
 * catalogue, or typed in «Betrag (CHF)» for a service without a price, checked as the
 * function checks it: domain/invoice.ts parseInvoiceAmount). Then the invoice's number,
 * date, amount and state, with «Rechnung erneut senden» and «Als bezahlt markieren». One
 * press at a time; what a press led to is announced (role status / alert) – a resend the
 * invoice's budget holds back with the time it may be pressed again.
 */
export function InvoicePanel({ invoicing: initial, token, today }: InvoicePanelProps) {
  const { invoiceTexts: copy } = useCopy(invoiceCopy);
  const { formatDateLong } = useCopy(dateFormatsCopy);
  // What a press answers replaces the page's invoice part here: the page's view is not
  // asked again, and the panel shows the invoice as the function last reported it.
  const [invoicing, setInvoicing] = useState<InvoiceView | undefined>(() => readInvoicing(initial));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [amountMessage, setAmountMessage] = useState('');
  const pressing = useInvoiceButtonMutation();
  const pending: InvoiceIntent | null = pressing.isPending ? pressing.variables.intent : null;
  // The buttons stay focusable while sending (aria-disabled), so a second press arrives;
  // a ref, because it can come before the mutation's pending state is rendered.
  const sending = useRef(false);
  const titleId = useId();
  const notYetId = useId();
  if (!invoicing) return null;
  const { invoice } = invoicing;
  const day = today ?? zurichIsoDate(0);
  const tooSoon = invoice === null && day < invoicing.from;

  function press(intent: InvoiceIntent, amount?: string) {
    if (sending.current) return;
    sending.current = true;
    pressing.mutate(
      { token: token(), intent, amount },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (result) => {
          if (result.kind === 'invalid_amount') {
            setAmountMessage(copy.amount.invalid);
            return;
          }
          const next = 'invoicing' in result && result.invoicing ? result.invoicing : invoicing;
          if (next) setInvoicing(next);
          setNotice(noticeOf(result, next, copy));
        },
      },
    );
  }

  function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooSoon || pending) return;
    if (invoicing!.priceRappen !== null) {
      press('invoice');
      return;
    }
    const typed = new FormData(event.currentTarget).get('betrag');
    const text = typeof typed === 'string' ? typed.trim() : '';
    if (text === '') return setAmountMessage(copy.amount.missing);
    if (parseInvoiceAmount(text) === null) return setAmountMessage(copy.amount.invalid);
    setAmountMessage('');
    press('invoice', text);
  }

  const button = (intent: InvoiceIntent, label: string, variant: 'primary' | 'secondary', extra: Record<string, unknown> = {}) => (
    <button
      type={intent === 'invoice' ? 'submit' : 'button'}
      onClick={intent === 'invoice' ? undefined : () => press(intent)}
      aria-disabled={pending !== null || tooSoon || undefined}
      aria-busy={pending === intent || undefined}
      className={buttonClasses(variant, 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-60')}
      {...extra}
    >
      {pending === intent ? copy.sending : label}
    </button>
  );

  return (
    <Card className="mt-8 sm:p-8">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-2xl">
          {copy.title}
        </h2>
        {invoice === null ? (
          <form onSubmit={onSend} noValidate className="mt-4 space-y-5">
            <p>{copy.intro}</p>
            {invoicing.priceRappen !== null ? (
              <p className="font-semibold">{copy.catalogueAmount(invoicing.priceRappen)}</p>
            ) : (
              <TextField
                label={copy.amount.label}
                name="betrag"
                inputMode="decimal"
                autoComplete="off"
                required
                hint={copy.amount.hint}
                message={amountMessage}
                className="max-w-xs"
                onInput={() => setAmountMessage('')}
              />
            )}
            {tooSoon && (
              <p id={notYetId} className="text-ink-muted">
                {copy.notYet(invoicing.from)}
              </p>
            )}
            <div className="flex flex-wrap gap-3">{button('invoice', copy.send, 'primary', tooSoon ? { 'aria-describedby': notYetId } : {})}</div>
          </form>
        ) : (
          <>
            <dl className="mt-4 divide-y divide-sand-200">
              {(
                [
                  [copy.summary.number, invoice.number],
                  [copy.summary.date, formatDateLong(invoice.issuedOn)],
                  [copy.summary.amount, formatInvoiceAmount(invoice.amountRappen)],
                  [
                    copy.summary.state,
                    invoice.state === 'paid'
                      ? copy.state.paid(zurichIsoDate(0, new Date(invoice.paidAt!)))
                      : invoice.state === 'sent'
                        ? copy.state.sent(zurichIsoDate(0, new Date(invoice.sentAt!)))
                        : copy.state.unsent,
                  ],
                ] as const
              ).map(([term, value]) => (
                // The name is the visitor's, maybe one long word: it wraps inside its column (as AppointmentSummary's).
                <div key={term} className="grid grid-cols-1 gap-x-6 gap-y-0.5 py-3 sm:grid-cols-[11rem_minmax(0,1fr)]">
                  <dt className="font-semibold text-night-800">{term}</dt>
                  <dd className="[overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-6 flex flex-wrap gap-3">
              {button('invoice-again', copy.sendAgain, invoice.state === 'unsent' ? 'primary' : 'secondary')}
              {invoice.state !== 'paid' && button('invoice-paid', copy.markPaid, 'secondary')}
            </div>
          </>
        )}
        {notice && (
          <p
            role={notice.tone === 'ok' ? 'status' : 'alert'}
            className={
              notice.tone === 'ok'
                ? 'mt-5 rounded-xl border-2 border-night-600 bg-white px-4 py-3'
                : 'mt-5 rounded-xl border-2 border-red-800 bg-white px-4 py-3 text-red-900'
            }
          >
            {notice.text}
          </p>
        )}
      </section>
    </Card>
  );
}
