/**
 * A mistyped address in each of the three e-mail fields (contact, booking, the newsletter
 * box on /blog) at phone width, with the keyboard alone: leaving the field brings
 * «Meinten Sie …?», the button is reached with the keyboard, and pressing it puts the
 * address meant into the field. Axe finds nothing with the question on screen. Nothing is
 * sent, so no address of the backend's is used up.
 */
import type { Locator, Page } from '@playwright/test';
import { blogPage } from '../src/content/blog.ts';
import { contactPage } from '../src/content/contact.ts';
import { emailSuggestionTexts } from '../src/content/email-suggestion.ts';
import { appointmentPage } from '../src/content/appointment.ts';
import { expectNoAxeViolations, expectVisibleFocus } from './support/a11y.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { appointmentForm, contactForm, openForm } from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

const backendRequests = (urls: string[]) => urls.filter((url) => url.startsWith(e2e().apiUrl));

interface Case {
  name: string;
  path: string;
  /** The form the field is in, once the page can be used. */
  open: (page: Page) => Promise<Locator>;
  label: string;
  typed: string;
  meant: string;
  /** The key that leads from the field (left with Tab) to the prompt's button. */
  toButton: 'Shift+Tab' | 'Tab';
}

const cases: Case[] = [
  {
    name: 'contact form',
    path: '/kontakt',
    open: async (page) => {
      const form = contactForm(page);
      await openForm(form);
      return form;
    },
    label: contactPage.form.fields.email.label,
    typed: 'anna@gmial.com',
    meant: 'anna@gmail.com',
    // The prompt sits under the field, before Telefon, where Tab took the focus.
    toButton: 'Shift+Tab',
  },
  {
    name: 'booking form',
    path: '/termin-vereinbaren',
    open: async (page) => {
      const form = appointmentForm(page);
      await openForm(form);
      return form;
    },
    label: appointmentPage.form.fields.email.label,
    typed: 'beat@bluewin.con',
    meant: 'beat@bluewin.ch',
    toButton: 'Shift+Tab',
  },
  {
    name: 'newsletter box',
    path: '/blog',
    open: async (page) => {
      const box = page.getByRole('region', { name: blogPage.newsletter.title });
      await openForm(box.locator('form'));
      return box;
    },
    label: blogPage.newsletter.inputLabel,
    typed: 'urs@gmx.chh',
    meant: 'urs@gmx.ch',
    // Tab from the field reaches «Abonnieren»; the prompt comes after it.
    toButton: 'Tab',
  },
];

for (const { name, path, open, label, typed, meant, toButton } of cases) {
  test(`${name}: a mistyped address, Tab, «Meinten Sie …?», the button with the keyboard takes the address meant`, async ({ page, watched }) => {
    // The form proof's challenge (a GET) is fetched when the form is first used: waited for
    // below, so that what follows is measured after it.
    const proofFetched = page.waitForResponse((response) =>
      response.url().startsWith(e2e().apiUrl) && response.request().method() === 'GET'
    );
    await page.goto(path);
    const form = await open(page);
    // By its accessible name: the required fields' «*» is hidden from screen readers.
    const field = form.getByRole('textbox', { name: label, exact: true });
    const question = form.getByText(emailSuggestionTexts.question(meant), { exact: true });
    const take = form.getByRole('button', { name: emailSuggestionTexts.take, exact: true });

    await field.focus();
    await page.keyboard.type(typed);
    // Typed in full, and still in the field: nothing is asked while typing.
    await expect(field).toHaveValue(typed);
    await expect(question).toBeHidden();
    // From here on, nothing is asked of the backend (the focus above fetched the form proof).
    await proofFetched;
    const backendRequestsBefore = backendRequests(watched.requests).length;
    await page.keyboard.press('Tab');
    await expect(question).toBeVisible();
    await expect(field).not.toBeFocused();
    // The field is described by the question while it is shown (its live region announces it).
    await expect(field).toHaveAccessibleDescription(new RegExp(`^${emailSuggestionTexts.question(meant).replace(/[.?+]/g, '\\$&')}`));

    const screenshot = test.info().outputPath(`email-suggestion-${path.slice(1)}-390px.png`);
    await question.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot });
    await test.info().attach(`«Meinten Sie …?» on ${path} at 390 px`, { path: screenshot, contentType: 'image/png' });
    await expectNoAxeViolations(page, `${path} at 390 px with the e-mail suggestion shown`);

    await page.keyboard.press(toButton);
    await expect(take).toBeFocused();
    await expectVisibleFocus(page, 'the suggestion’s button');
    await page.keyboard.press('Enter');

    await expect(field).toHaveValue(meant);
    await expect(field).toBeFocused();
    await expect(question).toBeHidden();
    await expectVisibleFocus(page, 'the e-mail field after taking the suggestion');
    // Leaving the corrected field again: nothing more to suggest.
    await page.keyboard.press('Tab');
    // Once the focus has left it (what asks the question), nothing is asked.
    await expect(field).not.toBeFocused();
    await expect(form.getByText(/^Meinten Sie/)).toHaveCount(0);

    // Worked out in the page: nothing went to the backend for it, and nothing went wrong.
    expect(backendRequests(watched.requests).slice(backendRequestsBefore)).toEqual([]);
    expect(watched.problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] });
  });
}
