import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactPage as contactPageDe } from '@/content/contact';
import { contactPage } from '@/content/en/contact';
import { fieldHints, fieldProblemTexts, privacyNote, sendFailedNotice, sendingLabel, storedQueuedNotice } from '@/content/en/form-notices';
import {
  fieldHints as fieldHintsDe,
  fieldProblemTexts as fieldProblemTextsDe,
  privacyNote as privacyNoteDe,
  sendFailedNotice as sendFailedNoticeDe,
} from '@/content/form-notices';
import { FIELD_LIMITS } from '@domain/field-limits';
import { resetFormProofMock } from '@/test/form-proof-mock';
import { renderRoute } from '@/test/render-route';
import { deferred, invoke, QUEUED_ANSWER, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/**
 * The contact page in English (/en/contact): the same page and form as /kontakt (whose
 * tests are src/features/contact), with every text and link in English.
 */
const { form } = contactPage;
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement | HTMLTextAreaElement;
const submitButton = () => screen.getByRole('button', { name: new RegExp(`${form.submitLabel}|${sendingLabel.replace(/\./g, '\\.')}`) });

async function openEnglishPage() {
  return (await renderRoute('/en/contact')).user;
}
type User = Awaited<ReturnType<typeof openEnglishPage>>;

async function enter(user: User, element: Element, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function fillRequired(user: User) {
  // user-event still remembers the typed text that form.reset() removed: cleared first.
  for (const label of [form.fields.vorname.label, form.fields.nachname.label, form.fields.email.label, form.fields.nachricht.label]) {
    await user.clear(field(label));
  }
  await enter(user, field(form.fields.vorname.label), 'Anna');
  await enter(user, field(form.fields.nachname.label), 'Muster');
  await enter(user, field(form.fields.email.label), 'anna@example.ch');
  await enter(user, field(form.fields.nachricht.label), 'I wake up with a stiff neck every morning.');
}

/** Characteristic German texts of the page's copy, none of which an English page shows. */
const germanTexts = [
  contactPageDe.hero.title,
  contactPageDe.hero.lead,
  contactPageDe.infoCardsTitle,
  contactPageDe.form.title,
  contactPageDe.form.lead,
  contactPageDe.form.submitLabel,
  contactPageDe.closingCta.title,
  contactPageDe.closingCta.primary.label,
  privacyNoteDe.text,
  privacyNoteDe.linkLabel,
  fieldHintsDe.phone,
  sendFailedNoticeDe.title,
];
function expectNoGerman() {
  const text = document.body.textContent ?? '';
  for (const german of germanTexts) expect(text).not.toContain(german);
}

describe('the contact page in English', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the English hero, cards, form and closing call, with English links', async () => {
    await openEnglishPage();
    expect(screen.getByRole('heading', { level: 1, name: contactPage.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: contactPage.infoCardsTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: form.title })).toBeInTheDocument();
    expect(screen.getByText(form.lead)).toBeInTheDocument();
    for (const label of [form.fields.vorname.label, form.fields.nachname.label, form.fields.email.label, form.fields.nachricht.label]) {
      expect(field(label)).toBeRequired();
    }
    for (const label of [form.fields.telefon.label, form.fields.betreff.label]) expect(field(label)).not.toBeRequired();
    expect(field(form.fields.nachricht.label)).toHaveAttribute('placeholder', form.fields.nachricht.placeholder);
    expect(field(form.fields.telefon.label)).toHaveAccessibleDescription(fieldHints.phone);
    expect(submitButton()).toHaveTextContent(form.submitLabel);
    expect(screen.getByRole('link', { name: privacyNote.linkLabel })).toHaveAttribute('href', '/en/privacy');
    const cta = screen.getByRole('region', { name: contactPage.closingCta.title });
    expect(within(cta).getByRole('link', { name: contactPage.closingCta.primary.label })).toHaveAttribute('href', '/en/book-an-appointment');
    expectNoGerman();
  });

  it('says in English at the field what the function would refuse, and sends nothing until it is fixed', async () => {
    const user = await openEnglishPage();
    await fillRequired(user);
    await user.clear(field(form.fields.email.label));
    await user.type(field(form.fields.email.label), 'anna@example');
    await user.click(submitButton());
    expect(field(form.fields.email.label).validationMessage).toBe(fieldProblemTexts.notAnEmail);
    expect(field(form.fields.email.label).validationMessage).not.toBe(fieldProblemTextsDe.notAnEmail);

    await user.type(field(form.fields.email.label), '.ch');
    const subject = 'Question '.repeat(30).trim();
    await enter(user, field(form.fields.betreff.label), subject);
    // Over its limit while typing, and refused on sending: both in English.
    expect(field(form.fields.betreff.label)).toHaveAccessibleDescription(fieldProblemTexts.overLimit(subject.length, FIELD_LIMITS.subject));
    await user.click(submitButton());
    expect(field(form.fields.betreff.label).validationMessage).toBe(fieldProblemTexts.tooLong(FIELD_LIMITS.subject));
    expect(invoke).not.toHaveBeenCalled();
    expectNoGerman();
  });

  it('sends with the English label while sending and the English notices: sent, queued, failed', async () => {
    const answer = deferred<{ data: unknown; error: null }>();
    invoke.mockReturnValueOnce(answer.promise);
    const user = await openEnglishPage();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent(sendingLabel));
    answer.resolve({ data: { ok: true }, error: null });
    expect(await screen.findByText(form.successNotice.title)).toBeInTheDocument();
    expect(screen.getByText(form.successNotice.description)).toBeInTheDocument();

    invoke.mockResolvedValueOnce({ data: QUEUED_ANSWER, error: null });
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(storedQueuedNotice.title)).toBeInTheDocument();

    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsFetchError') });
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    expectNoGerman();
  });
});
