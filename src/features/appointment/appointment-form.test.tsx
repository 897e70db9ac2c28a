import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookableServices, servicePriceText } from '@/content/services';
import { addDays, slotWindow, holidayName, isoWeekday } from '@domain/availability';
import { formatDateLong } from '@domain/dates';
import { bookableDay, firstDayWhere, today } from '@/test/booking-days';
import { renderRoute } from '@/test/render-route';
import { emailSuggestionTexts } from '@/content/email-suggestion';
import {
  decodeProofHeader,
  deferred,
  from,
  getSupabaseClient,
  httpError,
  insert,
  invoke,
  QUEUED_ANSWER,
  resetSupabaseMock,
  rpc,
  supabaseError,
} from '@/test/supabase-mock';
import { resetFormProofMock, takeFormProof, TEST_PROOF, testProof } from '@/test/form-proof-mock';
import { appointmentPage, slotFieldTexts } from '@/content/appointment';
import { fieldHints, fieldProblemTexts, sendFailedNotice, sendingLabel, storedQueuedNotice } from '@/content/form-notices';
import { FIELD_LIMITS } from '@domain/field-limits';

const REQUEST_SENT = appointmentPage.form.successNotice.title;

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/** A field by its visible label; required labels end in a "*" that is hidden from screen readers. */
const field = (label: string, index = 0) =>
  screen.getAllByLabelText(new RegExp(`^${label}\\*?$`))[index] as HTMLInputElement | HTMLSelectElement;
const submitButton = () => screen.getByRole('button', { name: /Termin anfragen|Wird gesendet/ });
const fieldset = (legend: string) => screen.getByRole('group', { name: legend });

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

/** Two bookable days some weeks ahead for the requests, by the practice's rules from today. */
const DAY = bookableDay(10);
const ALT_DAY = bookableDay(12);

async function openAppointmentForm() {
  return (await renderRoute('/termin-vereinbaren')).user;
}

/**
 * Fills a field as a visitor pasting into it: one input event instead of one per
 * character. What typing does (the checks as the visitor types) has tests of its own.
 */
async function enter(user: { click(element: Element): Promise<void>; paste(text: string): Promise<void> }, element: Element, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function fillRequired(user: User) {
  await enter(user, field('Vorname'), 'Beat');
  await enter(user, field('Nachname'), 'Keller');
  await enter(user, field('E-Mail'), 'beat.keller@example.ch');
  await enter(user, field('Telefon'), '+41 79 555 12 34');
  await user.selectOptions(field('Leistung'), 'follow-up');
  await user.type(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/), DAY);
}

describe('appointment form', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('has the spec’s sections, fields and the required note', async () => {
    await openAppointmentForm();
    for (const legend of ['Persönliche Angaben', 'Gewünschte Leistung', 'Wunschtermin', 'Alternativtermin', 'Nachricht']) {
      expect(fieldset(legend)).toBeInTheDocument();
    }
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Leistung']) expect(field(label)).toBeRequired();
    const preferredDate = within(fieldset('Wunschtermin')).getByLabelText(/^Datum/);
    expect(preferredDate).toBeRequired();
    expect(preferredDate).toHaveAttribute('type', 'date');
    expect(within(fieldset('Alternativtermin')).getByLabelText(/^Datum/)).not.toBeRequired();
    expect(field('Nachricht \\(optional\\)')).toHaveAttribute('rows', '4');
    expect(screen.getByText(appointmentPage.form.requiredNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });

  it('offers the address meant for a likely typo in the e-mail field (the contact form’s field: personal-details-fields.tsx)', async () => {
    const user = await openAppointmentForm();
    await user.type(field('E-Mail'), 'beat@gmx.chh');
    await user.tab();
    expect(field('Telefon')).toHaveFocus();
    expect(field('E-Mail')).toHaveAccessibleDescription(`${emailSuggestionTexts.question('beat@gmx.ch')} ${emailSuggestionTexts.take}`);
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(field('E-Mail')).toHaveValue('beat@gmx.ch');
    expect(field('E-Mail')).toHaveFocus();
    expect(screen.queryByText(/Meinten Sie/)).toBeNull();
  });

  it('offers the three services by value with their readable labels', async () => {
    await openAppointmentForm();
    const options = within(field('Leistung')).getAllByRole('option').slice(1) as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['schlafberatung', 'follow-up', 'beratung-zuhause']);
    // Each with its price from the catalog, or «Preis auf Anfrage».
    expect(options.map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual(
      bookableServices.map((service) => `${service.label} (${servicePriceText(service)})`.replace(/\s/g, ' ')),
    );
  });

  it('offers the 21 time slots labelled with “Uhr”, none over lunch', async () => {
    await openAppointmentForm();
    for (const select of [within(fieldset('Wunschtermin')).getByLabelText('Uhrzeit'), within(fieldset('Alternativtermin')).getByLabelText('Uhrzeit')]) {
      const labels = within(select).getAllByRole('option').slice(1).map((o) => o.textContent);
      expect(labels).toHaveLength(21);
      expect(labels[0]).toBe('09:00 Uhr');
      expect(labels).toContain('11:30 Uhr');
      expect(labels).toContain('13:00 Uhr');
      expect(labels.at(-1)).toBe('20:00 Uhr');
      expect(labels).not.toContain('12:00 Uhr');
      expect(labels).not.toContain('12:30 Uhr');
    }
  });

  it('offers the days from the first bookable one (the day after tomorrow) to the horizon', async () => {
    await openAppointmentForm();
    const { first, last } = slotWindow(today());
    expect(first).toBe(addDays(today(), 2));
    for (const legend of ['Wunschtermin', 'Alternativtermin']) {
      const date = within(fieldset(legend)).getByLabelText(/^Datum/);
      await waitFor(() => expect(date).toHaveAttribute('min', first));
      expect(date).toHaveAttribute('max', last);
    }
  });

  it('stores the request, then e-mails it: label not value, null for empty optional fields', async () => {
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));

    expect(from).toHaveBeenCalledWith('appointment_requests');
    const requestId = (insert.mock.calls[0]![0] as { id: string }).id;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(insert).toHaveBeenCalledWith(
      {
        id: requestId,
        first_name: 'Beat',
        last_name: 'Keller',
        email: 'beat.keller@example.ch',
        phone: '+41 79 555 12 34',
        service: 'Follow-up Termin',
        preferred_date: DAY,
        preferred_time: null,
        alternative_date: null,
        alternative_time: null,
        message: null,
        // The German page's language, stored with the request.
        language: 'de',
      },
      { 'x-form-proof': expect.stringMatching(/^[A-Za-z0-9_-]+$/) },
    );
    expect(invoke).toHaveBeenCalledWith('send-appointment-email', {
      body: {
        requestId,
        firstName: 'Beat',
        lastName: 'Keller',
        email: 'beat.keller@example.ch',
        phone: '+41 79 555 12 34',
        service: 'Follow-up Termin',
        preferredDate: DAY,
        preferredTime: null,
        alternativeDate: null,
        alternativeTime: null,
        message: null,
        language: 'de',
        website: '',
        elapsedMs: expect.any(Number),
        altcha: TEST_PROOF,
      },
    });
    expect(insert.mock.invocationCallOrder[0]).toBeLessThan(invoke.mock.invocationCallOrder[0]!);
  });

  it('stores the request with the same form proof the e-mail function gets, in the x-form-proof header', async () => {
    const proof = testProof('only-this-submission');
    takeFormProof.mockResolvedValue(proof);
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    const [, headers] = insert.mock.calls[0]!;
    const { altcha } = invoke.mock.calls[0]![1].body as { altcha: unknown };
    expect(altcha).toEqual(proof);
    expect(decodeProofHeader(headers['x-form-proof'])).toEqual(altcha);
    // One proof per submission, taken once for both steps.
    expect(takeFormProof).toHaveBeenCalledTimes(1);
    expect(takeFormProof).toHaveBeenCalledWith('send-appointment-email');
  });

  it('sends the optional time, alternative and message when given', async () => {
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.selectOptions(within(fieldset('Wunschtermin')).getByLabelText('Uhrzeit'), '09:30');
    await user.type(within(fieldset('Alternativtermin')).getByLabelText(/^Datum/), ALT_DAY);
    await user.selectOptions(within(fieldset('Alternativtermin')).getByLabelText('Uhrzeit'), '18:00');
    await user.type(field('Nachricht \\(optional\\)'), 'Am liebsten abends.');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(insert.mock.calls[0]![0]).toMatchObject({
      preferred_time: '09:30',
      alternative_date: ALT_DAY,
      alternative_time: '18:00',
      message: 'Am liebsten abends.',
    });
    expect(invoke.mock.calls[0]![1].body).toMatchObject({
      preferredTime: '09:30',
      alternativeDate: ALT_DAY,
      alternativeTime: '18:00',
      message: 'Am liebsten abends.',
    });
  });

  it('disables the button and shows “Wird gesendet...” while sending, then clears the form and confirms', async () => {
    const answer = deferred<{ data: unknown; error: null }>();
    invoke.mockReturnValue(answer.promise);
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent(sendingLabel));
    // Disabled for assistive technology, but focusable, so keyboard focus is not lost; a second send is ignored.
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(insert).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));

    answer.resolve({ data: { ok: true }, error: null });
    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    expect(screen.getByText(appointmentPage.form.successNotice.description)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Termin anfragen');
    expect(field('Vorname')).toHaveValue('');
    expect(field('Leistung')).toHaveValue('');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue('');
  });

  async function expectFailureShown() {
    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('Beat');
    expect(field('Leistung')).toHaveValue('follow-up');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue(DAY);
    expect(submitButton()).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith(expect.any(Error));
    expect(screen.queryByText(REQUEST_SENT)).not.toBeInTheDocument();
  }

  it('never sends the e-mail when storing the request fails (Postgres refuses a missing or invalid proof with 42501)', async () => {
    insert.mockResolvedValue({
      data: null,
      error: Object.assign(supabaseError('PostgrestError', 'new row violates row-level security policy'), { code: '42501' }),
    });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(insert).toHaveBeenCalledTimes(1);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('shows the failure and keeps the values when the request is stored but the e-mail fails', async () => {
    invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(insert).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  const otherFailures: Array<[string, () => void]> = [
    ['the network is down while storing', () => insert.mockRejectedValue(new TypeError('Failed to fetch'))],
    ['the e-mail call throws', () => invoke.mockRejectedValue(new TypeError('Failed to fetch'))],
    ['the relay fails', () => invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsRelayError') })],
    ['the client cannot be loaded', () => getSupabaseClient.mockRejectedValue(new Error('Loading chunk failed'))],
  ];

  it.each(otherFailures)('shows the failure and keeps the values when %s', async (_, fail) => {
    fail();
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
  });

  it('stores nothing when no form proof can be made: error notice, values kept', async () => {
    takeFormProof.mockRejectedValue(new Error('Failed to fetch'));
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(insert).not.toHaveBeenCalled();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('retries a request whose e-mail failed under the same id, so no second row is stored; each attempt with its own proof in both steps', async () => {
    takeFormProof.mockResolvedValueOnce(testProof('first')).mockResolvedValueOnce(testProof('second'));
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();

    // The row is stored: the database answers the second insert with a unique violation.
    insert.mockResolvedValueOnce({ data: null, error: Object.assign(supabaseError('PostgrestError'), { code: '23505' }) });
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    const [first, second] = insert.mock.calls.map(([row]) => (row as { id: string }).id);
    expect(second).toBe(first);
    expect(invoke.mock.calls.map(([, options]) => (options.body as { requestId: string }).requestId)).toEqual([first, first]);
    const insertProofs = insert.mock.calls.map(([, headers]) => decodeProofHeader(headers['x-form-proof']));
    const mailProofs = invoke.mock.calls.map(([, options]) => (options.body as { altcha: unknown }).altcha);
    expect(insertProofs).toEqual([testProof('first'), testProof('second')]);
    expect(mailProofs).toEqual(insertProofs);
  });

  it('a request stored while the day’s mail cap holds its e-mail back (202 queued): says so truthfully and clears the form', async () => {
    invoke.mockResolvedValue({ data: QUEUED_ANSWER, error: null });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText(storedQueuedNotice.title)).toBeInTheDocument();
    // The phone number's no-break spaces folded, as getByText folds the page's text.
    expect(screen.getByText(storedQueuedNotice.description.replace(/\s+/g, ' '))).toBeInTheDocument();
    // Announced as a status, not an alert: nothing went wrong for the visitor.
    await waitFor(() => expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent(storedQueuedNotice.title));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(REQUEST_SENT)).not.toBeInTheDocument();
    expect(screen.queryByText(sendFailedNotice.title)).not.toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('');
    expect(field('Leistung')).toHaveValue('');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue('');
    expect(submitButton()).toHaveTextContent('Termin anfragen');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a 502 from the e-mail function is still the error notice, with the values kept', async () => {
    invoke.mockResolvedValue({ data: null, error: httpError(502) });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(screen.queryByText(storedQueuedNotice.title)).not.toBeInTheDocument();
  });

  it('uses a new id once the visitor changes the request', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    await user.type(field('Nachricht \\(optional\\)'), 'Lieber vormittags.');
    await user.click(submitButton());
    await screen.findByText(REQUEST_SENT);
    const [first, second] = insert.mock.calls.map(([row]) => (row as { id: string }).id);
    expect(second).not.toBe(first);
  });

  /**
   * appointment_start_times as the database answers it: the day's start times, free or
   * not. `taken[day][service]` lists the times taken for that service on that day.
   */
  function answerStartTimes(taken: Record<string, Partial<Record<string, readonly string[]>>>) {
    rpc.mockImplementation(async (name, args) => {
      if (name !== 'appointment_start_times') return { data: [], error: null };
      const takenThen = taken[args.p_day as string]?.[args.p_service as string] ?? [];
      return { data: ['09:00', '09:30', '10:00', '14:00', '14:30', '15:00'].map((time) => ({ time, free: !takenThen.includes(time) })), error: null };
    });
  }
  const startTimeCalls = () => rpc.mock.calls.filter(([name]) => name === 'appointment_start_times').map(([, args]) => args);

  it('marks the times taken on each chosen date, and only those; before a service is chosen, for the shortest one', async () => {
    answerStartTimes({ [DAY]: { 'follow-up': ['14:30'] }, [ALT_DAY]: { 'follow-up': ['09:00'] } });
    const user = await openAppointmentForm();
    const preferred = within(fieldset('Wunschtermin'));
    const alternative = within(fieldset('Alternativtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), DAY);
    const taken = await preferred.findByRole('option', { name: '14:30 Uhr – bereits vergeben' });
    expect(taken).toBeDisabled();
    expect(preferred.getByRole('option', { name: '15:00 Uhr' })).toBeEnabled();
    // The catalogue's shortest service: Follow-up, 30 minutes.
    expect(startTimeCalls()).toEqual([{ p_day: DAY, p_service: 'follow-up' }]);
    // The alternative date has its own.
    expect(alternative.getByRole('option', { name: '14:30 Uhr' })).toBeEnabled();
    await user.type(alternative.getByLabelText(/^Datum/), ALT_DAY);
    expect(await alternative.findByRole('option', { name: '09:00 Uhr – bereits vergeben' })).toBeDisabled();
    expect(preferred.getByRole('option', { name: '09:00 Uhr' })).toBeEnabled();
  });

  it('asks again when the service changes, and marks the times taken for that one (a longer service has more)', async () => {
    answerStartTimes({ [DAY]: { 'follow-up': ['09:00'], schlafberatung: ['09:00', '09:30'], 'beratung-zuhause': ['09:00', '09:30', '14:00'] } });
    const user = await openAppointmentForm();
    const preferred = within(fieldset('Wunschtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), DAY);
    expect(await preferred.findByRole('option', { name: '09:00 Uhr – bereits vergeben' })).toBeDisabled();
    expect(preferred.getByRole('option', { name: '09:30 Uhr' })).toBeEnabled();

    await user.selectOptions(field('Leistung'), 'schlafberatung');
    expect(await preferred.findByRole('option', { name: '09:30 Uhr – bereits vergeben' })).toBeDisabled();
    expect(preferred.getByRole('option', { name: '14:00 Uhr' })).toBeEnabled();

    await user.selectOptions(field('Leistung'), 'beratung-zuhause');
    expect(await preferred.findByRole('option', { name: '14:00 Uhr – bereits vergeben' })).toBeDisabled();

    await user.selectOptions(field('Leistung'), 'follow-up');
    expect(await preferred.findByRole('option', { name: '09:30 Uhr' })).toBeEnabled();
    expect(preferred.getByRole('option', { name: '09:00 Uhr – bereits vergeben' })).toBeDisabled();
    expect(startTimeCalls()).toEqual([
      { p_day: DAY, p_service: 'follow-up' },
      { p_day: DAY, p_service: 'schlafberatung' },
      { p_day: DAY, p_service: 'beratung-zuhause' },
    ]);
  });

  it('a chosen time that becomes taken with another service says so at the field, and sending stops there', async () => {
    answerStartTimes({ [DAY]: { schlafberatung: ['09:30'] } });
    const user = await openAppointmentForm();
    await fillRequired(user);
    const time = within(fieldset('Wunschtermin')).getByLabelText('Uhrzeit') as HTMLSelectElement;
    await user.selectOptions(time, '09:30');
    expect(time).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(field('Leistung'), 'schlafberatung');
    const text = slotFieldTexts.chosenTimeTaken;
    await waitFor(() => expect(time).toHaveAccessibleDescription(text));
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time.validationMessage).toBe(text);
    const [messageId] = time.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(messageId!)).toHaveAttribute('aria-live', 'polite');
    await user.click(submitButton());
    expect(insert).not.toHaveBeenCalled();

    // Another time: the message goes, and the request is sent with it.
    await user.selectOptions(time, '10:00');
    expect(time).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    expect(insert.mock.calls[0]![0]).toMatchObject({ service: 'Schlafberatung', preferred_time: '10:00' });
  });

  it('forgets the taken times with the date and the service once the request is sent and the form emptied', async () => {
    answerStartTimes({ [DAY]: { 'follow-up': ['14:30'] } });
    const user = await openAppointmentForm();
    await fillRequired(user);
    const preferred = within(fieldset('Wunschtermin'));
    expect(await preferred.findByRole('option', { name: '14:30 Uhr – bereits vergeben' })).toBeDisabled();
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    expect(preferred.getByLabelText(/^Datum/)).toHaveValue('');
    expect(preferred.getByRole('option', { name: '14:30 Uhr' })).toBeEnabled();
  });

  it('keeps every time selectable when the taken times cannot be read', async () => {
    rpc.mockResolvedValue({ data: null, error: supabaseError('PostgrestError', 'offline') });
    const user = await openAppointmentForm();
    const preferred = within(fieldset('Wunschtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), DAY);
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('appointment_start_times', expect.anything()));
    for (const option of preferred.getAllByRole('option').slice(1)) expect(option).toBeEnabled();
  });

  it('ignores what is not a free-or-taken start time in the answer', async () => {
    rpc.mockImplementation(async (name) => ({
      data: name === 'appointment_start_times' ? [{ time: '09:00', free: false }, { time: '09:30' }, { time: '12:00', free: false }, { time: '10:00', free: 'no' }, null, 'x'] : [],
      error: null,
    }));
    const user = await openAppointmentForm();
    const preferred = within(fieldset('Wunschtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), DAY);
    expect(await preferred.findByRole('option', { name: '09:00 Uhr – bereits vergeben' })).toBeDisabled();
    for (const time of ['09:30', '10:00']) expect(preferred.getByRole('option', { name: `${time} Uhr` })).toBeEnabled();
  });

  it('does not send while a required field is empty (the browser’s own check)', async () => {
    const user = await openAppointmentForm();
    await fillRequired(user);
    await user.clear(field('Telefon'));
    await user.click(submitButton());
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses a phone that is no phone at its field, with the hint beside it, and sends nothing', async () => {
    const user = await openAppointmentForm();
    await fillRequired(user);
    const phone = field('Telefon');
    expect(phone).toHaveAccessibleDescription(fieldHints.phone);
    await user.clear(phone);
    await enter(user, phone, '📞 079 abc');
    await user.click(submitButton());
    expect(insert).not.toHaveBeenCalled();
    expect(invoke).not.toHaveBeenCalled();
    // jsdom's reportValidity() moves no focus; Chromium's does (e2e/field-check.test.ts).
    expect((phone as HTMLInputElement).validationMessage).toBe(fieldProblemTexts.notAPhone);

    await user.clear(phone);
    await enter(user, phone, '(044) 123-45-67');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(insert.mock.calls[0]![0]).toMatchObject({ phone: '(044) 123-45-67' });
  });

  it('keeps a surname pasted over the limit whole, says so at the field, and sends nothing until it is shortened', async () => {
    const user = await openAppointmentForm();
    await fillRequired(user);
    const surname = field('Nachname') as HTMLInputElement;
    await user.clear(surname);
    const long = 'Keller'.repeat(20);
    await enter(user, surname, long);
    // Nothing cut: the browser's maxLength would have kept 100 of the 120 characters without a word.
    expect(surname.value).toBe(long);
    expect(surname).toHaveAttribute('aria-invalid', 'true');
    expect(surname).toHaveAccessibleDescription(fieldProblemTexts.overLimit(long.length, FIELD_LIMITS.name));
    await user.click(submitButton());
    expect(insert).not.toHaveBeenCalled();
    expect(surname.validationMessage).toBe(fieldProblemTexts.tooLong(FIELD_LIMITS.name));

    await user.clear(surname);
    await enter(user, surname, 'Keller');
    expect(surname).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
  });

  describe('the practice’s rules at the date field, before anything is sent', () => {
    const dateField = (legend = 'Wunschtermin') => within(fieldset(legend)).getByLabelText(/^Datum/) as HTMLInputElement;
    const timeField = (legend = 'Wunschtermin') => within(fieldset(legend)).getByLabelText('Uhrzeit') as HTMLSelectElement;
    const timeOptions = (legend = 'Wunschtermin') => within(timeField(legend)).getAllByRole('option') as HTMLOptionElement[];
    const closedDaysCalls = () => rpc.mock.calls.filter(([name]) => name === 'practice_closed_days');
    /** What every closed-day message says right after its date, whatever the reason (closure, weekday, holiday). */
    const closedDayPhrase = slotFieldTexts.closedClosure('|').split('|')[1]!.split('.')[0]!;

    /** The message under the field: its description, its validation message, and marked invalid. */
    function expectMessage(field: HTMLElement, text: string) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(text);
      expect((field as HTMLInputElement).validationMessage).toBe(text);
      // Shown in a live region, so a screen reader announces it as it appears.
      const [messageId] = field.getAttribute('aria-describedby')!.split(' ');
      expect(document.getElementById(messageId!)).toHaveAttribute('aria-live', 'polite');
    }
    function expectNoMessage(field: HTMLElement) {
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(field).not.toHaveAccessibleDescription();
      expect((field as HTMLInputElement).validity.customError).toBe(false);
    }
    async function choose(user: User, day: string, legend = 'Wunschtermin') {
      await waitFor(() => expect(dateField(legend)).toHaveAttribute('min'));
      await user.clear(dateField(legend));
      await user.type(dateField(legend), day);
    }

    // The first day the practice is open: the window's first day may be a Sunday or a holiday.
    const tooSoon = () => slotFieldTexts.tooSoon(formatDateLong(bookableDay(0)));

    it.each([
      ['today', () => today()],
      ['tomorrow', () => addDays(today(), 1)],
    ])('%s is too soon: «frühestens» with the first bookable day, and no times', async (_what, day) => {
      const user = await openAppointmentForm();
      await choose(user, day());
      expectMessage(dateField(), tooSoon());
      expect(timeOptions().map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesUnbookable]);
    });

    it('the first bookable day is fine: no message, that day’s times', async () => {
      const user = await openAppointmentForm();
      const day = firstDayWhere((d) => isoWeekday(d) !== 7 && holidayName(d) === null);
      await choose(user, day);
      expectNoMessage(dateField());
      expect(timeOptions()).toHaveLength(22);
    });

    it('a Sunday is closed, «geschlossen», and offers no time', async () => {
      const user = await openAppointmentForm();
      const sunday = firstDayWhere((d) => isoWeekday(d) === 7 && holidayName(d) === null);
      await choose(user, sunday);
      expectMessage(dateField(), slotFieldTexts.closedWeekday(formatDateLong(sunday)));
      const options = timeOptions();
      expect(options.map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesClosed]);
      // No start times asked for on a closed day.
      expect(rpc).not.toHaveBeenCalledWith('appointment_start_times', expect.anything());
    });

    it('a public holiday is closed, with its name', async () => {
      const user = await openAppointmentForm();
      // Zurich's holidays are never 5 months apart: one always lies in the 6-month window.
      const holiday = firstDayWhere((d) => holidayName(d) !== null);
      await choose(user, holiday);
      expectMessage(dateField(), slotFieldTexts.closedHoliday(formatDateLong(holiday), holidayName(holiday)!));
      expect(timeOptions().map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesClosed]);
    });

    it('Christmas Day, as the visitor reads it (the clock set to Friday, 20 November 2026)', async () => {
      vi.setSystemTime(new Date('2026-11-20T09:00:00Z'));
      try {
        const user = await openAppointmentForm();
        await choose(user, '2026-12-25');
        expectMessage(dateField(), slotFieldTexts.closedHoliday('Freitag, 25. Dezember 2026', 'Weihnachten'));
        await choose(user, '2026-11-21');
        expectMessage(
          dateField(),
          // Two days ahead is the Sunday, when the practice is closed: the Monday is named.
          slotFieldTexts.tooSoon('Montag, 23. November 2026'),
        );
        await choose(user, '2027-05-21');
        expectMessage(dateField(), slotFieldTexts.tooFar('Donnerstag, 20. Mai 2027'));
      } finally {
        vi.useRealTimers();
      }
    });

    it('a day the practice closed is «geschlossen» without a reason; the closures are read once, from the first bookable day', async () => {
      const closure = bookableDay(4);
      rpc.mockImplementation(async (name) => ({ data: name === 'practice_closed_days' ? [closure, 'not a date', 42] : [], error: null }));
      const user = await openAppointmentForm();
      expect(closedDaysCalls()).toHaveLength(0);
      await choose(user, closure);
      await waitFor(() => expectMessage(dateField(), slotFieldTexts.closedClosure(formatDateLong(closure))));
      expect(timeOptions().map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesClosed]);
      expect(closedDaysCalls()).toEqual([['practice_closed_days', { p_from: slotWindow(today()).first, p_days: 200 }]]);
      // The alternative date knows it too, without asking again.
      await choose(user, closure, 'Alternativtermin');
      expectMessage(dateField('Alternativtermin'), slotFieldTexts.closedClosure(formatDateLong(closure)));
      // Another day is fine again.
      await choose(user, DAY);
      expectNoMessage(dateField());
      expect(closedDaysCalls()).toHaveLength(1);
    });

    it('a day set without focusing the field (picked before the page was live, or by a script) reads the closures too', async () => {
      const closure = bookableDay(4);
      rpc.mockImplementation(async (name) => ({ data: name === 'practice_closed_days' ? [closure] : [], error: null }));
      await openAppointmentForm();
      await waitFor(() => expect(dateField()).toHaveAttribute('min'));
      fireEvent.change(dateField(), { target: { value: closure } });
      await waitFor(() => expectMessage(dateField(), slotFieldTexts.closedClosure(formatDateLong(closure))));
    });

    it('without the closures (the call fails) every rule-open day is offered', async () => {
      rpc.mockImplementation(async (name) => (name === 'practice_closed_days' ? { data: null, error: supabaseError('PostgrestError', 'offline') } : { data: [], error: null }));
      const user = await openAppointmentForm();
      await choose(user, DAY);
      await waitFor(() => expect(closedDaysCalls().length).toBeGreaterThan(0));
      expectNoMessage(dateField());
      expect(timeOptions()).toHaveLength(22);
    });

    it('beyond the horizon is too far, with the last bookable day', async () => {
      const user = await openAppointmentForm();
      const { last } = slotWindow(today());
      await choose(user, addDays(last, 1), 'Alternativtermin');
      expectMessage(dateField('Alternativtermin'), slotFieldTexts.tooFar(formatDateLong(last)));
      expect(timeOptions('Alternativtermin').map((o) => o.textContent)).toEqual([slotFieldTexts.noTimesUnbookable]);
      // The preferred date's own fields are untouched.
      expectNoMessage(dateField());
    });

    it('an open day offers its times, taken ones marked; a closed day after it none, and an open day again all', async () => {
      rpc.mockImplementation(async (name, args) => ({
        data: name === 'appointment_start_times' && args.p_day === DAY ? [{ time: '09:30', free: true }, { time: '10:00', free: false }] : [],
        error: null,
      }));
      const user = await openAppointmentForm();
      await choose(user, DAY);
      expect(await within(fieldset('Wunschtermin')).findByRole('option', { name: '10:00 Uhr – bereits vergeben' })).toBeDisabled();
      const labels = timeOptions().slice(1).map((o) => o.textContent);
      expect(labels).toHaveLength(21);
      expect(labels[0]).toBe('09:00 Uhr');
      expect(labels.at(-1)).toBe('20:00 Uhr');
      await choose(user, firstDayWhere((d) => isoWeekday(d) === 7));
      expect(timeOptions()).toHaveLength(1);
      await choose(user, ALT_DAY);
      expect(timeOptions()).toHaveLength(22);
    });

    it('sending with a refused day stops at the field, nothing is stored', async () => {
      const user = await openAppointmentForm();
      await fillRequired(user);
      const sunday = firstDayWhere((d) => isoWeekday(d) === 7 && holidayName(d) === null);
      await choose(user, sunday, 'Alternativtermin');
      // The browser's own check stops the submission at the first invalid field, which it
      // focuses, showing the field's message (jsdom does the check but moves no focus).
      const invalid = vi.fn();
      dateField('Alternativtermin').addEventListener('invalid', invalid);
      await user.click(submitButton());
      expect(invalid).toHaveBeenCalledTimes(1);
      expect(dateField('Alternativtermin').validationMessage).toBe(slotFieldTexts.closedWeekday(formatDateLong(sunday)));
      expect(Array.from(dateField().form!.elements).filter((e) => !(e as HTMLInputElement).validity.valid)).toEqual([
        dateField('Alternativtermin'),
      ]);
      expect(insert).not.toHaveBeenCalled();
      expect(takeFormProof).not.toHaveBeenCalled();

      // Another day: the message goes, and the request is sent.
      await choose(user, ALT_DAY, 'Alternativtermin');
      expectNoMessage(dateField('Alternativtermin'));
      await user.click(submitButton());
      expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
      expect(insert.mock.calls[0]![0]).toMatchObject({ preferred_date: DAY, alternative_date: ALT_DAY });
    });

    it('a message stays while the visitor edits other fields (they do not clear it)', async () => {
      const user = await openAppointmentForm();
      await choose(user, today());
      await user.type(field('Vorname'), 'Beat');
      expectMessage(dateField(), tooSoon());
    });

    /** The database's refusal of the insert, as postgrest-js hands it over (HTTP 400). */
    function refusedInsert(details: string, message: string) {
      insert.mockResolvedValue({
        data: null,
        error: Object.assign(supabaseError('PostgrestError', message), { code: '23514', details, hint: null }),
      });
    }

    async function expectErrorNotice() {
      expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
      expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    }

    it('the database refuses a day closed meanwhile: the error notice, and «geschlossen» at the field, which takes the focus; the closures are read again', async () => {
      const user = await openAppointmentForm();
      await fillRequired(user);
      await waitFor(() => expect(closedDaysCalls()).toHaveLength(1));
      refusedInsert('preferred_date:closed', `preferred_date ${DAY} is a day the practice is closed`);
      rpc.mockImplementation(async (name) => ({ data: name === 'practice_closed_days' ? [DAY] : [], error: null }));
      await user.click(submitButton());
      await expectErrorNotice();
      const text = slotFieldTexts.closedClosure(formatDateLong(DAY));
      await waitFor(() => expectMessage(dateField(), text));
      expect(dateField()).toHaveFocus();
      expect(dateField()).toHaveValue(DAY);
      await waitFor(() => expect(closedDaysCalls()).toHaveLength(2));
      expect(invoke).not.toHaveBeenCalled();

      // Sending again is stopped at the field.
      await user.click(submitButton());
      expect(insert).toHaveBeenCalledTimes(1);

      // Another day: the message goes.
      insert.mockResolvedValue({ data: null, error: null });
      await choose(user, ALT_DAY);
      expectNoMessage(dateField());
      await user.click(submitButton());
      expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    });

    it('the database refuses the alternative as too far: the message at the alternative date', async () => {
      const user = await openAppointmentForm();
      await fillRequired(user);
      await choose(user, ALT_DAY, 'Alternativtermin');
      refusedInsert('alternative_date:too_far', `alternative_date ${ALT_DAY} is too far ahead`);
      await user.click(submitButton());
      await expectErrorNotice();
      const text = slotFieldTexts.tooFar(formatDateLong(slotWindow(today()).last));
      await waitFor(() => expectMessage(dateField('Alternativtermin'), text));
      expect(dateField('Alternativtermin')).toHaveFocus();
      expectNoMessage(dateField());
    });

    it('the database refuses the time: the message at the time field', async () => {
      const user = await openAppointmentForm();
      await fillRequired(user);
      await user.selectOptions(timeField(), '09:30');
      refusedInsert('preferred_time:time_not_offered', `preferred_time 09:30 is not offered on preferred_date ${DAY}`);
      await user.click(submitButton());
      await expectErrorNotice();
      const text = slotFieldTexts.timeNotOffered;
      await waitFor(() => expect(timeField()).toHaveAccessibleDescription(text));
      expect(timeField()).toHaveAttribute('aria-invalid', 'true');
      expect(timeField()).toHaveFocus();
      expectNoMessage(dateField());
      await user.selectOptions(timeField(), '10:00');
      expect(timeField()).not.toHaveAttribute('aria-invalid');
    });

    it('other refusals (a check violation without the rules’ detail) are only the error notice', async () => {
      const user = await openAppointmentForm();
      await fillRequired(user);
      refusedInsert('Failing row contains (…)', 'new row violates check constraint "appointment_requests_phone_check"');
      await user.click(submitButton());
      await expectErrorNotice();
      expectNoMessage(dateField());
      expect(screen.queryByText((text) => text.includes(closedDayPhrase))).toBeNull();
    });

    it('a value typed over the limits by script still gets its message (min and max are only the picker’s)', async () => {
      await openAppointmentForm();
      await waitFor(() => expect(dateField()).toHaveAttribute('min'));
      fireEvent.change(dateField(), { target: { value: today() } });
      expectMessage(dateField(), tooSoon());
    });
  });
});
