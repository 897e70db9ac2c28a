/**
 * send-appointment-reminders with the in-memory Store and Mailer: one reminder per
 * confirmed appointment of tomorrow (Zurich), none for a cancelled one, none twice, and
 * only the project's secret key may start the run.
 */
import assert from 'node:assert/strict';
import type { LogLine } from '../_shared/request-gate.ts';
import { createReminderHandler } from '../send-appointment-reminders/reminder-handler.ts';
import { appointmentState, FakeMailer, FakeStore, PUBLISHABLE_KEY, SECRET_KEY, testConfig } from './helpers.ts';

/** 23:30 UTC on 9 December is already 10 December in Zurich: tomorrow there is the 11th. */
const NOW = new Date('2026-12-09T23:30:00Z');

function setup() {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const logs: LogLine[] = [];
  const confirmed = { status: 'confirmed' as const, confirmed_date: '2026-12-11', calendar_sequence: 1, outcome_mailed_for: 'confirmed' };
  const rows = [
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000001', confirmed_time: '09:30', email: 'a@example.ch' }),
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000002', confirmed_time: '14:00', email: 'b@example.ch', status: 'cancelled' }),
    appointmentState({ ...confirmed, id: '00000000-0000-4000-8000-000000000003', confirmed_time: '10:00', email: 'c@example.ch', confirmed_date: '2026-12-12' }),
    appointmentState({ id: '00000000-0000-4000-8000-000000000004', email: 'd@example.ch' }),
  ];
  for (const row of rows) store.appointments.set(row.id, row);
  const handle = createReminderHandler({ config: testConfig(), store, mailer, now: () => NOW, log: (line) => logs.push(line) });
  return { store, mailer, logs, handle };
}

const run = (handle: (request: Request) => Promise<Response>, apikey = SECRET_KEY) =>
  handle(new Request('http://localhost/functions/v1/send-appointment-reminders', {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${apikey}`, 'content-type': 'application/json' },
    body: '{}',
  }));

Deno.test('one reminder for tomorrow\'s confirmed appointment; none for a cancelled one, another day or an open request', async () => {
  const { handle, mailer } = setup();
  const response = await run(handle);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { date: '2026-12-11', sent: 1 });
  assert.deepEqual(mailer.sent.map((mail) => mail.to), ['a@example.ch']);
  const mail = mailer.sent[0]!;
  assert.equal(mail.subject, 'Erinnerung an Ihren Termin: Freitag, 11. Dezember 2026, 09:30 Uhr');
  assert.match(mail.text, /Ihren Termin morgen/);
  assert.match(mail.text, /Birmensdorferstrasse 42, 8142 Uitikon ZH/);
  assert.match(mail.text, /\+41 44 555 27 80/);

  // The next run (the timer, or the job started twice) sends nothing again.
  const again = await run(handle);
  assert.deepEqual(await again.json(), { date: '2026-12-11', sent: 0 });
  assert.equal(mailer.sent.length, 1);
});

Deno.test('a failed send is released and sent by the next run', async () => {
  const { handle, mailer, store } = setup();
  mailer.fail = [0];
  const failed = await run(handle);
  assert.equal(failed.status, 502);
  assert.deepEqual(await failed.json(), { error: 'mail_failed', date: '2026-12-11', sent: 0, failed: 1 });
  assert.equal(store.reminded.size, 0);
  const next = await run(handle);
  assert.deepEqual(await next.json(), { date: '2026-12-11', sent: 1 });
  assert.deepEqual([...store.reminded], ['00000000-0000-4000-8000-000000000001']);
});

Deno.test('only the secret key starts a run: the publishable key and no key get 401, nothing is sent', async () => {
  const { handle, mailer, store } = setup();
  const withSiteKey = await run(handle, PUBLISHABLE_KEY);
  assert.equal(withSiteKey.status, 401);
  assert.equal((await withSiteKey.json()).error, 'invalid_api_key');
  const anonymous = await handle(new Request('http://localhost/', { method: 'POST', body: '{}' }));
  assert.equal(anonymous.status, 401);
  assert.equal(mailer.sent.length, 0);
  assert.deepEqual(store.calls, []);
});
