import { Container } from '@/components/ui/section';
import { QueryProvider } from '@/lib/query-provider';
import { RequestUnavailable } from '@/features/appointment-action/request-unavailable';
import { RequestView } from '@/features/appointment-action/request-view';
import { useAppointmentAction } from '@/features/appointment-action/use-appointment-action';
import { InvoicePanel } from '@/features/invoice/invoice-panel';
import { ScheduleEntry } from '@/features/appointment-action/schedule-entry';
import { ErasedAppointment } from '@/features/appointment-action/erased-appointment';
import { AdvisorSleepDiary } from '@/features/sleep-diary/advisor-diary';

/**
 * /termin/aktion#<token>: the page the links in the appointment e-mails open (unlisted:
 * noindex, in no sitemap or menu). Opening it only shows the request; the practice
 * confirms or declines a request or a wish to move it, the visitor cancels or moves the
 * appointment, by pressing a button. A calendar entry's link shows the entry's schedule only.
 * No hero: the page is a tool, and its first paint is text. Its calls – the request's
 * query, the presses (the invoice's too) – share the page's one React Query client.
 */
export default function AppointmentActionPage() {
  return (
    <QueryProvider>
      <ActionPage />
    </QueryProvider>
  );
}

function ActionPage() {
  const { state, pending, act, resend, retryLoading, linkToken } = useAppointmentAction();
  return (
    <section aria-labelledby="aktion-titel" className="bg-cream py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          {state.step === 'ready' ? (
            <RequestView
              state={state}
              pending={pending}
              onAct={act}
              onResend={resend}
              sleepDiary={state.view.sleepDiary !== undefined && <AdvisorSleepDiary diary={state.view.sleepDiary} />}
            />
          ) : state.step === 'entry' ? (
            <ScheduleEntry entry={state.entry} token={linkToken} />
          ) : state.step === 'erased' ? (
            <ErasedAppointment erased={state.erased} />
          ) : (
            <RequestUnavailable state={state} onRetry={retryLoading} token={linkToken} />
          )}
          {/* The practice's links of a confirmed appointment: its invoice. */}
          {state.step === 'ready' && <InvoicePanel key={state.checkedAt} invoicing={state.view.invoicing} token={linkToken} />}
          {/* A deleted appointment's kept invoice: «Als bezahlt markieren», «Rechnung erneut senden». */}
          {state.step === 'erased' && <InvoicePanel invoicing={state.erased.invoicing} token={linkToken} />}
        </div>
      </Container>
    </section>
  );
}
