/**
 * The practice's links' lifetime rule (domain/practice-links.ts) at its edges, and the renewal
 * mail (lifecycle/practice-link-mail.ts): to the practice only, with the links the
 * appointment's state calls for. The function and the database: tests/integration/practice-links.test.ts.
 */
import assert from 'node:assert/strict';
import { PRACTICE_LINK_DAYS_AFTER, practiceLinkExpiry, STAFF_LINK_DAYS } from '../_shared/domain/practice-links.ts';
import { zurichInstant } from '../_shared/domain/dates.ts';
import { practiceLinkMail } from '../_shared/lifecycle/practice-link-mail.ts';
import { readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { ACTION_TOKEN_SECRET, actionClaims, appointmentState, ORIGIN } from './helpers.ts';

const LINKS = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
const SETTINGS = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const NOW = new Date('2026-11-27T10:00:00Z');

Deno.test('practice links: until 00:00 after the appointment\'s day plus the payment period and the margin, or STAFF_LINK_DAYS from the mail', () => {
  assert.equal(PRACTICE_LINK_DAYS_AFTER, 60);
  // 14 December + 60 days = 12 February; the link works through 00:00 of 13 February (winter time: 23:00 UTC).
  assert.equal(practiceLinkExpiry('2026-12-14', NOW).toISOString(), '2027-02-12T23:00:00.000Z');
  // Across the change to summer time: 00:00 in Zurich is 22:00 UTC.
  assert.equal(practiceLinkExpiry('2027-03-01', NOW).toISOString(), zurichInstant('2027-05-01', '00:00').toISOString());
  assert.equal(zurichInstant('2027-05-01', '00:00').toISOString(), '2027-04-30T22:00:00.000Z');
  // A day long past: the mail's STAFF_LINK_DAYS, to the second (rounded up: a token names whole seconds).
  const sent = new Date('2027-06-01T08:00:00.400Z');
  assert.equal(practiceLinkExpiry('2027-01-01', sent).toISOString(), new Date(Date.parse('2027-06-01T08:00:01Z') + STAFF_LINK_DAYS * 86_400_000).toISOString());
});

Deno.test('practice links: a token is good through its expiry second and refused the next', async () => {
  const request = appointmentState({ status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'sandra-huber', calendar_sequence: 1 });
  const mail = await practiceLinkMail(request, SETTINGS, LINKS, NOW);
  const token = /\/termin\/aktion#([A-Za-z0-9_.-]+)/.exec(mail.text)![1]!;
  const until = practiceLinkExpiry('2026-12-14', NOW);
  assert.ok((await readActionToken(ACTION_TOKEN_SECRET, token, until)).ok, 'the last valid second');
  assert.deepEqual(await readActionToken(ACTION_TOKEN_SECRET, token, new Date(until.getTime() + 1000)), { ok: false, reason: 'expired' });
});

Deno.test('the renewal mail: to the practice only, Reply-To the practice; the links the state calls for; nothing the visitor typed beyond the name', async () => {
  const confirmed = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'sandra-huber', calendar_sequence: 1,
    message: 'Seit Monaten Rückenschmerzen.',
  });
  const mail = await practiceLinkMail(confirmed, SETTINGS, LINKS, NOW);
  assert.equal(mail.to, SETTINGS.practiceEmail);
  assert.equal(mail.replyTo, SETTINGS.practiceEmail);
  for (const secret of [confirmed.email, confirmed.phone, 'Rückenschmerzen']) assert.ok(!`${mail.text}${mail.html}`.includes(secret), secret);
  assert.deepEqual((await actionClaims(mail, NOW)).map((claim) => claim.action), ['practice']);

  const requested = appointmentState({ preferred_date: '2026-12-14', preferred_time: '10:00', alternative_date: '2026-12-15', alternative_time: null });
  assert.deepEqual((await actionClaims(await practiceLinkMail(requested, SETTINGS, LINKS, NOW), NOW)).map((claim) => claim.action), [
    'confirm-preferred', 'confirm-alternative', 'decline',
  ]);

  const wish = appointmentState({ ...confirmed, move_status: 'requested', move_date: '2026-12-16', move_time: '09:00', move_count: 2 });
  assert.deepEqual((await actionClaims(await practiceLinkMail(wish, SETTINGS, LINKS, NOW), NOW)).map((claim) => [claim.action, claim.move]), [
    ['confirm-move', 2], ['decline-move', 2], ['practice', undefined],
  ]);
});
