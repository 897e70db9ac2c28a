/**
 * The booking form marks the times already confirmed for someone on the chosen date as
 * "bereits vergeben" (not selectable), from public.taken_appointment_slots through the
 * gateway with the site's key – an answer with dates and times, nobody's data.
 */
import { randomUUID } from 'node:crypto';
import { bookableDay, queryRows } from './support/backend.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { appointmentForm, openForm } from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

test('a confirmed slot of the chosen date is shown as taken, the other times stay free', async ({ page, watched }) => {
  // Someone else's request for a day no other test books, confirmed at 14:30 by the database's own function.
  const day = bookableDay(40);
  const id = randomUUID();
  await queryRows(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
     values ($1, 'Vera', 'Vergeben', 'vergeben@example.ch', '044 000 00 00', 'Schlafberatung', $2, '14:30')`,
    [id, day],
  );
  await queryRows(`select public.decide_appointment($1, 'confirm', $2, '14:30')`, [id, day]);

  const answers: unknown[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/rest/v1/rpc/taken_appointment_slots')) answers.push(await response.json());
  });
  await page.goto('/termin-vereinbaren');
  const form = appointmentForm(page);
  const preferred = form.getByRole('group', { name: 'Wunschtermin' });
  const alternative = form.getByRole('group', { name: 'Alternativtermin' });
  // Picked before the page is live: read once React has taken over.
  await preferred.getByLabel('Datum').fill(day);
  await openForm(form);

  const taken = preferred.getByRole('option', { name: '14:30 Uhr – bereits vergeben' });
  await expect(taken).toBeDisabled();
  await expect(preferred.getByRole('option', { name: '15:00 Uhr', exact: true })).toBeEnabled();
  // Not on the alternative's time list, whose date is not chosen.
  await expect(alternative.getByRole('option', { name: '14:30 Uhr', exact: true })).toBeEnabled();
  // Dates and times only; a retried test finds its first attempt's confirmation there too.
  expect(answers).toHaveLength(1);
  expect(answers[0]).toContainEqual({ date: day, time: '14:30' });
  for (const slot of answers[0] as object[]) expect(slot).toEqual({ date: day, time: '14:30' });

  // Another date: the time is free again.
  await preferred.getByLabel('Datum').fill(bookableDay(41));
  await expect(preferred.getByRole('option', { name: '14:30 Uhr', exact: true })).toBeEnabled();
  // The other date's answer is read before the test ends (reading it afterwards fails the test).
  await expect.poll(() => answers.length).toBe(2);
  expect(answers[1]).toEqual([]);

  const { problems } = watched;
  expect(problems.pageErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
  expect(problems.foreignRequests).toEqual([]);
});
