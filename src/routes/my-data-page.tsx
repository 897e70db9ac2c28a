import { QueryProvider } from '@/lib/query-provider';
import { MyDataPageBody } from '@/features/my-data/my-data-page-body';
import { MyDataSleepDiaries } from '@/features/sleep-diary/my-data-diaries';
import { MyDataInvoices } from '@/features/invoice/my-data-invoices';

/**
 * /meine-daten#<token> (unlisted: noindex, in no sitemap or menu): «Meine Daten», linked
 * from every mail to a visitor (features/my-data/my-data-page-body.tsx; its state:
 * use-my-data.ts). Nothing is read until «Daten anzeigen» is pressed; then the data with
 * the sleep diaries and the invoices, which this route hands in from their features, the
 * download of exactly that, and the erasure with a confirmation step. Without a token, or
 * with an expired one, the form that sends a new link. Its calls are React Query's: the
 * page's own client, around the invoices' too (the link form brings its own with the
 * form's notices).
 */
export default function MyDataPage() {
  return (
    <QueryProvider>
      <MyDataPageBody
        sleepDiaries={(data) => <MyDataSleepDiaries data={data} />}
        invoices={(data, token) => <MyDataInvoices invoices={data.invoices ?? []} token={token} />}
      />
    </QueryProvider>
  );
}
