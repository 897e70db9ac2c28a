/**
 * The practice's opening rules in the booking form (supabase/functions/_shared/domain/
 * availability.ts): before anything is sent, the date field says when a day is closed –
 * with the holiday's name, or without a reason for a closure the practice entered in
 * public.practice_closures – too soon or too far ahead, and the time list offers only
 * that day's times. The database refuses the same slots for the site's key.
 */
import { randomUUID } from 'node:crypto';
import { addDays, slotWindow, holidaysOf, isoWeekday } from '../supabase/functions/_shared/domain/availability.ts';
import { formatDateLong, zurichIsoDate } from '../supabase/functions/_shared/domain/dates.ts';
import { slotFieldTexts } from '../src/content/appointment.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, queryRows } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { appointmentForm, appointmentInput, fillAppointment, openForm, submitButton } from './support/forms.ts';

const today = zurichIsoDate();
const window = slotWindow(today);

/** The first day from `from` on that satisfies `test`, inside the slot window. */
function firstDay(test: (day: string) => boolean, from = window.first): string {
  for (let day = from; day <= window.last; day = addDays(day, 1)) if (test(day)) return day;
  throw new Error('no such day in the slot window');
}

const sunday = firstDay((day) => isoWeekday(day) === 7);
const year = Number(today.slice(0, 4));
const holiday = [...holidaysOf(year), ...holidaysOf(year + 1)].find((h) => h.date >= window.first && h.date <= window.last && isoWeekday(h.date) !== 7)!;

for (const [viewport, size] of Object.entries(VIEWPORTS)) {
  test(`the date field says why a day cannot be booked, and the time list follows the day (${viewport})`, async ({ page, watched }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(size);
    // A closure the practice entered for a day no other test books; the site learns only the date.
    const closed = bookableDay(viewport === 'mobile' ? 70 : 71);
    const [closure] = await queryRows<{ id: string }>(
      `insert into public.practice_closures (first_day, last_day, note) values ($1, $1, 'Weiterbildung (e2e)') returning id::text`,
      [closed],
    );
    try {
      await page.goto('/termin-vereinbaren');
      const form = appointmentForm(page);
      await openForm(form);
      // Everything else filled in as a visitor would: only the date can stop the sending.
      await fillAppointment(form, { ...appointmentInput(`closed-${viewport}`), alternativ: '', alternativUhrzeit: '' });
      const preferred = form.getByRole('group', { name: 'Wunschtermin' });
      const date = preferred.getByLabel('Datum');
      const time = preferred.getByLabel('Uhrzeit');
      await expect(date).toHaveAttribute('min', window.first);
      await expect(date).toHaveAttribute('max', window.last);

      // The field's messages as the page writes them (src/components/slots/slot-rules.ts): too
      // soon names the first day the practice is open, too far the window's last day.
      const cases: { day: string; says: string }[] = [
        { day: sunday, says: slotFieldTexts.closedWeekday(formatDateLong(sunday)) },
        { day: holiday.date, says: slotFieldTexts.closedHoliday(formatDateLong(holiday.date), holiday.name) },
        { day: closed, says: slotFieldTexts.closedClosure(formatDateLong(closed)) },
        { day: addDays(today, 1), says: slotFieldTexts.tooSoon(formatDateLong(bookableDay(0))) },
        { day: addDays(window.last, 1), says: slotFieldTexts.tooFar(formatDateLong(window.last)) },
      ];
      for (const { day, says } of cases) {
        await date.fill(day);
        await expect(date).toHaveAttribute('aria-invalid', 'true');
        // The message is the field's description: a screen reader reads it with the field.
        await expect(date).toHaveAccessibleDescription(says);
        await expect(time.locator('option:not([disabled]):not([value=""])')).toHaveCount(0);
      }
      await expectNoAxeViolations(page, `the booking form with a date message (${viewport})`);

      // Sending is stopped at the field; focus goes there.
      await submitButton(form).click();
      await expect(date).toBeFocused();
      expect(await queryRows('select 1 from public.appointment_requests where preferred_date = $1', [closed])).toHaveLength(0);

      // An open day: the message goes, the day's 21 times come back.
      await date.fill(bookableDay(3));
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await expect(time.locator('option:not([value=""])')).toHaveCount(21);
      await watched.settle();
    } finally {
      await queryRows('delete from public.practice_closures where id = $1', [closure!.id]);
    }
  });
}

test('the database refuses the site\'s insert for a closed day with 23514 and says why in DETAIL', async ({ request }) => {
  const insert = (preferred_date: string, preferred_time: string | null = '10:00') =>
    request.post(`${e2e().apiUrl}/rest/v1/appointment_requests`, {
      headers: { apikey: e2e().publishableKey, 'content-type': 'application/json', prefer: 'return=minimal' },
      data: {
        id: randomUUID(), first_name: 'Rita', last_name: 'Regel', email: 'regel@example.ch', phone: '044 000 00 00',
        service: 'Schlafberatung', preferred_date, preferred_time,
      },
    });
  for (const [day, detail] of [
    [today, 'preferred_date:too_soon'],
    [sunday, 'preferred_date:closed'],
    [holiday.date, 'preferred_date:closed'],
    [addDays(window.last, 1), 'preferred_date:too_far'],
  ] as const) {
    const answer = await insert(day);
    expect(answer.status(), day).toBe(400);
    expect(await answer.json()).toMatchObject({ code: '23514', details: detail });
  }
});
