import { QueryProvider } from '@/lib/query-provider';
import { SleepDiaryPageBody } from '@/features/sleep-diary/sleep-diary-page-body';

/**
 * /schlaftagebuch#<token> (unlisted: noindex, in no sitemap or menu): the sleep diary of one
 * appointment, linked from its confirmation mail and «Meine Daten» (docs/product.md §10). The
 * token is read from the fragment after load and cleared from the address
 * (features/sleep-diary/use-sleep-diary.ts); the page body is
 * features/sleep-diary/sleep-diary-page-body.tsx.
 * Its calls are React Query's (the page's own client).
 */
export default function SleepDiaryPage() {
  return (
    <QueryProvider>
      <SleepDiaryPageBody />
    </QueryProvider>
  );
}
