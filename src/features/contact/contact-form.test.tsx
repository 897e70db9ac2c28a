import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, from, getSupabaseClient, httpError, invoke, QUEUED_ANSWER, resetSupabaseMock, rpc, supabaseError } from '@/test/supabase-mock';
import { prepareFormProof, resetFormProofMock, takeFormProof, TEST_PROOF } from '@/test/form-proof-mock';
import { renderRoute } from '@/test/render-route';
import { emailSuggestionTexts } from '@/content/email-suggestion';
import { contactPage } from '@/content/contact';
import { fieldHints, fieldProblemTexts, sendFailedNotice, sendingLabel, storedQueuedNotice } from '@/content/form-notices';
import { FIELD_LIMITS } from '@domain/field-limits';

const CONTACT_SENT = contactPage.form.successNotice.title;

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));
// The notices' Radix code is loaded when the form is sent; this counts its imports.
const radixToasts = vi.hoisted(() => ({ imports: 0 }));
vi.mock('@/components/ui/toaster-radix', async (importOriginal) => {
  radixToasts.imports += 1;
  return importOriginal();
});

/** A field by its visible label; required labels end in a "*" that is hidden from screen readers. */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement | HTMLTextAreaElement;
const submitButton = () => screen.getByRole('button', { name: /Nachricht senden|Wird gesendet/ });

async function openContactForm() {
  const view = await renderRoute('/kontakt');
  return view.user;
}

/**
 * Fills a field as a visitor pasting into it: one input event instead of one per
 * character. What typing does (the checks as the visitor types) has tests of its own.
 */
async function enter(user: { click(element: Element): Promise<void>; paste(text: string): Promise<void> }, element: Element, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function fillRequired(user: Awaited<ReturnType<typeof openContactForm>>) {
  await enter(user, field('Vorname'), 'Anna');
  await enter(user, field('Nachname'), 'Muster');
  await enter(user, field('E-Mail'), 'anna@example.ch');
  await enter(user, field('Nachricht'), 'Ich wache jeden Morgen mit Nackenschmerzen auf.');
}

describe('contact form', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  // First in the file: the notices' code is loaded only once per test file.
  it('loads the notices’ code when the form is sent, while the request is on its way, not before', async () => {
    const answer = deferred<{ data: unknown; error: null }>();
    invoke.mockReturnValue(answer.promise);
    const user = await openContactForm();
    await fillRequired(user);
    expect(radixToasts.imports).toBe(0);
    expect(screen.queryByRole('region', { name: 'Benachrichtigungen (F8)' })).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    // Ready before the answer: the notice will not wait for it.
    expect(await screen.findByRole('region', { name: 'Benachrichtigungen (F8)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(radixToasts.imports).toBe(1);
    answer.resolve({ data: { ok: true }, error: null });
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
  });

  it('has the spec’s fields, each with a visible label, and the required ones marked required', async () => {
    await openContactForm();
    expect(screen.getByRole('heading', { name: 'Schreiben Sie uns' })).toBeInTheDocument();
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Nachricht']) expect(field(label)).toBeRequired();
    for (const label of ['Telefon', 'Betreff']) expect(field(label)).not.toBeRequired();
    expect(field('E-Mail')).toHaveAttribute('type', 'email');
    expect(field('Nachricht')).toHaveAttribute('rows', '5');
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });

  it('sends name, e-mail, message and null for empty optional fields to send-contact-email', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke).toHaveBeenCalledWith('send-contact-email', {
      body: {
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Anna Muster',
        email: 'anna@example.ch',
        phone: null,
        subject: null,
        message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.',
        // The German page's language, stored with the message.
        language: 'de',
        website: '',
        elapsedMs: expect.any(Number),
        altcha: TEST_PROOF,
      },
    });
  });

  it('sends phone and subject when given', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    await user.type(field('Telefon'), '+41 79 123 45 67');
    await user.type(field('Betreff'), 'Frage zur Liegediagnostik');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(invoke.mock.calls[0]![1].body).toMatchObject({ phone: '+41 79 123 45 67', subject: 'Frage zur Liegediagnostik' });
  });

  it('reports what the hidden honeypot field holds, for the backend to judge', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(invoke.mock.calls[0]![1].body).toMatchObject({ website: 'https://spam.example' });
  });

  it('says at the field what the function would refuse, and sends nothing until it is fixed', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    await user.clear(field('E-Mail'));
    await user.type(field('E-Mail'), 'anna@example'); // the browser's type="email" accepts it
    await user.click(submitButton());
    expect(field('E-Mail').validationMessage).toBe(fieldProblemTexts.notAnEmail);
    expect(invoke).not.toHaveBeenCalled();
    expect(takeFormProof).not.toHaveBeenCalled();

    await user.type(field('E-Mail'), '.ch');
    expect(field('E-Mail').validationMessage).toBe('');
    await user.clear(field('Vorname'));
    await user.type(field('Vorname'), 'An\u200Bna'); // a zero-width space, invisible
    await user.click(submitButton());
    expect(field('Vorname').validationMessage).toMatch(/unsichtbare Steuer- oder Formatzeichen/);
    expect(invoke).not.toHaveBeenCalled();

    await user.clear(field('Vorname'));
    await user.type(field('Vorname'), 'Anna');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke.mock.calls[0]![1].body).toMatchObject({ name: 'Anna Muster', email: 'anna@example.ch' });
  });

  it('takes the phone as optional but, when given, only as a phone; a subject over its limit is kept whole and refused', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    expect(field('Telefon')).toHaveAccessibleDescription(fieldHints.phone);
    await enter(user, field('Telefon'), '12345');
    const subject = 'Frage '.repeat(40).trim();
    await enter(user, field('Betreff'), subject);
    expect(field('Betreff').value).toBe(subject);
    await user.click(submitButton());
    expect(field('Telefon').validationMessage).toBe(fieldProblemTexts.notAPhone);
    expect(field('Betreff').validationMessage).toBe(fieldProblemTexts.tooLong(FIELD_LIMITS.subject));
    expect(invoke).not.toHaveBeenCalled();

    // Emptied, the optional phone is sent as null again.
    await user.clear(field('Telefon'));
    await user.clear(field('Betreff'));
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke.mock.calls[0]![1].body).toMatchObject({ phone: null, subject: null });
  });

  it('does not send while a required field is empty (the browser’s own check)', async () => {
    const user = await openContactForm();
    await user.type(field('Vorname'), 'Anna');
    await user.click(submitButton());
    expect(invoke).not.toHaveBeenCalled();
  });

  it('disables the button and shows “Wird gesendet...” while sending, then clears the form and confirms', async () => {
    const answer = deferred<{ data: unknown; error: null }>();
    invoke.mockReturnValue(answer.promise);
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent(sendingLabel));
    // Disabled for assistive technology, but focusable, so keyboard focus is not lost; a second send is ignored.
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(invoke).toHaveBeenCalledTimes(1);

    answer.resolve({ data: { ok: true }, error: null });
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    expect(screen.getByText(contactPage.form.successNotice.description)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Nachricht senden');
    expect(submitButton()).toBeEnabled();
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Nachricht']) expect(field(label)).toHaveValue('');
  });

  const failures: Array<[string, () => void]> = [
    ['the function answers with an error status', () => invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsHttpError') })],
    ['the function answers 502', () => invoke.mockResolvedValue({ data: null, error: httpError(502) })],
    ['the relay fails', () => invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsRelayError') })],
    ['the network is down', () => invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsFetchError', 'Failed to fetch') })],
    ['the call throws', () => invoke.mockRejectedValue(new TypeError('Failed to fetch'))],
    ['the client cannot be loaded', () => getSupabaseClient.mockRejectedValue(new Error('Loading chunk failed'))],
    ['no form proof can be made', () => takeFormProof.mockRejectedValue(new Error('Failed to fetch'))],
  ];

  it.each(failures)('keeps the values and shows the error notice when %s', async (_, fail) => {
    fail();
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());

    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('Anna');
    expect(field('Nachricht')).toHaveValue('Ich wache jeden Morgen mit Nackenschmerzen auf.');
    expect(submitButton()).toHaveTextContent('Nachricht senden');
    expect(submitButton()).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith(expect.any(Error));
    expect(screen.queryByText(CONTACT_SENT)).not.toBeInTheDocument();
    expect(screen.queryByText(storedQueuedNotice.title)).not.toBeInTheDocument();
  });

  it('a message stored while the day’s mail cap holds its e-mail back (202 queued): says so truthfully and clears the form', async () => {
    invoke.mockResolvedValue({ data: QUEUED_ANSWER, error: null });
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText(storedQueuedNotice.title)).toBeInTheDocument();
    // The phone number's no-break spaces folded, as getByText folds the page's text.
    expect(screen.getByText(storedQueuedNotice.description.replace(/\s+/g, ' '))).toBeInTheDocument();
    // Announced as a status, not an alert: nothing went wrong for the visitor.
    await waitFor(() => expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent(storedQueuedNotice.title));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(CONTACT_SENT)).not.toBeInTheDocument();
    expect(screen.queryByText(sendFailedNotice.title)).not.toBeInTheDocument();
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Nachricht']) expect(field(label)).toHaveValue('');
    expect(submitButton()).toHaveTextContent('Nachricht senden');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('after a queued message the next one is a new request with a new id', async () => {
    invoke.mockResolvedValueOnce({ data: QUEUED_ANSWER, error: null });
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText(storedQueuedNotice.title)).toBeInTheDocument();
    // user-event still remembers the typed text that form.reset() removed: cleared first.
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Nachricht']) await user.clear(field(label));
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    const ids = invoke.mock.calls.map(([, options]) => (options.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    // The same message again, but a new request: the queued one is stored.
    expect(invoke.mock.calls[1]![1].body).toMatchObject({ name: 'Anna Muster', email: 'anna@example.ch' });
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('starts preparing its proof when the visitor first focuses the form, not before', async () => {
    const user = await openContactForm();
    expect(prepareFormProof).not.toHaveBeenCalled();
    await user.click(field('Vorname'));
    expect(prepareFormProof).toHaveBeenCalledWith('send-contact-email');
  });

  it('sends a retry of the same message under the same id with a new proof; a changed message gets a new id', async () => {
    const failed = { data: null, error: supabaseError('FunctionsHttpError') };
    invoke.mockResolvedValueOnce(failed).mockResolvedValueOnce(failed);
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submitButton()).toHaveTextContent('Nachricht senden'));
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(submitButton()).toHaveTextContent('Nachricht senden'));
    await user.type(field('Betreff'), 'Frage');
    await user.click(submitButton());
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    const ids = invoke.mock.calls.map(([, options]) => (options.body as { requestId: string }).requestId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(takeFormProof).toHaveBeenCalledTimes(3);
  });

  it('replaces its error notice with the success notice when the retry works', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toHaveTextContent('Nachricht senden'));
    await user.click(submitButton());
    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(sendFailedNotice.title)).not.toBeInTheDocument());
  });

  describe('a likely typo in the e-mail address', () => {
    const question = emailSuggestionTexts.question('anna@gmail.com');
    /** The polite live region the question appears in: the element the field's description points to. */
    const promptOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '');

    it('brings «Meinten Sie …?» when the field is left; the button takes it and gives the focus back to the field', async () => {
      const user = await openContactForm();
      const email = field('E-Mail');
      // The live region is there, empty, before anything is typed (announced when filled).
      const region = email.closest('div')!.querySelector('[aria-live="polite"]:not([id$="-meldung"])')!;
      expect(region).toBeEmptyDOMElement();
      expect(email).not.toHaveAccessibleDescription();

      await user.type(email, 'anna@gmial.com');
      expect(screen.queryByText(question)).toBeNull();
      await user.tab();
      expect(field('Telefon')).toHaveFocus();
      expect(region).toHaveTextContent(question);
      expect(promptOf(email)).toBe(region);
      expect(email).toHaveAccessibleDescription(`${question} ${emailSuggestionTexts.take}`);

      // Back with Shift+Tab: the button comes right after the field.
      await user.tab({ shift: true });
      const take = screen.getByRole('button', { name: emailSuggestionTexts.take });
      expect(take).toHaveFocus();
      expect(take).toHaveAttribute('type', 'button');
      expect(take).toHaveAccessibleDescription(question);
      await user.keyboard('{Enter}');
      expect(email).toHaveValue('anna@gmail.com');
      expect(email).toHaveFocus();
      expect(region).toBeEmptyDOMElement();
      expect(email).not.toHaveAccessibleDescription();
      // Worked out here: nothing was asked of the backend.
      for (const call of [invoke, rpc, from]) expect(call).not.toHaveBeenCalled();
    });

    it('goes away as the visitor edits the address, and says nothing for a correct one', async () => {
      const user = await openContactForm();
      await user.type(field('E-Mail'), 'beat@bluewin.con');
      await user.tab();
      expect(screen.getByText(emailSuggestionTexts.question('beat@bluewin.ch'))).toBeInTheDocument();
      await user.click(field('E-Mail'));
      await user.keyboard('{Backspace}{Backspace}{Backspace}ch');
      expect(screen.queryByText(/Meinten Sie/)).toBeNull();
      await user.tab();
      expect(field('E-Mail')).toHaveValue('beat@bluewin.ch');
      expect(screen.queryByText(/Meinten Sie/)).toBeNull();
    });

    it('never holds the form back: the address is sent as typed when the visitor sends it', async () => {
      const user = await openContactForm();
      await fillRequired(user);
      await user.clear(field('E-Mail'));
      await user.type(field('E-Mail'), 'anna@gmial.com');
      await user.tab();
      expect(screen.getByText(question)).toBeInTheDocument();
      await user.click(submitButton());
      await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
      expect(invoke.mock.calls[0]![1].body).toMatchObject({ email: 'anna@gmial.com' });
    });

    it('does not appear when the visitor goes from the field straight to the send button (it would move the button away)', async () => {
      const user = await openContactForm();
      await user.type(field('Vorname'), 'Anna');
      await user.type(field('Nachname'), 'Muster');
      await user.type(field('Nachricht'), 'Ich wache jeden Morgen mit Nackenschmerzen auf.');
      await user.type(field('E-Mail'), 'anna@gmial.com');
      // Held until the test has looked: once sent, the form is emptied and any prompt with it.
      const answer = deferred<{ data: unknown; error: null }>();
      invoke.mockReturnValue(answer.promise);
      await user.click(submitButton());
      await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
      expect(invoke.mock.calls[0]![1].body).toMatchObject({ email: 'anna@gmial.com' });
      expect(screen.queryByText(question)).toBeNull();
      answer.resolve({ data: { ok: true }, error: null });
      expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    });

    it('is gone after the form was sent and emptied', async () => {
      const user = await openContactForm();
      await fillRequired(user);
      await user.clear(field('E-Mail'));
      await user.type(field('E-Mail'), 'anna@gmial.com');
      await user.tab();
      await user.click(submitButton());
      expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
      await waitFor(() => expect(field('E-Mail')).toHaveValue(''));
      expect(screen.queryByText(question)).toBeNull();
    });
  });

  it('announces notices to screen readers', async () => {
    const user = await openContactForm();
    await fillRequired(user);
    await user.click(submitButton());
    // Radix copies each notice into an assertive live region, which screen readers read out.
    await waitFor(() =>
      expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent(CONTACT_SENT),
    );
    expect(screen.getByRole('region', { name: 'Benachrichtigungen (F8)' })).toBeInTheDocument();
  });
});
