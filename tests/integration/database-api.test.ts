// @vitest-environment node
/**
 * The database through the API gateway, as the browser (supabase-js with the anon key)
 * and as an attacker with the same key would use it: one insert is allowed, nothing
 * else; every constraint answers with its SQLSTATE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, backendTarget, browserClient, newVisitor, type TestBackend, zurichDate } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget({ functions: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});


async function restInsert(table: string, body: unknown, key: string, prefer = 'return=minimal') {
  const response = await fetch(`${backend.apiUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: prefer },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const countRows = async (table: string, email: string) =>
  Number((await backend.query<{ n: string }>(`select count(*) as n from public.${table} where email = $1`, [email])).rows[0]!.n);

describe('appointment_requests for anon', () => {
  it('accepts the insert the site makes: 201 with no body', async () => {
    const { email, ip } = newVisitor();
    const { error, status, data } = await browserClient(backend, ip).from('appointment_requests').insert(appointmentRow(email));
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const raw = await restInsert('appointment_requests', appointmentRow(email), backend.anonKey);
    expect(raw).toEqual({ status: 201, text: '' });
    expect(await countRows('appointment_requests', email)).toBe(2);
  });

  it('gives nothing back to read: select, insert-and-return, update and delete are refused', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    const row = appointmentRow(email);
    await supabase.from('appointment_requests').insert(row);

    const read = await supabase.from('appointment_requests').select('*');
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();

    const returning = await restInsert('appointment_requests', appointmentRow(email), backend.anonKey, 'return=representation');
    expect(returning.status).toBe(401);
    expect(JSON.parse(returning.text)).toMatchObject({ code: '42501' });

    const update = await supabase.from('appointment_requests').update({ first_name: 'Mallory' }).eq('id', row.id);
    expect(update.error?.code).toBe('42501');
    const remove = await supabase.from('appointment_requests').delete().eq('id', row.id);
    expect(remove.error?.code).toBe('42501');

    const stored = await backend.query<{ first_name: string }>('select first_name from public.appointment_requests where id = $1', [row.id]);
    expect(stored.rows).toEqual([{ first_name: 'Beat' }]);
  });

  it('does not let anon set the bookkeeping columns', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    for (const column of ['notified_at', 'notify_claimed_at', 'created_at']) {
      const { error } = await supabase.from('appointment_requests').insert(appointmentRow(email, { [column]: new Date().toISOString() }));
      expect(error?.code, column).toBe('42501');
    }
    expect(await countRows('appointment_requests', email)).toBe(0);
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

  it.each(violations)('rejects %s with SQLSTATE %s', async (_, overrides, sqlstate) => {
    const { email, ip } = newVisitor();
    const row = appointmentRow(email, overrides);
    const { error, status } = await browserClient(backend, ip).from('appointment_requests').insert(row);
    expect(error?.code).toBe(sqlstate);
    expect(status).toBe(400);
    expect(await countRows('appointment_requests', String(row.email))).toBe(0);
  });

  it('accepts today, the first and last slot and the three service labels (every slot: contract.test.ts)', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    for (const [service, time] of [
      ['Schlafberatung', '09:00'],
      ['Follow-up Termin', '20:00'],
      ['Schlafberatung & Beratung zu Hause', null],
    ] as const) {
      const { error } = await supabase.from('appointment_requests').insert(appointmentRow(email, { service, preferred_time: time, preferred_date: zurichDate(0) }));
      expect(error, service).toBeNull();
    }
  });

  it('stops a flood from one address: the 6th request within 10 minutes is refused', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    for (let i = 0; i < 5; i += 1) {
      expect((await supabase.from('appointment_requests').insert(appointmentRow(email))).error).toBeNull();
    }
    const sixth = await supabase.from('appointment_requests').insert(appointmentRow(email.toUpperCase()));
    expect(sixth.error?.code).toBe('42501');
  });

  it('reports an id that is already stored as a unique violation (the site’s retry)', async () => {
    const { email, ip } = newVisitor();
    const supabase = browserClient(backend, ip);
    const row = appointmentRow(email);
    await supabase.from('appointment_requests').insert(row);
    const again = await supabase.from('appointment_requests').insert(row);
    expect(again.error?.code).toBe('23505');
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
    const claim = await supabase.rpc('finish_appointment_notification', { p_id: crypto.randomUUID(), p_sent: true });
    expect(claim.error?.code).toBe('42501');
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
