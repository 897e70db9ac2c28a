// @vitest-environment node
/**
 * The database through the API gateway, as the browser (supabase-js with the anon key)
 * and as an attacker with the same key would use it: one insert is allowed, carrying the
 * form proof the browser solved (x-form-proof), nothing else; every constraint answers
 * with its SQLSTATE. The stack runs without the functions, so the proofs are signed here
 * with the functions' secret (insertAppointment, signedProof) – the database checks them
 * as it checks the ones send-appointment-email issues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCatalog, type ServiceValue } from '../../supabase/functions/_shared/domain/catalog.ts';
import {
  newAppointmentRequest,
  backendTarget,
  browserClient,
  expiredProof,
  formProofHeaders,
  insertAppointment,
  newVisitor,
  proofHeader,
  signedProof,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;

/** A service's label, as the catalog names it and the table stores it. */
const label = (value: ServiceValue) => serviceCatalog.find((entry) => entry.value === value)!.label;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});


async function restInsert(table: string, body: unknown, key: string, prefer = 'return=minimal', headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.apiUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: prefer, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** What the database answers an insert without a genuine proof (…_appointment_requests.sql). */
const PROOF_REQUIRED = 'A solved form proof is required';

const countRows = async (table: string, email: string) =>
  Number((await backend.query<{ n: string }>(`select count(*) as n from public.${table} where email = $1`, [email])).rows[0]!.n);

describe('appointment_requests for anon', () => {
  it('accepts the insert the site makes, with its proof: 201 with no body', async () => {
    const { email, ip } = newVisitor();
    const { error, status, data } = await insertAppointment(backend, ip, newAppointmentRequest(email));
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const raw = await restInsert('appointment_requests', newAppointmentRequest(email), backend.anonKey, 'return=minimal', await formProofHeaders());
    expect(raw).toEqual({ status: 201, text: '' });
    expect(await countRows('appointment_requests', email)).toBe(2);
  });

  it('refuses an insert without a genuine proof with 401 and SQLSTATE 42501, saying why, and stores nothing', async () => {
    const { email, ip } = newVisitor();
    const garbled = proofHeader(await signedProof()).slice(0, -8);
    const cases: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['missing', { 'x-form-proof': '  ' }],
      ['invalid', { 'x-form-proof': garbled }],
      ['invalid', { 'x-form-proof': 'not+base64url/' }],
      // Signed with another secret: a proof the functions never issued.
      ['invalid', await formProofHeaders(await signedProof('send-appointment-email', 'someone-elses-secret-of-32-characters'))],
      // Solved, but with another derived key than the one the challenge's signature names.
      ['invalid', await formProofHeaders({ ...(await signedProof()), solution: { counter: 1, derivedKey: '00'.repeat(32) } } as never)],
      ['expired', await formProofHeaders(await expiredProof())],
      ['other_form', await formProofHeaders(await signedProof('send-contact-email'))],
    ];
    for (const [reason, headers] of cases) {
      const response = await restInsert('appointment_requests', newAppointmentRequest(email), backend.anonKey, 'return=minimal', headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(JSON.parse(response.text), JSON.stringify(headers)).toMatchObject({
        code: '42501',
        message: PROOF_REQUIRED,
        details: `x-form-proof: ${reason}`,
      });
    }
    // supabase-js without the header: what an older site (or curl) sends.
    const { error, status } = await insertAppointment(backend, ip, newAppointmentRequest(email), { proof: null });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: PROOF_REQUIRED, details: 'x-form-proof: missing' });
    expect(await countRows('appointment_requests', email)).toBe(0);
  });

  it('stores one row per proof: the proof of a stored request is refused for another (used)', async () => {
    const { email, ip } = newVisitor();
    const first = await insertAppointment(backend, ip, newAppointmentRequest(email));
    expect(first.error).toBeNull();
    const second = await insertAppointment(backend, ip, newAppointmentRequest(email), { proof: first.proof });
    expect(second.status).toBe(401);
    expect(second.error).toMatchObject({ code: '42501', message: PROOF_REQUIRED, details: 'x-form-proof: used' });
    // From another client the same: the proof, not the address, is what is spent.
    const elsewhere = await insertAppointment(backend, newVisitor().ip, newAppointmentRequest(email), { proof: first.proof });
    expect(elsewhere.error).toMatchObject({ code: '42501', details: 'x-form-proof: used' });
    expect(await countRows('appointment_requests', email)).toBe(1);
  });

  it('gives nothing back to read: select, insert-and-return, update and delete are refused', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    const row = newAppointmentRequest(email);
    expect((await insertAppointment(backend, ip, row)).error).toBeNull();

    const read = await supabase.from('appointment_requests').select('*');
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();

    // With a genuine proof: what refuses it is the missing right to read, not the proof.
    const returning = await restInsert('appointment_requests', newAppointmentRequest(email), backend.anonKey, 'return=representation', await formProofHeaders());
    expect(returning.status).toBe(401);
    expect(JSON.parse(returning.text)).toMatchObject({ code: '42501' });
    expect(JSON.parse(returning.text).message).not.toBe(PROOF_REQUIRED);
    expect(await countRows('appointment_requests', email)).toBe(1);

    const update = await supabase.from('appointment_requests').update({ first_name: 'Mallory' }).eq('id', row.id);
    expect(update.error?.code).toBe('42501');
    const remove = await supabase.from('appointment_requests').delete().eq('id', row.id);
    expect(remove.error?.code).toBe('42501');

    const stored = await backend.query<{ first_name: string }>('select first_name from public.appointment_requests where id = $1', [row.id]);
    expect(stored.rows).toEqual([{ first_name: 'Beat' }]);
  });

  it('does not let anon set the bookkeeping columns, even with a genuine proof', async () => {
    const { email, ip } = newVisitor();
    for (const column of ['created_at']) {
      const { error } = await insertAppointment(backend, ip, newAppointmentRequest(email, { [column]: new Date().toISOString() }));
      expect(error?.code, column).toBe('42501');
      expect(error?.message, column).not.toBe(PROOF_REQUIRED);
    }
    expect(await countRows('appointment_requests', email)).toBe(0);

    // The mail bookkeeping is the outbox's (…_outbox.sql): anon can neither write a row of
    // it (a request's practice mail marked sent or claimed) nor change one.
    const visitor = newVisitor();
    const row = newAppointmentRequest(visitor.email);
    expect((await insertAppointment(backend, visitor.ip, row)).error).toBeNull();
    const now = new Date().toISOString();
    for (const column of ['sent_at', 'claimed_at']) {
      const forged = await restInsert(
        'outbox_mails',
        { kind: 'request', appointment_request_id: row.id, idempotency_key: `forged/${column}/${row.id}`, [column]: now },
        backend.anonKey,
        'return=minimal',
        await formProofHeaders(),
      );
      expect(forged.status, column).toBe(401);
      expect(JSON.parse(forged.text), column).toMatchObject({ code: '42501' });
      const { error } = await browserClient(backend, visitor.ip).from('outbox_mails').update({ [column]: now }).eq('appointment_request_id', row.id);
      expect(error?.code, column).toBe('42501');
    }
    const { rows: mails } = await backend.query<{ sent_at: Date | null; claimed_at: Date | null }>(
      'select sent_at, claimed_at from public.outbox_mails where appointment_request_id = $1',
      [row.id],
    );
    expect(mails).toEqual([{ sent_at: null, claimed_at: null }]);
  });

  const violations: Array<[string, Record<string, unknown>, string]> = [
    ['a missing first name', { first_name: null }, '23502'],
    ['a blank last name', { last_name: '   ' }, '23514'],
    ['a first name over 100 characters', { first_name: 'A'.repeat(101) }, '23514'],
    ['an e-mail without @', { email: 'beat.example.ch' }, '23514'],
    ['an e-mail over 254 characters', { email: `${'b'.repeat(250)}@example.ch` }, '23514'],
    ['a phone number over 32 characters', { phone: '0'.repeat(33) }, '23514'],
    ['a missing phone number', { phone: null }, '23502'],
    ['an unknown service', { service: 'schlafberatung' }, '23514'],
    ['a time outside the 21 slots', { preferred_time: '12:00' }, '23514'],
    ['an alternative time outside the slots', { alternative_time: '21:00' }, '23514'],
    ['a preferred date in the past', { preferred_date: zurichDate(-1) }, '23514'],
    ['an alternative date in the past', { alternative_date: zurichDate(-3) }, '23514'],
    ['a missing preferred date', { preferred_date: null }, '23502'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, '23514'],
    ['a blank message', { message: ' ' }, '23514'],
  ];

  // With a genuine proof, so that the constraint is what answers (without one, 42501 comes first).
  it.each(violations)('rejects %s with SQLSTATE %s', async (_, overrides, sqlstate) => {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email, overrides);
    const { error, status } = await insertAppointment(backend, ip, row);
    expect(error?.code).toBe(sqlstate);
    expect(status).toBe(400);
    expect(await countRows('appointment_requests', String(row.email))).toBe(0);
  });

  it('accepts a bookable day, the first and last slot and the three service labels (every slot: contract.test.ts)', async () => {
    const { email, ip } = newVisitor();
    for (const [service, time] of [
      [label('schlafberatung'), '09:00'],
      [label('follow-up'), '20:00'],
      [label('beratung-zuhause'), null],
    ] as const) {
      const { error } = await insertAppointment(backend, ip, newAppointmentRequest(email, { service, preferred_time: time }));
      expect(error, service).toBeNull();
    }
  });

  it('stops a flood from one address: the 6th request within 10 minutes is refused, each with a fresh proof', async () => {
    const { email, ip } = newVisitor();
    for (let i = 0; i < 5; i += 1) {
      expect((await insertAppointment(backend, ip, newAppointmentRequest(email))).error).toBeNull();
    }
    const sixth = await insertAppointment(backend, ip, newAppointmentRequest(email.toUpperCase()));
    expect(sixth.status).toBe(401);
    expect(sixth.error?.code).toBe('42501');
    // The limit refused it (the policy), not the proof.
    expect(sixth.error?.message).toMatch(/row-level security/);
    // A refused insert leaves its proof unspent (it rolled back), and is refused again.
    expect((await insertAppointment(backend, ip, newAppointmentRequest(email), { proof: sixth.proof })).error?.message).toMatch(/row-level security/);
    expect(await countRows('appointment_requests', email)).toBe(5);
  });

  it('reports an id that is already stored as a unique violation (the site’s retry with its proof)', async () => {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email);
    const first = await insertAppointment(backend, ip, row);
    expect(first.error).toBeNull();
    // The same request with the same proof passes the guard; the primary key answers.
    const again = await insertAppointment(backend, ip, row, { proof: first.proof });
    expect(again.error?.code).toBe('23505');
    // A retry with a proof of its own (the site solved a new one) gets the same answer.
    expect((await insertAppointment(backend, ip, row)).error?.code).toBe('23505');
    expect(await countRows('appointment_requests', email)).toBe(1);
  });
});

describe('everything else for anon', () => {
  it('cannot write or read contact_submissions', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    const insert = await supabase.from('contact_submissions').insert({ name: 'Anna Muster', email, message: 'Hallo' });
    expect(insert.error?.code).toBe('42501');
    const read = await supabase.from('contact_submissions').select('*');
    expect(read.error?.code).toBe('42501');
  });

  it('cannot call the service-role functions or read the rate limits', async () => {
    const { ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    const rpc = await supabase.rpc('take_rate_limit', { p_bucket: 'x', p_key: 'y', p_max_events: 1, p_window_seconds: 60 });
    expect(rpc.error?.code).toBe('42501');
    const claim = await supabase.rpc('finish_mail', { p_claim: crypto.randomUUID(), p_sent: true });
    expect(claim.error?.code).toBe('42501');
    // The proofs' bookkeeping and the cap's refund are the functions' alone.
    const signature = (await signedProof()).challenge.signature;
    for (const [name, args] of [
      ['claim_form_proof', { p_signature: signature, p_request_id: crypto.randomUUID(), p_expires_at: new Date(Date.now() + 60_000).toISOString() }],
      ['judge_form_proof', { p_signature: signature, p_refused_for_seconds: 0 }],
      ['refund_rate_limit', { p_bucket: 'mail', p_key: 'all' }],
    ] as const) {
      expect((await supabase.rpc(name, args)).error?.code, name).toBe('42501');
    }
    const proofs = await supabase.from('used_form_proofs').select('*');
    expect(proofs.error?.code).toBe('42501');
    const limits = await supabase.from('rate_limit_events').select('*');
    expect(limits.error?.code).toBe('42501');
  });

  it('is refused without a valid key', async () => {
    const forged = `${backend.anonKey.slice(0, -4)}AAAA`;
    const response = await restInsert('appointment_requests', {}, forged);
    expect(response.status).toBe(401);
    const none = await fetch(`${backend.apiUrl}/rest/v1/appointment_requests`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
  });

  it('answers an unknown table with 404 in PostgREST’s error shape', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/users`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}` } });
    expect(response.status).toBe(404);
    expect(Object.keys(await response.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
});
