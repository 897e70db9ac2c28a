/**
 * Long unbroken text a visitor may send – a name of two words of 100 letters, an address of
 * 254 characters without a break, a message of one long word – never makes a page wider
 * than the screen: the practice's action page (/termin/aktion, with its «Bestätigen mit …»
 * buttons), the advisor's view of a sleep diary there, the visitor's diary page and «Meine
 * Daten», at 390 and at 1280 px. And the diary's nights, at 1280 px a table with every
 * column in view (no sideways scrolling), at 390 px a list of nights, one description list
 * each.
 *
 * The rows are stored directly, as the forms store them (at their limits: the tables'
 * CHECKs hold the same limits as the forms). Screenshots: /tmp/input-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { CONTACT_NAME_MAX, MAIL_LOCAL_PART_MAX } from '../supabase/functions/_shared/domain/field-rules.ts';
import { FIELD_LIMITS } from '../supabase/functions/_shared/domain/field-limits.ts';
import { nightName, SLEEP_NOTE_MAX } from '../supabase/functions/_shared/domain/sleep-diary.ts';
import { practiceLink } from '../supabase/functions/_shared/lifecycle/action-links.ts';
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { myDataUrl } from '../supabase/functions/_shared/my-data/links.ts';
import { sleepDiaryUrl } from '../supabase/functions/_shared/sleep-diary/links.ts';
import { appointmentActionPage as actionCopy } from '../src/content/appointment-action.ts';
import { myDataPage } from '../src/content/my-data.ts';
import { sleepDiaryAdvisorView, sleepDiaryPage } from '../src/content/sleep-diary.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { bookableDay, queryRows, zurichDate } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS, type ViewportName } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { requestedAppointment } from './support/lifecycle.ts';

const figures = sleepDiaryPage.figures;

/** A word of `length` letters, no break in it (a name's letters: the name rule takes it). */
const word = (length: number, letter = 'W') => letter.repeat(length);

/** An address of FIELD_LIMITS.email characters, none a place to break, unique by `label` (letters only). */
function longestAddress(label: string): string {
  const local = `${label}${'a'.repeat(MAIL_LOCAL_PART_MAX)}`.slice(0, MAIL_LOCAL_PART_MAX);
  const address = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ch`;
  expect(address).toHaveLength(FIELD_LIMITS.email);
  return address;
}

/** A unique run of letters for an address (the tests' retries and workers each get their own). */
const letters = () => Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8).padEnd(8, 'q');

/** Whether the page is wider than the viewport: its width, and the elements that stick out past the right edge. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What sticks out: a box past the right edge, or text running out of its box.
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return false;
        if (box.right > width + 0.5) return true;
        // Text running out of its box (SVG has no scrollWidth of its own: its boxes are checked above).
        return element instanceof HTMLElement && getComputedStyle(element).overflowX === 'visible' && box.left + element.scrollWidth > width + 0.5;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { documentWidth: document.documentElement.scrollWidth, viewportWidth: window.innerWidth, out };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { documentWidth, viewportWidth, out } = await sideways(page);
  expect({ documentWidth, out }, what).toEqual({ documentWidth: viewportWidth, out: [] });
}

/** In view, inside the viewport's width, and the element Playwright would click (nothing covering it). */
async function expectPressable(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await button.click({ trial: true });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/input-${name}.png`, fullPage: true });
}

/** A day for this attempt no other test books (a retry: four days later). */
function day(base: number): string {
  const { retry, repeatEachIndex } = test.info();
  return bookableDay(base + 4 * (retry + repeatEachIndex));
}

const LONG_FIRST = word(FIELD_LIMITS.name, 'V');
const LONG_LAST = word(FIELD_LIMITS.name, 'N');
const LONG_NAME = `${LONG_FIRST} ${LONG_LAST}`;

const widths = Object.keys(VIEWPORTS) as ViewportName[];

test('the practice\'s confirm page with a name of two words of 100 letters: no wider than the screen, «Bestätigen mit …» in view and pressable', async ({ page }) => {
  const id = await requestedAppointment(day(100), '10:00', longestAddress(`c${letters()}`), {
    firstName: LONG_FIRST,
    lastName: LONG_LAST,
    service: 'Schlafberatung',
  });
  const token = await signActionToken(e2e().actionTokenSecret, { requestId: id, action: 'confirm-preferred', expiresAt: Math.floor(Date.now() / 1000) + 86_400 });
  // Opened once (the page takes the token out of the address and reads it then), then looked at in both widths.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`/termin/aktion#${token}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 2, name: actionCopy.summary.title })).toBeVisible();
  await expect(page.getByText(LONG_NAME).first()).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize(VIEWPORTS[width]);
    await shot(page, `action-${VIEWPORTS[width].width}`);
    await expectNoSidewaysScroll(page, `/termin/aktion at ${VIEWPORTS[width].width} px`);
    for (const advisor of ['sandra-huber', 'lukas-brunner'] as const) {
      await expectPressable(page, page.getByRole('button', { name: actionCopy.capacity.confirmWith(advisorName(advisor)) }));
    }
  }
});

test('the advisor\'s view of a diary: at 1280 px every column of the nights in view, at 390 px a list of nights; long text wraps on both', async ({ page }) => {
  const appointmentDay = day(101);
  const id = await requestedAppointment(appointmentDay, '10:00', longestAddress(`d${letters()}`), {
    firstName: LONG_FIRST,
    lastName: LONG_LAST,
    service: 'Schlafberatung',
  });
  const [decided] = await queryRows<{ answer: { result: string } }>(`select public.decide_appointment($1, 'confirm', $2, '10:00') as answer`, [id, appointmentDay]);
  expect(decided?.answer.result).toBe('changed');
  await queryRows(`insert into public.sleep_diaries (appointment_request_id) values ($1)`, [id]);
  const note = word(SLEEP_NOTE_MAX, 'z');
  for (const [back, quality, text] of [[1, 4, note], [2, 2, 'Espresso am Abend'], [3, 5, null]] as const) {
    await queryRows(
      `insert into public.sleep_diary_nights (appointment_request_id, morning, bed_time, attempt_time, latency_minutes, awakenings,
         wake_minutes, final_wake_time, up_time, quality, note)
       values ($1, $2, '23:00', '23:15', 30, 2, 20, '06:15', '06:45', $3, $4)`,
      [id, zurichDate(-back), quality, text],
    );
  }
  // The practice's own link from its mails: the calendar feed's view link shows no diary.
  const view = new URL(await practiceLink({ secret: e2e().actionTokenSecret, siteUrl: '' }, { id, confirmed_date: appointmentDay }, new Date()), 'http://site.invalid');

  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(`${view.pathname}${view.hash}`);
  await waitForHydration(page);
  const diary = page.getByRole('region', { name: sleepDiaryAdvisorView.title });
  const table = diary.getByRole('table', { name: sleepDiaryPage.tableCaption });
  await expect(table.getByRole('row')).toHaveCount(4);
  await shot(page, 'diary-advisor-1280');
  const headers = table.getByRole('columnheader');
  // The header row into view (the table itself is taller than the screen: a note of SLEEP_NOTE_MAX letters wraps in its column).
  await headers.first().scrollIntoViewIfNeeded();
  await expect(headers).toHaveCount(sleepDiaryPage.tableHeaders.length);
  for (const [index, header] of sleepDiaryPage.tableHeaders.entries()) {
    // Fully in view: neither hidden behind the table's edge nor past the screen's.
    await expect(headers.nth(index), header).toHaveText(header);
    await expect(headers.nth(index), header).toBeInViewport({ ratio: 1 });
  }
  await expect(table.getByRole('columnheader', { name: figures.quality })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: figures.note })).toBeVisible();
  const scroll = await table.evaluate((element) => {
    const scroller = element.closest('[role="region"][tabindex]') ?? element.parentElement!;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  await expect(table.getByRole('cell', { name: sleepDiaryPage.qualities[2] })).toBeInViewport();
  await expect(table.getByRole('cell', { name: 'Espresso am Abend' })).toBeInViewport();
  await expectNoSidewaysScroll(page, 'the advisor\'s diary at 1280 px');
  await expectNoAxeViolations(page, '/termin/aktion with the diary at 1280 px');

  await page.setViewportSize(VIEWPORTS.mobile);
  await shot(page, 'diary-advisor-390');
  await expectNoSidewaysScroll(page, 'the advisor\'s diary at 390 px');
  // The nights as a list: each a description list, its terms the table's column headers.
  const nights = diary.getByRole('list', { name: sleepDiaryPage.tableCaption });
  await expect(nights.getByRole('listitem')).toHaveCount(3);
  const first = nights.getByRole('listitem').filter({ hasText: nightName(zurichDate(-1)) });
  await expect(first.getByRole('term').filter({ hasText: figures.quality })).toBeVisible();
  await expect(first.getByRole('definition').filter({ hasText: sleepDiaryPage.qualities[4] })).toBeVisible();
  await expect(first.getByRole('term').filter({ hasText: figures.note })).toBeVisible();
  await expect(table).toBeHidden();
  await expectNoAxeViolations(page, '/termin/aktion with the diary at 390 px');

  // The visitor's own page shows the same nights the same way.
  const own = new URL(await sleepDiaryUrl({ secret: e2e().actionTokenSecret, siteUrl: '' }, { id, confirmed_date: appointmentDay }), 'http://site.invalid');
  // Opened once (the page takes the token out of the address and reads it then), then looked at in both widths.
  await page.goto(`${own.pathname}${own.hash}`);
  await waitForHydration(page);
  await expect(page.getByRole('img', { name: sleepDiaryPage.chart.label(3) })).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize(VIEWPORTS[width]);
    await shot(page, `diary-own-${VIEWPORTS[width].width}`);
    await expectNoSidewaysScroll(page, `/schlaftagebuch at ${VIEWPORTS[width].width} px`);
  }
});

test('«Meine Daten» with a long name, address, subject and message: no wider than the screen', async ({ page }) => {
  const email = longestAddress(`m${letters()}`);
  await requestedAppointment(day(102), '11:00', email, { firstName: LONG_FIRST, lastName: LONG_LAST, service: 'Schlafberatung' });
  await queryRows(`insert into public.contact_submissions (name, email, phone, subject, message) values ($1, $2, $3, $4, $5)`, [
    word(CONTACT_NAME_MAX, 'K'),
    email,
    '0'.repeat(FIELD_LIMITS.phone),
    word(FIELD_LIMITS.subject, 's'),
    `Guten Tag\n${word(2000, 'm')}`,
  ]);
  const link = new URL(await myDataUrl({ secret: e2e().actionTokenSecret, siteUrl: '' }, email, new Date(Date.now() + 3_600_000)), 'http://site.invalid');
  // Opened once (the page takes the token out of the address and reads it then), then looked at in both widths.
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto(`${link.pathname}${link.hash}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: myDataPage.showLabel }).click();
  await expect(page.getByRole('heading', { level: 2, name: myDataPage.dataTitle })).toBeFocused();
  await expect(page.getByRole('region', { name: new RegExp(myDataPage.sections.messages) }).getByRole('listitem')).toHaveCount(1);
  for (const width of widths) {
    await page.setViewportSize(VIEWPORTS[width]);
    await shot(page, `my-data-${VIEWPORTS[width].width}`);
    await expectNoSidewaysScroll(page, `/meine-daten at ${VIEWPORTS[width].width} px`);
  }
});
