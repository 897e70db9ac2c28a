/**
 * Keyboard only: the skip link, the menu, both forms and the hero's pause control work
 * without a mouse, focus is always visible, and it never falls back to <body>.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expectVisibleFocus, focusInfo, tabUntil, type FocusInfo } from './support/a11y.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  contactPracticeMailOf,
  expectAppointmentStored,
  expectBothMails,
  expectContactStored,
  expectNotice,
  FORM_TEXT,
  openForm,
  readAppointment,
  readContact,
  waitLikeAPerson,
  withoutLabel,
} from './support/forms.ts';
import { headerNavigation } from './support/site.ts';
import { priceOnRequest } from '../src/content/services.ts';
import { uiText } from '../src/content/ui-text.ts';

const isField = (name: string) => (focus: FocusInfo) => focus.name === name;

/** Types into the focused field, then checks focus is still there and visible. */
async function typeHere(page: Page, text: string, step: string) {
  await page.keyboard.type(text);
  await expectVisibleFocus(page, step);
}

/**
 * The digits to type into a date field for this date. The order of the field's parts
 * follows the browser's own locale (headless Chromium: month first, whatever the page's
 * language), so it is found out once on a scratch page of the same browser.
 */
async function dateDigits(context: BrowserContext, iso: string): Promise<string> {
  const probe = await context.newPage();
  try {
    await probe.setContent('<input type="date" aria-label="Probe">');
    await probe.getByLabel('Probe').focus();
    await probe.keyboard.type('01022003');
    const order = { '2003-02-01': 'dmy', '2003-01-02': 'mdy' }[await probe.getByLabel('Probe').inputValue()] ?? 'ymd';
    const [y, m, d] = iso.split('-') as [string, string, string];
    return order === 'dmy' ? `${d}${m}${y}` : order === 'mdy' ? `${m}${d}${y}` : `${y}${m}${d}`;
  } finally {
    await probe.close();
  }
}

/**
 * While a form is sending and after it has answered, focus stays put (the button is disabled
 * meanwhile). Records, in the page, every moment focus could have moved: each focus event,
 * each change of the DOM and each frame; `stop` returns where focus was at each.
 */
async function recordFocus(page: Page): Promise<{ stop: () => Promise<string[]> }> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const note = () => {
      const element = document.activeElement;
      seen.push(!element || element === document.body ? 'body' : `${element.tagName.toLowerCase()} "${element.textContent?.trim() ?? ''}"`);
    };
    const observer = new MutationObserver(note);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    document.addEventListener('focusin', note, true);
    document.addEventListener('focusout', () => queueMicrotask(note), true);
    let recording = true;
    const frame = () => {
      note();
      if (recording) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    (window as unknown as { stopFocusRecord: () => string[] }).stopFocusRecord = () => {
      recording = false;
      observer.disconnect();
      note();
      return seen;
    };
  });
  return { stop: () => page.evaluate(() => (window as unknown as { stopFocusRecord: () => string[] }).stopFocusRecord()) };
}

test.describe('keyboard only', () => {
  test.describe(() => {
    test.use({ viewport: VIEWPORTS.mobile });

    test('Tab reaches the skip link first; Enter moves to the main content', async ({ page }) => {
      await page.goto('/schlafberatung');
      await waitForHydration(page);
      await page.keyboard.press('Tab');
      const focus = await expectVisibleFocus(page, 'first Tab');
      expect(focus.label).toBe('Zum Inhalt springen');
      const box = await page.locator(':focus').boundingBox();
      expect(box && box.width > 20 && box.height > 10 && box.y >= 0, 'skip link shown on screen when focused').toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('inhalt');
      // The next Tab continues inside the main content, not at the top of the page.
      await page.keyboard.press('Tab');
      const next = await expectVisibleFocus(page, 'Tab after the skip link');
      expect(await page.locator(':focus').evaluate((element) => Boolean(element.closest('main')))).toBe(true);
      expect(next.isBody).toBe(false);
    });

    test('tooltip: "Preis auf Anfrage" explains itself on the first focus; Radix Tooltip is fetched only then', async ({ page, watched }) => {
      const radixTooltip = () => watched.requests.filter((url) => /\/assets\/tooltip-radix-[\w-]+\.js$/.test(url));
      await page.goto('/schlafberatung');
      await waitForHydration(page);
      await watched.settle();
      expect(radixTooltip(), 'Radix Tooltip before any use').toEqual([]);
      const trigger = page.getByRole('main').getByRole('button', { name: 'Preis auf Anfrage' });
      // Before Radix is there, the explanation is already the button's description.
      await expect(trigger).toHaveAccessibleDescription(priceOnRequest.explanation);

      await tabUntil(page, (focus) => focus.label === 'Preis auf Anfrage');
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText(priceOnRequest.explanation);
      expect(radixTooltip()).toHaveLength(1);
      // Radix took over the button the page rendered: focus stayed on it.
      expect((await expectVisibleFocus(page, 'with the tooltip open')).label).toBe('Preis auf Anfrage');
      await expect(trigger).toHaveAccessibleDescription(priceOnRequest.explanation);

      await page.keyboard.press('Escape');
      await expect(tooltip).toBeHidden();
      expect((await expectVisibleFocus(page, 'after Escape')).label).toBe('Preis auf Anfrage');
      // The next focus opens it again at once.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(tooltip).toHaveText(priceOnRequest.explanation);
    });

    // From the home page (islands) the next page is a document load; from the contact page the app renders it.
    for (const start of ['/', '/kontakt'] as const) {
      test(`menu on ${start}: Enter opens it, its items are reachable, Escape closes it and returns focus; Enter on an item navigates`, async ({ page }) => {
        await page.goto(start);
        await waitForHydration(page);
        const toggle = page.getByRole('button', { name: /^Menü (öffnen|schliessen)$/ });
        await tabUntil(page, (focus) => focus.label === uiText.header.openMenu);
        await page.keyboard.press('Enter');
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');

        const reached: string[] = [];
        for (const item of [...headerNavigation.map((entry) => entry.label), 'Termin vereinbaren']) {
          const focus = await tabUntil(page, (f) => f.label === item, { maxSteps: 2 });
          expect(await page.locator(':focus').evaluate((element, label) => Boolean(element.closest(`nav[aria-label="${label}"]`)), uiText.header.mobileNavigation)).toBe(true);
          reached.push(focus.label);
        }
        expect(reached).toEqual(['Home', 'Schlafberatung', 'Über uns', 'Kontakt', 'Termin vereinbaren']);

        await page.keyboard.press('Escape');
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('navigation', { name: uiText.header.mobileNavigation }).isVisible()).toBe(false);
        const back = await expectVisibleFocus(page, 'after Escape');
        expect(back.label).toBe(uiText.header.openMenu);

        // Choosing an item with the keyboard: the page changes and the menu is closed.
        await page.keyboard.press('Enter');
        await tabUntil(page, (f) => f.label === 'Über uns', { maxSteps: 4 });
        await page.keyboard.press('Enter');
        await page.waitForURL('/uber-uns');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Über uns');
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        if (start === '/') {
          // A new document: the browser starts at its top, and the first Tab reaches the skip link.
          await tabUntil(page, (f) => f.label === uiText.skipLink, { maxSteps: 1 });
        } else {
          // Inside the app: focus lands in the new page's content (root-layout.tsx).
          await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('inhalt');
          await tabUntil(page, (f) => f.tag === 'a' || f.tag === 'button', { maxSteps: 1 });
        }
      });
    }

    test('contact form: filled in and sent with the keyboard alone', async ({ page }) => {
      await page.goto('/kontakt');
      const form = contactForm(page);
      const shownAt = await openForm(form);
      const input = contactInput('tastatur');

      await tabUntil(page, isField('vorname'), { maxSteps: 80 });
      await typeHere(page, input.vorname, 'Vorname');
      for (const name of ['nachname', 'email', 'telefon', 'betreff', 'nachricht'] as const) {
        await tabUntil(page, isField(name), { maxSteps: 1 });
        await typeHere(page, input[name], name);
      }
      expect(await readContact(form)).toEqual(input);
      const button = await tabUntil(page, (focus) => focus.tag === 'button', { maxSteps: 1 });
      expect(button.label).toBe(FORM_TEXT.contact.submit);

      await waitLikeAPerson(shownAt);
      const focusRecord = await recordFocus(page);
      await page.keyboard.press('Enter');
      await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });
      const focusWhileSending = await focusRecord.stop();
      expect(focusWhileSending.filter((description) => description === 'body'), `focus while sending: ${focusWhileSending.join(', ')}`).toEqual([]);
      const after = await expectVisibleFocus(page, 'after the form was sent');
      expect(after.label).toBe(FORM_TEXT.contact.submit);
      await expectContactStored(input, { mailed: true });
      await expectBothMails(input.email, contactPracticeMailOf(input).subject);
    });
  });

  test.describe(() => {
    // Motion allowed: the hero test needs its video and pause control.
    test.use({ viewport: VIEWPORTS.desktop, reducedMotion: 'no-preference' });

    test('hero: the pause control is reachable and toggles with Enter and Space', async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Video pausieren' }).waitFor({ state: 'visible', timeout: 15_000 });
      const paused = () => page.locator('[data-testid="hero-video"]').evaluate((video: HTMLVideoElement) => video.paused);

      await tabUntil(page, (focus) => focus.label === 'Video pausieren');
      await page.keyboard.press('Enter');
      await expect.poll(paused).toBe(true);
      await expect.poll(async () => (await focusInfo(page)).label).toBe('Video abspielen');
      await expectVisibleFocus(page, 'after Enter on the pause control');

      await page.keyboard.press('Space');
      await expect.poll(paused).toBe(false);
      await expect.poll(async () => (await focusInfo(page)).label).toBe('Video pausieren');
      await expectVisibleFocus(page, 'after Space on the play control');
    });

    test('appointment form: filled in and sent with the keyboard alone', async ({ page, context }) => {
      await page.goto('/termin-vereinbaren');
      const form = appointmentForm(page);
      const shownAt = await openForm(form);
      const input = appointmentInput('tastatur');
      input.alternativ = '';
      input.alternativUhrzeit = '';

      await tabUntil(page, isField('vorname'), { maxSteps: 80 });
      await typeHere(page, input.vorname, 'Vorname');
      for (const name of ['nachname', 'email', 'telefon'] as const) {
        await tabUntil(page, isField(name), { maxSteps: 1 });
        await typeHere(page, input[name], name);
      }
      // A closed <select> takes arrow keys: the first service is Schlafberatung.
      await tabUntil(page, isField('service'), { maxSteps: 1 });
      await page.keyboard.press('ArrowDown');
      await expectVisibleFocus(page, 'service');
      // A date field takes digits; its parts move on by themselves.
      const digits = await dateDigits(context, input.datum);
      await tabUntil(page, isField('datum'), { maxSteps: 1 });
      await typeHere(page, digits, 'datum');
      expect(await form.getByRole('group', { name: 'Wunschtermin' }).getByLabel('Datum').inputValue()).toBe(input.datum);
      // 09:30 is the second slot.
      await tabUntil(page, isField('uhrzeit'), { maxSteps: 3 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await tabUntil(page, isField('nachricht'), { maxSteps: 6 });
      await typeHere(page, input.nachricht, 'nachricht');

      const typed = withoutLabel(input);
      expect(await readAppointment(form)).toEqual(typed);
      const button = await tabUntil(page, (focus) => focus.tag === 'button', { maxSteps: 1 });
      expect(button.label).toBe(FORM_TEXT.appointment.submit);

      await waitLikeAPerson(shownAt);
      const focusRecord = await recordFocus(page);
      await page.keyboard.press('Enter');
      await expectNotice(page, FORM_TEXT.appointment.successTitle, FORM_TEXT.appointment.successText, { hold: false });
      const focusWhileSending = await focusRecord.stop();
      expect(focusWhileSending.filter((description) => description === 'body'), `focus while sending: ${focusWhileSending.join(', ')}`).toEqual([]);
      const after = await expectVisibleFocus(page, 'after the form was sent');
      expect(after.label).toBe(FORM_TEXT.appointment.submit);
      // Empty optional fields are stored as null.
      await expectAppointmentStored({ ...input, alternativ: null, alternativUhrzeit: null }, { notified: true });
      await expectBothMails(input.email, /^Neue Terminanfrage: /);
    });
  });
});
