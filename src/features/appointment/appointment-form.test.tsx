import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zurichIsoDate } from '@domain/dates';
import { renderRoute } from '@/test/render-route';
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

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/** A field by its visible label; required labels end in a "*" that is hidden from screen readers. */
const field = (label: string, index = 0) =>
  screen.getAllByLabelText(new RegExp(`^${label}\\*?$`))[index] as HTMLInputElement | HTMLSelectElement;
const submitButton = () => screen.getByRole('button', { name: /Termin anfragen|Wird gesendet/ });
const fieldset = (legend: string) => screen.getByRole('group', { name: legend });

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

async function openBookingForm() {
  return (await renderRoute('/termin-vereinbaren')).user;
}

async function fillRequired(user: User) {
  await user.type(field('Vorname'), 'Beat');
  await user.type(field('Nachname'), 'Keller');
  await user.type(field('E-Mail'), 'beat.keller@example.ch');
  await user.type(field('Telefon'), '+41 79 555 12 34');
  await user.selectOptions(field('Leistung'), 'follow-up');
  await user.type(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/), '2031-03-14');
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
    await openBookingForm();
    for (const legend of ['Persönliche Angaben', 'Gewünschte Leistung', 'Wunschtermin', 'Alternativtermin', 'Nachricht']) {
      expect(fieldset(legend)).toBeInTheDocument();
    }
    for (const label of ['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Leistung']) expect(field(label)).toBeRequired();
    const preferredDate = within(fieldset('Wunschtermin')).getByLabelText(/^Datum/);
    expect(preferredDate).toBeRequired();
    expect(preferredDate).toHaveAttribute('type', 'date');
    expect(within(fieldset('Alternativtermin')).getByLabelText(/^Datum/)).not.toBeRequired();
    expect(field('Nachricht \\(optional\\)')).toHaveAttribute('rows', '4');
    expect(screen.getByText('* Pflichtfelder. Wir bestätigen Ihren Termin innerhalb von 24 Stunden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
  });

  it('offers the three services by value with their readable labels', async () => {
    await openBookingForm();
    const options = within(field('Leistung')).getAllByRole('option').slice(1) as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['schlafberatung', 'follow-up', 'beratung-zuhause']);
    expect(options.map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual([
      'Schlafberatung (CHF 190.–)',
      'Follow-up Termin (CHF 100.–)',
      'Schlafberatung & Beratung zu Hause (Preis auf Anfrage)',
    ]);
  });

  it('offers the 21 time slots labelled with “Uhr”, none over lunch', async () => {
    await openBookingForm();
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

  it('does not offer days before today', async () => {
    await openBookingForm();
    const today = zurichIsoDate();
    await waitFor(() => expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveAttribute('min', today));
    expect(within(fieldset('Alternativtermin')).getByLabelText(/^Datum/)).toHaveAttribute('min', today);
  });

  it('stores the request, then e-mails it: label not value, null for empty optional fields', async () => {
    const user = await openBookingForm();
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
        preferred_date: '2031-03-14',
        preferred_time: null,
        alternative_date: null,
        alternative_time: null,
        message: null,
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
        preferredDate: '2031-03-14',
        preferredTime: null,
        alternativeDate: null,
        alternativeTime: null,
        message: null,
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
    const user = await openBookingForm();
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
    const user = await openBookingForm();
    await fillRequired(user);
    await user.selectOptions(within(fieldset('Wunschtermin')).getByLabelText('Uhrzeit'), '09:30');
    await user.type(within(fieldset('Alternativtermin')).getByLabelText(/^Datum/), '2031-03-20');
    await user.selectOptions(within(fieldset('Alternativtermin')).getByLabelText('Uhrzeit'), '18:00');
    await user.type(field('Nachricht \\(optional\\)'), 'Am liebsten abends.');
    await user.click(submitButton());
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(insert.mock.calls[0]![0]).toMatchObject({
      preferred_time: '09:30',
      alternative_date: '2031-03-20',
      alternative_time: '18:00',
      message: 'Am liebsten abends.',
    });
    expect(invoke.mock.calls[0]![1].body).toMatchObject({
      preferredTime: '09:30',
      alternativeDate: '2031-03-20',
      alternativeTime: '18:00',
      message: 'Am liebsten abends.',
    });
  });

  it('disables the button and shows “Wird gesendet...” while sending, then clears the form and confirms', async () => {
    const answer = deferred<{ data: unknown; error: null }>();
    invoke.mockReturnValue(answer.promise);
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent('Wird gesendet...'));
    // Disabled for assistive technology, but focusable, so keyboard focus is not lost; a second send is ignored.
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(insert).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));

    answer.resolve({ data: { ok: true }, error: null });
    expect(await screen.findByText('Terminanfrage gesendet!')).toBeInTheDocument();
    expect(
      screen.getByText('Vielen Dank für Ihre Terminanfrage. Wir bestätigen Ihren Termin innerhalb von 24 Stunden.'),
    ).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Termin anfragen');
    expect(field('Vorname')).toHaveValue('');
    expect(field('Leistung')).toHaveValue('');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue('');
  });

  async function expectFailureShown() {
    expect(await screen.findByText('Fehler beim Senden')).toBeInTheDocument();
    expect(
      screen.getByText('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.'),
    ).toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('Beat');
    expect(field('Leistung')).toHaveValue('follow-up');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue('2031-03-14');
    expect(submitButton()).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith(expect.any(Error));
    expect(screen.queryByText('Terminanfrage gesendet!')).not.toBeInTheDocument();
  }

  it('never sends the e-mail when storing the request fails (Postgres refuses a missing or invalid proof with 42501)', async () => {
    insert.mockResolvedValue({
      data: null,
      error: Object.assign(supabaseError('PostgrestError', 'new row violates row-level security policy'), { code: '42501' }),
    });
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(insert).toHaveBeenCalledTimes(1);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('shows the failure and keeps the values when the request is stored but the e-mail fails', async () => {
    invoke.mockResolvedValue({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openBookingForm();
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
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
  });

  it('stores nothing when no form proof can be made: error notice, values kept', async () => {
    takeFormProof.mockRejectedValue(new Error('Failed to fetch'));
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(insert).not.toHaveBeenCalled();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('retries a request whose e-mail failed under the same id, so no second row is stored; each attempt with its own proof in both steps', async () => {
    takeFormProof.mockResolvedValueOnce(testProof('first')).mockResolvedValueOnce(testProof('second'));
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();

    // The row is stored: the database answers the second insert with a unique violation.
    insert.mockResolvedValueOnce({ data: null, error: Object.assign(supabaseError('PostgrestError'), { code: '23505' }) });
    await user.click(submitButton());
    expect(await screen.findByText('Terminanfrage gesendet!')).toBeInTheDocument();
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
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText('Anfrage gespeichert')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Ihre Anfrage ist bei uns gespeichert. Wegen sehr vieler Anfragen erreicht sie uns heute verzögert; wir melden uns so bald wie möglich. Wenn es eilt, erreichen Sie uns unter +41 44 555 27 80.',
      ),
    ).toBeInTheDocument();
    // Announced as a status, not an alert: nothing went wrong for the visitor.
    await waitFor(() => expect(document.querySelector('[role="status"][aria-live="assertive"]')).toHaveTextContent('Anfrage gespeichert'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Terminanfrage gesendet!')).not.toBeInTheDocument();
    expect(screen.queryByText('Fehler beim Senden')).not.toBeInTheDocument();
    expect(field('Vorname')).toHaveValue('');
    expect(field('Leistung')).toHaveValue('');
    expect(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/)).toHaveValue('');
    expect(submitButton()).toHaveTextContent('Termin anfragen');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a 502 from the e-mail function is still the error notice, with the values kept', async () => {
    invoke.mockResolvedValue({ data: null, error: httpError(502) });
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    expect(screen.queryByText('Anfrage gespeichert')).not.toBeInTheDocument();
  });

  it('uses a new id once the visitor changes the request', async () => {
    invoke.mockResolvedValueOnce({ data: null, error: supabaseError('FunctionsHttpError') });
    const user = await openBookingForm();
    await fillRequired(user);
    await user.click(submitButton());
    await expectFailureShown();
    await user.type(field('Nachricht \\(optional\\)'), 'Lieber vormittags.');
    await user.click(submitButton());
    await screen.findByText('Terminanfrage gesendet!');
    const [first, second] = insert.mock.calls.map(([row]) => (row as { id: string }).id);
    expect(second).not.toBe(first);
  });

  it('marks the times confirmed for someone else on each chosen date as taken, and only those', async () => {
    rpc.mockImplementation(async (_name, args) => ({
      data: args.p_from === '2031-03-14' ? [{ date: '2031-03-14', time: '14:30' }] : [{ date: '2031-03-15', time: '09:00' }],
      error: null,
    }));
    const user = await openBookingForm();
    const preferred = within(fieldset('Wunschtermin'));
    const alternative = within(fieldset('Alternativtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), '2031-03-14');
    const taken = await preferred.findByRole('option', { name: '14:30 Uhr – bereits vergeben' });
    expect(taken).toBeDisabled();
    expect(preferred.getByRole('option', { name: '15:00 Uhr' })).toBeEnabled();
    expect(rpc).toHaveBeenCalledWith('taken_appointment_slots', { p_from: '2031-03-14', p_days: 1 });
    // The alternative date has its own.
    expect(alternative.getByRole('option', { name: '14:30 Uhr' })).toBeEnabled();
    await user.type(alternative.getByLabelText(/^Datum/), '2031-03-15');
    expect(await alternative.findByRole('option', { name: '09:00 Uhr – bereits vergeben' })).toBeDisabled();
    expect(preferred.getByRole('option', { name: '09:00 Uhr' })).toBeEnabled();
  });

  it('forgets the taken times with the date once the request is sent and the form emptied', async () => {
    rpc.mockResolvedValue({ data: [{ date: '2031-03-14', time: '14:30' }], error: null });
    const user = await openBookingForm();
    await fillRequired(user);
    const preferred = within(fieldset('Wunschtermin'));
    expect(await preferred.findByRole('option', { name: '14:30 Uhr – bereits vergeben' })).toBeDisabled();
    await user.click(submitButton());
    expect(await screen.findByText('Terminanfrage gesendet!')).toBeInTheDocument();
    expect(preferred.getByLabelText(/^Datum/)).toHaveValue('');
    expect(preferred.getByRole('option', { name: '14:30 Uhr' })).toBeEnabled();
  });

  it('keeps every time selectable when the taken times cannot be read', async () => {
    rpc.mockResolvedValue({ data: null, error: supabaseError('PostgrestError', 'offline') });
    const user = await openBookingForm();
    const preferred = within(fieldset('Wunschtermin'));
    await user.type(preferred.getByLabelText(/^Datum/), '2031-03-14');
    await waitFor(() => expect(rpc).toHaveBeenCalled());
    for (const option of preferred.getAllByRole('option').slice(1)) expect(option).toBeEnabled();
  });

  it('does not send while a required field is empty (the browser’s own check)', async () => {
    const user = await openBookingForm();
    await fillRequired(user);
    await user.clear(field('Telefon'));
    await user.click(submitButton());
    expect(insert).not.toHaveBeenCalled();
  });
});
