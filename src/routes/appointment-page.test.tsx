import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentPage as appointmentPageDe, slotFieldTexts as slotFieldTextsDe } from '@/content/appointment';
import { dateFormatsCopy } from '@/content/dates';
import { appointmentPage, slotFieldTexts } from '@/content/en/appointment';
import { emailSuggestionTexts } from '@/content/en/email-suggestion';
import { fieldHints, fieldProblemTexts, privacyNote, sendFailedNotice, sendingLabel } from '@/content/en/form-notices';
import { bookableServices, servicePriceText, timeSlotLabel } from '@/content/en/services';
import { emailSuggestionTexts as emailSuggestionTextsDe } from '@/content/email-suggestion';
import { fieldHints as fieldHintsDe, privacyNote as privacyNoteDe } from '@/content/form-notices';
import { holidayName, isoWeekday } from '@domain/availability';
import { bookableDay, firstDayWhere, today } from '@/test/booking-days';
import { resetFormProofMock } from '@/test/form-proof-mock';
import { renderRoute } from '@/test/render-route';
import { insert, invoke, resetSupabaseMock, rpc, supabaseError } from '@/test/supabase-mock';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/**
 * The booking page in English (/en/book-an-appointment): the same page and form as
 * /termin-vereinbaren (whose tests are src/features/appointment), with every text, date
 * and link in English.
 */
const { form } = appointmentPage;
const { formatDateLong } = dateFormatsCopy.en;
const field = (label: string, index = 0) =>
  screen.getAllByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`))[index] as HTMLInputElement | HTMLSelectElement;
const fieldset = (legend: string) => screen.getByRole('group', { name: legend });
const dateField = (legend: string = form.sections.preferred) => within(fieldset(legend)).getByLabelText(new RegExp(`^${form.fields.datum.label}`)) as HTMLInputElement;
const timeField = (legend: string = form.sections.preferred) => within(fieldset(legend)).getByLabelText(form.fields.uhrzeit.label) as HTMLSelectElement;
const submitButton = () => screen.getByRole('button', { name: new RegExp(`${form.submitLabel}|${sendingLabel.replace(/\./g, '\\.')}`) });

async function openEnglishPage() {
  return (await renderRoute('/en/book-an-appointment')).user;
}
type User = Awaited<ReturnType<typeof openEnglishPage>>;

async function enter(user: User, element: Element, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function choose(user: User, day: string, legend = form.sections.preferred) {
  await waitFor(() => expect(dateField(legend)).toHaveAttribute('min'));
  await user.clear(dateField(legend));
  await user.type(dateField(legend), day);
}

async function fillRequired(user: User) {
  await enter(user, field(form.fields.vorname.label), 'Beat');
  await enter(user, field(form.fields.nachname.label), 'Keller');
  await enter(user, field(form.fields.email.label), 'beat.keller@example.ch');
  await enter(user, field(form.fields.telefon.label), '+41 79 555 12 34');
  await user.selectOptions(field(form.fields.service.label), 'follow-up');
  await choose(user, bookableDay(10));
}

/** Characteristic German texts of the page's copy, none of which an English page shows. */
const germanTexts = [
  appointmentPageDe.hero.title,
  appointmentPageDe.hero.lead,
  appointmentPageDe.form.title,
  appointmentPageDe.form.requiredNote,
  appointmentPageDe.form.sections.personal,
  appointmentPageDe.form.sections.preferred,
  appointmentPageDe.form.submitLabel,
  privacyNoteDe.text,
  privacyNoteDe.linkLabel,
  fieldHintsDe.phone,
];
function expectNoGerman() {
  const text = document.body.textContent ?? '';
  for (const german of germanTexts) expect(text).not.toContain(german);
}

describe('the booking page in English', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the English hero, sections, fields, services and times, and links the English privacy notice', async () => {
    await openEnglishPage();
    expect(screen.getByRole('heading', { level: 1, name: appointmentPage.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: form.title })).toBeInTheDocument();
    for (const legend of Object.values(form.sections)) expect(fieldset(legend)).toBeInTheDocument();
    for (const label of [form.fields.vorname.label, form.fields.nachname.label, form.fields.email.label, form.fields.telefon.label, form.fields.service.label]) {
      expect(field(label)).toBeRequired();
    }
    expect(field(form.fields.email.label)).toHaveAttribute('placeholder', form.fields.email.placeholder);
    expect(field(form.fields.telefon.label)).toHaveAccessibleDescription(fieldHints.phone);
    expect(field(form.fields.nachricht.label)).toHaveAttribute('placeholder', form.fields.nachricht.placeholder);
    expect(screen.getByText(form.requiredNote)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent(form.submitLabel);
    expect(screen.getByText(new RegExp(privacyNote.text))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: privacyNote.linkLabel })).toHaveAttribute('href', '/en/privacy');

    // The services by value, with their English labels and prices; the times without «Uhr».
    const service = field(form.fields.service.label);
    const options = within(service).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]).toHaveTextContent(form.fields.service.placeholder);
    expect(options.slice(1).map((o) => [o.value, o.textContent])).toEqual(
      bookableServices.map((s) => [s.value, `${s.label} (${servicePriceText(s)})`]),
    );
    const times = within(timeField()).getAllByRole('option').map((o) => o.textContent);
    expect(times[0]).toBe(form.fields.uhrzeit.placeholder);
    expect(times[1]).toBe(timeSlotLabel('09:00'));
    expectNoGerman();
  });

  it('says in English, with English dates, why a day cannot be chosen', async () => {
    const user = await openEnglishPage();
    await choose(user, today());
    expect(dateField()).toHaveAccessibleDescription(slotFieldTexts.tooSoon(formatDateLong(bookableDay(0))));
    expect(dateField().validationMessage).toBe(slotFieldTexts.tooSoon(formatDateLong(bookableDay(0))));
    expect(within(timeField()).getAllByRole('option').map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesUnbookable]);

    const sunday = firstDayWhere((d) => isoWeekday(d) === 7 && holidayName(d) === null);
    await choose(user, sunday);
    expect(dateField()).toHaveAccessibleDescription(slotFieldTexts.closedWeekday(formatDateLong(sunday)));
    expect(within(timeField()).getAllByRole('option').map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesClosed]);

    // A time without its day, in the optional alternative.
    await user.selectOptions(timeField(form.sections.alternative), '18:00');
    await waitFor(() => expect(dateField(form.sections.alternative).validationMessage).toBe(slotFieldTexts.timeWithoutDate));
    const text = document.body.textContent ?? '';
    expect(text).not.toContain(slotFieldTextsDe.noTimesClosed);
    expect(text).not.toContain(slotFieldTextsDe.timeWithoutDate);
    expectNoGerman();
  });

  it('checks the fields in English, offers the address meant in English, and sends with the English notice', async () => {
    const user = await openEnglishPage();
    await fillRequired(user);
    await user.clear(field(form.fields.telefon.label));
    await enter(user, field(form.fields.telefon.label), '12345');
    await user.click(submitButton());
    expect(field(form.fields.telefon.label).validationMessage).toBe(fieldProblemTexts.notAPhone);
    expect(insert).not.toHaveBeenCalled();

    await user.clear(field(form.fields.email.label));
    await user.type(field(form.fields.email.label), 'beat@gmx.chh');
    await user.tab();
    expect(field(form.fields.email.label)).toHaveAccessibleDescription(`${emailSuggestionTexts.question('beat@gmx.ch')} ${emailSuggestionTexts.take}`);
    expect(document.body.textContent).not.toContain(emailSuggestionTextsDe.question('beat@gmx.ch'));
    await user.click(screen.getByRole('button', { name: emailSuggestionTexts.take }));
    expect(field(form.fields.email.label)).toHaveValue('beat@gmx.ch');

    await user.clear(field(form.fields.telefon.label));
    await enter(user, field(form.fields.telefon.label), '+41 79 555 12 34');
    await user.click(submitButton());
    expect(await screen.findByText(form.successNotice.title)).toBeInTheDocument();
    expect(screen.getByText(form.successNotice.description)).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledTimes(1);
    expectNoGerman();
  });

  it('a day the database refuses is worded in English at its field, with the English failure notice', async () => {
    const user = await openEnglishPage();
    await fillRequired(user);
    const day = bookableDay(10);
    insert.mockResolvedValue({
      data: null,
      error: Object.assign(supabaseError('PostgrestError', `preferred_date ${day} is a day the practice is closed`), {
        code: '23514',
        details: 'preferred_date:closed',
        hint: null,
      }),
    });
    rpc.mockImplementation(async (name) => ({ data: name === 'practice_closed_days' ? [day] : [], error: null }));
    await user.click(submitButton());
    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    await waitFor(() => expect(dateField()).toHaveAccessibleDescription(slotFieldTexts.closedClosure(formatDateLong(day))));
    expect(dateField()).toHaveFocus();
    expect(invoke).not.toHaveBeenCalled();
    expectNoGerman();
  });
});
