// @vitest-environment node
/**
 * The invoices in the database (…_invoices.sql): public.issue_invoice gives a confirmed
 * appointment one invoice from its day on (Zurich), numbered `<year>-<4 digits>` without
 * gaps in one sequence per year, in the same transaction as its first mail (outbox kind
 * 'invoice'); concurrent presses give one invoice; a failed issue takes no number;
 * resend_invoice owes the same invoice once more (once per press while none is pending),
 * within its budget (INVOICE_RESENDS_MAX in all, one per INVOICE_RESEND_INTERVAL_MINUTES,
 * counted in its p_now's clock, however many calls come at once);
 * mark_invoice_paid marks it once; the tables are closed to the site's REST keys.
 * The function (the PDF, the mail, the page): invoice-action.test.ts and e2e/invoice.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_NUMBER, INVOICE_RESEND_INTERVAL_MINUTES, INVOICE_RESENDS_MAX } from '../../supabase/functions/_shared/domain/invoice.ts';
import { zurichInstant, zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { backendTarget, browserClient, newAppointmentRequest, newVisitor, slotSequence, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const asService = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  backend.query<T>(`select (select set_config('role', 'service_role', true)), ${sql}`, params);

const nextSlot = slotSequence(69);

/** A confirmed appointment of its own; returns its id and day. */
async function confirmedAppointment(email = newVisitor().email) {
  const { date, time } = nextSlot();
  const row = newAppointmentRequest(email, { preferred_date: date, preferred_time: time });
  await backend.query(
    `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time, message)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'Ich schlafe schlecht.')`,
    [row.id, row.first_name, row.last_name, row.email, row.phone, row.service, row.preferred_date, row.preferred_time],
  );
  const decided = await asService<{ decided: { result: string } }>(`public.decide_appointment($1, 'confirm', $2::date, $3) as decided`, [row.id, date, time]);
  expect(decided.rows[0]!.decided.result).toBe('changed');
  return { id: row.id as string, date, time, email };
}

interface IssueAnswer {
  result: string;
  from?: string;
  invoice?: { number: string; amount_rappen: number; issued_on: string; first_name: string; mail_key: string; mail_pending: boolean; sends: number; paid_at: string | null };
}

/** issue_invoice at noon (Zurich) of `day`. */
async function issue(id: string, day: string, amount = 19000): Promise<IssueAnswer> {
  const { rows } = await asService<{ answer: IssueAnswer }>(`public.issue_invoice($1, $2, $3) as answer`, [id, amount, zurichInstant(day, '12:00').toISOString()]);
  return rows[0]!.answer;
}

const sequenceOf = (number: string) => Number(INVOICE_NUMBER.exec(number)![2]);

describe('issuing an invoice', () => {
  it('waits for the appointment\'s day in Zurich, and is only for a confirmed appointment', async () => {
    const { id, date } = await confirmedAppointment();
    const dayBefore = new Date(`${date}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    // 23:59 the evening before in Zurich: still too soon; 00:00 on the day: issued.
    const lastMinute = new Date(zurichInstant(date, '00:00').getTime() - 60_000);
    const early = (await asService<{ answer: IssueAnswer }>(`public.issue_invoice($1, 19000, $2) as answer`, [id, lastMinute.toISOString()])).rows[0]!.answer;
    expect(early).toEqual({ result: 'too_soon', from: date });
    const onTheDay = (await asService<{ answer: IssueAnswer }>(`public.issue_invoice($1, 19000, $2) as answer`, [id, zurichInstant(date, '00:00').toISOString()])).rows[0]!.answer;
    expect(onTheDay.result).toBe('issued');

    const open = newAppointmentRequest(newVisitor().email, { preferred_date: date, preferred_time: '09:30' });
    await backend.query(
      `insert into public.appointment_requests (id, first_name, last_name, email, phone, service, preferred_date, preferred_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [open.id, open.first_name, open.last_name, open.email, open.phone, open.service, open.preferred_date, open.preferred_time],
    );
    expect((await issue(open.id as string, date)).result).toBe('not_confirmed');
    expect((await issue('00000000-0000-4000-8000-000000000000', date)).result).toBe('not_found');
  });

  it('holds what an invoice must and owes its first mail in the same transaction', async () => {
    const { id, date, email } = await confirmedAppointment();
    const answer = await issue(id, date, 12345 - 45);
    expect(answer.result).toBe('issued');
    const number = answer.invoice!.number;
    expect(number).toMatch(INVOICE_NUMBER);
    expect(number.slice(0, 4)).toBe(date.slice(0, 4));
    expect(answer.invoice).toMatchObject({ amount_rappen: 12300, issued_on: date, mail_key: `invoice/${number}/1`, mail_pending: true, sends: 1, paid_at: null });
    const { rows } = await backend.query<Record<string, unknown>>(`select * from public.invoices where number = $1`, [number]);
    // No message, no phone, no e-mail as typed: the address key only.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'address_key', 'advisor', 'amount_rappen', 'appointment_date', 'appointment_id', 'appointment_request_id', 'appointment_time', 'created_at',
      'first_name', 'issued_on', 'language', 'last_name', 'minutes', 'number', 'paid_at', 'service',
    ]);
    expect(rows[0]!.address_key).toBe(email.replace(/@(.*)$/, (_, domain: string) => `@${domain.toLowerCase()}`));
    // The mail names the invoice only: it stays with the invoice when the request goes.
    const mails = await backend.query<{ kind: string; about: string; appointment_request_id: string | null }>(
      `select kind, about, appointment_request_id from public.outbox_mails where idempotency_key = $1`, [`invoice/${number}/1`]);
    expect(mails.rows).toEqual([{ kind: 'invoice', about: number, appointment_request_id: null }]);
  });

  it('gives one invoice however often and however concurrently the button is pressed', async () => {
    const { id, date } = await confirmedAppointment();
    const answers = await Promise.all(Array.from({ length: 6 }, () => issue(id, date)));
    expect(answers.filter((answer) => answer.result === 'issued')).toHaveLength(1);
    expect(answers.filter((answer) => answer.result === 'existing')).toHaveLength(5);
    expect(new Set(answers.map((answer) => answer.invoice!.number)).size).toBe(1);
    const { rows } = await backend.query<{ invoices: number; mails: number }>(
      `select (select count(*)::int from public.invoices where appointment_request_id = $1) as invoices,
              (select count(*)::int from public.outbox_mails m join public.invoices i on i.number = m.about
                where m.kind = 'invoice' and i.appointment_id = $1) as mails`, [id]);
    expect(rows[0]).toEqual({ invoices: 1, mails: 1 });
  });

  it('numbers the year\'s invoices in sequence without gaps, also when an issue fails in between', async () => {
    const appointments = await Promise.all([0, 1, 2, 3].map(() => confirmedAppointment()));
    // All on the last one's day, so that they fall into one year.
    const day = appointments.at(-1)!.date;
    const first = await issue(appointments[0]!.id, day);
    // An amount the table refuses (not in 5-Rappen steps): the whole issue rolls back, its number with it.
    await expect(issue(appointments[1]!.id, day, 19001)).rejects.toThrow(/amount_valid/);
    const rest = await Promise.all(appointments.slice(1).map((appointment) => issue(appointment.id, day)));
    const numbers = [first, ...rest].map((answer) => sequenceOf(answer.invoice!.number)).sort((a, b) => a - b);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2, numbers[0]! + 3]);
    const { rows } = await backend.query<{ last_number: number }>(`select last_number from public.invoice_counters where year = $1`, [Number(day.slice(0, 4))]);
    expect(rows[0]!.last_number).toBe(numbers[3]);
    // The next year starts at 0001.
    const nextYear = await confirmedAppointment();
    const { rows: next } = await asService<{ answer: IssueAnswer }>(`public.issue_invoice($1, 19000, $2) as answer`, [
      nextYear.id, `${Number(day.slice(0, 4)) + 1}-01-05T12:00:00Z`,
    ]);
    expect(next[0]!.answer.result).toBe('issued');
    expect(next[0]!.answer.invoice!.number).toBe(`${Number(day.slice(0, 4)) + 1}-0001`);
  });

  it('resends the same invoice once per press while none is owed, and marks it paid once', async () => {
    const { id, date } = await confirmedAppointment();
    const { invoice } = await issue(id, date);
    const resend = async () => (await asService<{ answer: IssueAnswer }>(`public.resend_invoice($1) as answer`, [id])).rows[0]!.answer;
    // The first mail is still owed: a resend is that mail.
    expect(await resend()).toMatchObject({ result: 'pending', invoice: { number: invoice!.number, mail_key: `invoice/${invoice!.number}/1` } });
    await backend.query(`update public.outbox_mails set sent_at = now() where idempotency_key = $1`, [`invoice/${invoice!.number}/1`]);
    expect(await resend()).toMatchObject({ result: 'owed', invoice: { number: invoice!.number, mail_key: `invoice/${invoice!.number}/2`, sends: 2 } });
    expect(await resend()).toMatchObject({ result: 'pending', invoice: { mail_key: `invoice/${invoice!.number}/2` } });

    const paid = async (at: string) => (await asService<{ answer: IssueAnswer }>(`public.mark_invoice_paid($1, $2) as answer`, [id, at])).rows[0]!.answer;
    const once = await paid('2030-01-01T10:00:00Z');
    expect(once.invoice!.paid_at).not.toBeNull();
    expect((await paid('2030-02-01T10:00:00Z')).invoice!.paid_at).toBe(once.invoice!.paid_at);
  });
});

describe('the resend budget', () => {
  it('owes INVOICE_RESENDS_MAX resends, one per interval after the last, the first mail not counted; concurrent calls owe one', async () => {
    const { id, date } = await confirmedAppointment();
    const { invoice } = await issue(id, date);
    const start = zurichInstant(date, '12:00').getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const resend = async (minutes: number) =>
      (await asService<{ answer: IssueAnswer & { retry_after_seconds?: number | null } }>(`public.resend_invoice($1, $2) as answer`, [id, at(minutes)])).rows[0]!.answer;
    const sendAll = () => backend.query(`update public.outbox_mails set sent_at = now() where kind = 'invoice' and about = $1 and sent_at is null`, [invoice!.number]);
    await sendAll();
    const interval = INVOICE_RESEND_INTERVAL_MINUTES;
    // Concurrent calls take turns at the invoice's lock: one owes, the others find it owed.
    const together = await Promise.all(Array.from({ length: 6 }, () => resend(0)));
    expect(together.filter((answer) => answer.result === 'owed')).toHaveLength(1);
    expect(together.filter((answer) => answer.result !== 'owed').map((answer) => answer.result)).toEqual(Array(5).fill('pending'));
    await sendAll();
    expect(await resend(interval - 1)).toMatchObject({ result: 'limited', retry_after_seconds: 60, invoice: { number: invoice!.number, sends: 2 } });
    for (let n = 2; n <= INVOICE_RESENDS_MAX; n += 1) {
      expect(await resend((n - 1) * interval)).toMatchObject({ result: 'owed', invoice: { sends: n + 1 } });
      await sendAll();
    }
    expect(await resend(100 * interval)).toMatchObject({ result: 'limited', retry_after_seconds: null, invoice: { sends: 1 + INVOICE_RESENDS_MAX } });
  });
});

describe('the invoices at the REST API', () => {
  it('refuses the site\'s key: no reading, writing or calling', async () => {
    const { id, date } = await confirmedAppointment();
    const { invoice } = await issue(id, date);
    const anon = browserClient(backend, newVisitor().ip);
    expect((await anon.from('invoices').select('*')).error?.code).toBe('42501');
    expect((await anon.from('invoice_counters').select('*')).error?.code).toBe('42501');
    expect((await anon.from('invoices').update({ paid_at: new Date().toISOString() }).eq('number', invoice!.number)).error?.code).toBe('42501');
    expect((await anon.from('invoice_counters').update({ last_number: 0 }).eq('year', Number(date.slice(0, 4)))).error?.code).toBe('42501');
    for (const [name, args] of [
      ['issue_invoice', { p_request: id, p_amount_rappen: 100 }],
      ['resend_invoice', { p_request: id }],
      ['mark_invoice_paid', { p_request: id }],
      ['invoice_of', { p_request: id }],
      ['my_invoice', { p_address_key: 'x@example.ch', p_number: invoice!.number }],
    ] as const) {
      expect((await anon.rpc(name, args)).error?.code, name).toBe('42501');
    }
    const { rows } = await backend.query<{ paid_at: string | null }>(`select paid_at from public.invoices where number = $1`, [invoice!.number]);
    expect(rows[0]!.paid_at).toBeNull();
  });
});

describe('the invoices and «Meine Daten»', () => {
  it('lists the address\'s invoices, keeps them through an erasure (ten years), erases everything else, and still owes a link to them', async () => {
    const { id, date, email } = await confirmedAppointment();
    const { invoice } = await issue(id, date);
    const other = await confirmedAppointment();
    await issue(other.id, other.date);
    const key = email.replace(/@(.*)$/, (_, domain: string) => `@${domain.toLowerCase()}`);
    const listed = async () => (await asService<{ data: { invoices: Record<string, unknown>[] } }>(`public.my_data($1) as data`, [key])).rows[0]!.data.invoices;
    const year = Number(invoice!.issued_on.slice(0, 4));
    // Only this address's, with what an invoice must say, and until when it is kept.
    expect(await listed()).toEqual([{
      number: invoice!.number, issued_on: date, amount_rappen: 19000, service: 'Schlafberatung', appointment_date: date,
      appointment_time: expect.any(String), first_name: 'Beat', last_name: 'Keller', paid_at: null, delete_at: `${year + 11}-01-01`,
    }]);

    const erased = (await asService<{ erased: Record<string, number> }>(`public.erase_mailbox($1) as erased`, [key])).rows[0]!.erased;
    expect(erased.requests).toBe(1);
    expect(erased.invoices_kept).toBe(1);
    const { rows } = await backend.query<{ requests: number; invoices: number; request_ref: string | null; invoice_mails: number }>(
      `select (select count(*)::int from public.appointment_requests where id = $1) as requests,
              (select count(*)::int from public.invoices where number = $2) as invoices,
              (select appointment_request_id::text from public.invoices where number = $2) as request_ref,
              (select count(*)::int from public.outbox_mails where kind = 'invoice' and about = $2) as invoice_mails`, [id, invoice!.number]);
    // The request and its mails are gone; the invoice stays, no longer tied to a request, with
    // its own mail (its state: when it was sent) – it refers to the invoice.
    expect(rows[0]).toEqual({ requests: 0, invoices: 1, request_ref: null, invoice_mails: 1 });
    expect((await listed()).map((row) => row.number)).toEqual([invoice!.number]);
    // The other address's invoice is untouched.
    expect((await backend.query(`select 1 from public.invoices where appointment_request_id = $1`, [other.id])).rows).toHaveLength(1);
    // A link to «Meine Daten» is still owed to the address: its invoices are stored.
    const owed = (await asService<{ owed: { status: string } }>(`public.owe_data_link($1, 600, 100) as owed`, [email])).rows[0]!.owed;
    expect(owed.status).not.toBe('not_owed');
    // One invoice of the address, as «PDF again» reads it; none of another's.
    const mine = (await asService<{ invoice: { number: string } | null }>(`public.my_invoice($1, $2) as invoice`, [key, invoice!.number])).rows[0]!.invoice;
    expect(mine?.number).toBe(invoice!.number);
    const theirs = (await asService<{ invoice: unknown }>(`public.my_invoice($1, (select number from public.invoices where appointment_request_id = $2)) as invoice`, [key, other.id])).rows[0]!.invoice;
    expect(theirs).toBeNull();
  });

  it('the retention deletes an invoice ten years after the end of its year, not before', async () => {
    const { id, date } = await confirmedAppointment();
    const { invoice } = await issue(id, date);
    // The practice's year (Zurich), as the retention reckons it.
    const thisYear = Number(zurichIsoDate(0).slice(0, 4));
    const run = async () => (await asService<{ result: { invoices: number } }>(`public.delete_expired_form_submissions() as result`)).rows[0]!.result;
    await backend.query(`update public.invoices set issued_on = make_date($2, 12, 31) where number = $1`, [invoice!.number, thisYear - 10]);
    await run();
    expect((await backend.query(`select 1 from public.invoices where number = $1`, [invoice!.number])).rows).toHaveLength(1);
    await backend.query(`update public.invoices set issued_on = make_date($2, 12, 31) where number = $1`, [invoice!.number, thisYear - 11]);
    expect((await run()).invoices).toBeGreaterThanOrEqual(1);
    expect((await backend.query(`select 1 from public.invoices where number = $1`, [invoice!.number])).rows).toEqual([]);
  });
});

describe('the digest\'s open invoices', () => {
  it('lists the invoices unpaid more than 30 days after their date, oldest first; not a paid one, not a younger one', async () => {
    const appointments = await Promise.all([0, 1, 2].map(() => confirmedAppointment()));
    const numbers: string[] = [];
    for (const appointment of appointments) numbers.push((await issue(appointment.id, appointment.date)).invoice!.number);
    const [old, paid, young] = numbers as [string, string, string];
    const day = appointments[0]!.date;
    const daysBefore = (n: number) => {
      const at = new Date(`${day}T12:00:00Z`);
      at.setUTCDate(at.getUTCDate() - n);
      return at.toISOString().slice(0, 10);
    };
    await backend.query(`update public.invoices set issued_on = $2 where number = $1`, [old, daysBefore(31)]);
    await backend.query(`update public.invoices set issued_on = $2, paid_at = now() where number = $1`, [paid, daysBefore(45)]);
    await backend.query(`update public.invoices set issued_on = $2 where number = $1`, [young, daysBefore(30)]);
    const { rows } = await asService<{ open: { number: string; issued_on: string; amount_rappen: number; first_name: string }[] }>(
      `public.open_invoices($1) as open`, [zurichInstant(day, '08:00').toISOString()]);
    const listed = rows[0]!.open.filter((invoice) => numbers.includes(invoice.number));
    expect(listed).toEqual([expect.objectContaining({ number: old, issued_on: daysBefore(31), amount_rappen: 19000, first_name: 'Beat' })]);
  });
});
