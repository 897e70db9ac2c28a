// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeView, scheduled } from '@/test/appointment-action-view';
import { getSupabaseClient, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';
import { findBookableService } from '@/content/services';
import { actOnAppointment, APPOINTMENT_ACTION_FUNCTION, showAppointment } from './action-api';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TOKEN = 'v1.confirm-preferred.abc.def';

const view = makeView({ alternative: null });

/** A non-2xx answer as supabase-js returns it: FunctionsHttpError with the unread Response as `context`. */
function httpError(status: number, body: unknown) {
  const response = new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  return { data: null, error: Object.assign(supabaseError('FunctionsHttpError', `Edge Function returned a non-2xx status code`), { context: response }) };
}

describe('appointment-action calls', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetSupabaseMock();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows with the token and intent "show" only, and returns the view', async () => {
    invoke.mockResolvedValue({ data: { view }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'view', view });
    expect(invoke).toHaveBeenCalledWith(APPOINTMENT_ACTION_FUNCTION, {
      body: { token: TOKEN, intent: 'show' },
      timeout: expect.any(Number),
    });
  });

  it('acts with a time or a note only when there is one', async () => {
    invoke.mockResolvedValue({ data: { result: 'changed', mail: 'sent', view }, error: null });
    await expect(actOnAppointment(TOKEN)).resolves.toEqual({ kind: 'done', result: 'changed', mail: 'sent', view });
    await actOnAppointment(TOKEN, { time: '14:00' });
    await actOnAppointment(TOKEN, { note: 'Leider ausgebucht.' });
    expect(invoke.mock.calls.map(([, options]) => options.body)).toEqual([
      { token: TOKEN, intent: 'act' },
      { token: TOKEN, intent: 'act', time: '14:00' },
      { token: TOKEN, intent: 'act', note: 'Leider ausgebucht.' },
    ]);
  });

  it.each([
    [403, { error: 'invalid_link', reason: 'expired' }, { kind: 'invalid_link', reason: 'expired' }],
    [403, { error: 'invalid_link', reason: 'tampered' }, { kind: 'invalid_link', reason: 'tampered' }],
    [403, { error: 'invalid_link', reason: 'something new' }, { kind: 'invalid_link', reason: 'malformed' }],
    [400, { error: 'invalid_body', field: 'token' }, { kind: 'invalid_link', reason: 'malformed' }],
    [400, { error: 'invalid_body', field: 'note' }, { kind: 'invalid_body', field: 'note' }],
    [404, { error: 'not_found' }, { kind: 'not_found' }],
    [409, { error: 'conflict', view }, { kind: 'conflict', view }],
    [409, { error: 'too_late', view }, { kind: 'too_late', view }],
    [409, { error: 'slot_past', view }, { kind: 'slot_past', view }],
    [409, { error: 'advisor_busy', view }, { kind: 'advisor_busy', view }],
    [409, { error: 'in_progress' }, { kind: 'in_progress' }],
    [502, { error: 'mail_failed', stored: true, view }, { kind: 'mail_failed', view }],
  ])('reads a %i answer %j by its error code', async (status, body, expected) => {
    invoke.mockResolvedValue(httpError(status, body));
    await expect(actOnAppointment(TOKEN)).resolves.toEqual(expected);
  });

  it.each([
    ['429 rate_limited', () => httpError(429, { error: 'rate_limited', retryAfterSeconds: 60 })],
    ['500', () => httpError(500, { error: 'internal' })],
    ['a 502 without a JSON body', () => httpError(502, '<html>Bad gateway</html>')],
    ['a conflict without its view', () => httpError(409, { error: 'conflict' })],
    ['advisor_busy without its view', () => httpError(409, { error: 'advisor_busy' })],
    ['a network failure', () => ({ data: null, error: supabaseError('FunctionsFetchError', 'Failed to send a request') })],
    ['a relay error', () => ({ data: null, error: supabaseError('FunctionsRelayError') })],
  ])('turns %s into a failure the page can offer to retry, and logs it', async (_what, answer) => {
    invoke.mockResolvedValue(answer());
    await expect(actOnAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
    expect(consoleError).toHaveBeenCalled();
    // The token is never written to the console.
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain(TOKEN);
  });

  it('confirms with the advisor chosen, and a time where the slot has none', async () => {
    invoke.mockResolvedValue({ data: { result: 'changed', mail: 'sent', view }, error: null });
    await actOnAppointment(TOKEN, { advisor: 'lukas-brunner' });
    await actOnAppointment(TOKEN, { time: '14:00', advisor: 'sandra-huber' });
    expect(invoke.mock.calls.map(([, options]) => options.body)).toEqual([
      { token: TOKEN, intent: 'act', advisor: 'lukas-brunner' },
      { token: TOKEN, intent: 'act', time: '14:00', advisor: 'sandra-huber' },
    ]);
  });

  it('reads a confirm view with the day’s schedule, the request’s length and its advisor', async () => {
    const scheduleView = makeView({
      status: 'confirmed',
      confirmed: { date: '2026-12-11', time: '09:30' },
      advisor: 'sandra-huber',
      minutes: 30,
      schedule: [scheduled('lukas-brunner', '09:00'), scheduled(null, '14:00', { minutes: 120, service: findBookableService('beratung-zuhause').label })],
    });
    invoke.mockResolvedValue({ data: { view: scheduleView }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'view', view: scheduleView });
  });

  it('moves with the new date and time', async () => {
    invoke.mockResolvedValue({ data: { result: 'changed', mail: 'sent', view }, error: null });
    await actOnAppointment(TOKEN, { date: '2026-12-15', time: '10:00' });
    expect(invoke.mock.calls[0]![1].body).toEqual({ token: TOKEN, intent: 'act', date: '2026-12-15', time: '10:00' });
  });

  it.each(['too_soon', 'too_far', 'closed', 'time_not_offered', 'same_slot'] as const)(
    'reads a 409 unavailable with the reason %s and the view',
    async (reason) => {
      invoke.mockResolvedValue(httpError(409, { error: 'unavailable', reason, view }));
      await expect(actOnAppointment(TOKEN, { date: '2026-12-15', time: '10:00' })).resolves.toEqual({ kind: 'unavailable', reason, view });
    },
  );

  it('turns an unavailable answer with an unknown reason or without its view into a failure', async () => {
    invoke.mockResolvedValue(httpError(409, { error: 'unavailable', reason: 'full', view }));
    await expect(actOnAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValue(httpError(409, { error: 'unavailable', reason: 'closed' }));
    await expect(actOnAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });

  it('reads the views of the move links, with the wish, the slot moved from, the warning and the slot window', async () => {
    const moveView = makeView({
      action: 'confirm-move',
      status: 'confirmed',
      confirmed: { date: '2026-12-11', time: '09:30' },
      slot: { date: '2026-12-25', time: '10:00' },
      move: { date: '2026-12-25', time: '10:00', status: 'requested', thisLink: true },
      movedFrom: { date: '2026-12-04', time: '14:00' },
      slotWarning: { kind: 'holiday', name: 'Weihnachten' },
    });
    invoke.mockResolvedValue({ data: { view: moveView }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'view', view: moveView });
    const requestMoveView = makeView({ action: 'request-move', booking: { first: '2026-11-26', last: '2027-05-24', closedDays: ['2026-12-28'] } });
    invoke.mockResolvedValue({ data: { view: requestMoveView }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'view', view: requestMoveView });
  });

  it('takes a view without the move fields (a function deployed before them) as never moved', async () => {
    const older: Record<string, unknown> = { ...view };
    for (const field of ['move', 'movedFrom', 'slotWarning', 'booking']) delete older[field];
    invoke.mockResolvedValue({ data: { view: older }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'view', view });
  });

  it.each([
    ['a wish without its state', { move: { date: '2026-12-25', time: '10:00', thisLink: true } }],
    ['a wish with a broken date', { move: { date: '2026-02-30', time: '10:00', status: 'requested', thisLink: true } }],
    ['an unknown warning', { slotWarning: { kind: 'full' } }],
    ['a holiday without its name', { slotWarning: { kind: 'holiday' } }],
    ['closed days that are not dates', { booking: { first: '2026-11-26', last: '2027-05-24', closedDays: ['morgen'] } }],
    ['a slot moved from without a time', { movedFrom: { date: '2026-12-04', time: null } }],
    ['an unknown action', { action: 'postpone' }],
    ['the old list of taken times instead of the schedule', { schedule: undefined, takenTimes: ['09:00'] }],
    ['no length', { minutes: undefined }],
    ['a length of zero', { minutes: 0 }],
    ['an unknown advisor', { advisor: 'maria-muster' }],
    ['a scheduled appointment of an unknown advisor', { schedule: [scheduled('sandra-huber', '09:00'), { ...scheduled(null, '10:00'), advisor: 'x' }] }],
    ['a scheduled appointment without its time', { schedule: [{ ...scheduled('sandra-huber', '09:00'), time: '9 Uhr' }] }],
    ['a scheduled appointment without its name', { schedule: [{ ...scheduled('sandra-huber', '09:00'), name: undefined }] }],
  ])('refuses a view with %s', async (_what, fields) => {
    invoke.mockResolvedValue({ data: { view: { ...view, ...fields } }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });

  it('refuses an answer outside the contract instead of rendering it', async () => {
    invoke.mockResolvedValue({ data: { view: { ...view, preferred: { date: '2026-02-30', time: null } } }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValue({ data: { view: { ...view, status: 'unknown' } }, error: null });
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
    invoke.mockResolvedValue({ data: { view }, error: null });
    await expect(actOnAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });

  it('fails softly when supabase-js cannot be loaded (offline)', async () => {
    getSupabaseClient.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(showAppointment(TOKEN)).resolves.toEqual({ kind: 'failed' });
  });
});
