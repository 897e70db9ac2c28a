/**
 * The form proof in a real browser: nothing is asked for while the visitor only reads; the
 * first focus fetches one challenge from the form's own function and solves it in a worker
 * served by the site (no third party, no visible step); the POST carries the solved proof,
 * the function accepts it, and the same proof replayed with other content is refused.
 */
import { practiceMailsFor, queryRows } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import {
  contactForm,
  contactInput,
  expectNotice,
  fillContact,
  FORM_TEXT,
  functionUrl,
  openForm,
  submitButton,
  waitLikeAPerson,
} from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('the form proof', () => {
  test('is fetched on first focus, solved in a worker of the site, sent once and accepted once', async ({ page, watched }) => {
    const { problems, requests, settle } = watched;
    const challengeUrl = functionUrl('send-contact-email');
    const gets = () => requests.filter((url) => url === challengeUrl).length;
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    let posted: Record<string, unknown> | undefined;
    page.on('request', (request) => {
      if (request.url() === challengeUrl && request.method() === 'POST') posted = request.postDataJSON() as Record<string, unknown>;
    });

    await page.goto('/kontakt');
    const form = contactForm(page);
    const shownAt = await openForm(form);
    await settle();
    expect(gets(), 'a visitor who only reads costs no challenge').toBe(0);

    await form.getByLabel('Vorname').focus();
    await expect.poll(() => workers.length, { timeout: 10_000 }).toBe(1);
    expect(new URL(workers[0]!).origin).toBe(new URL(e2e().siteUrl).origin);
    const input = contactInput('beweis');
    await fillContact(form, input);
    await waitLikeAPerson(shownAt);
    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });

    // One challenge request (the preflight aside) for one submission.
    expect(requests.filter((url) => url === challengeUrl).length).toBe(2);
    const altcha = posted?.altcha as { challenge: { parameters: { data: unknown } }; solution: { counter: number } };
    expect(altcha.challenge.parameters.data).toEqual({ fn: 'send-contact-email' });
    expect(altcha.solution.counter).toBeGreaterThan(0);
    expect(problems.foreignRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);

    // The captured proof under another message, sent from the page itself: refused, not mailed.
    const replay = await page.evaluate(
      async ({ url, key, body }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: await response.json() };
      },
      {
        url: challengeUrl,
        key: e2e().publishableKey,
        body: { ...posted, requestId: crypto.randomUUID(), email: 'nachgemacht@example.ch', message: 'Werbung' },
      },
    );
    expect(replay).toEqual({ status: 403, json: { error: 'proof_refused', reason: 'used' } });
    // The function has answered, and it sends before it answers (nothing is left for later:
    // nothing is stored for the outbox either), so whatever it sent is caught by now.
    expect(await queryRows('select 1 from public.contact_submissions where email = $1', ['nachgemacht@example.ch'])).toEqual([]);
    expect(await practiceMailsFor('nachgemacht@example.ch')).toEqual([]);
    expect(await practiceMailsFor(input.email)).toHaveLength(1);
  });
});
