// @vitest-environment node
/**
 * The embedded stack itself, started for real on free ports: gateway, Postgres (PGlite,
 * or the DATABASE_URL server in an isolated database), the wire-protocol port and the
 * mail catcher. The edge functions are left out here (functions: false); the full
 * integration suite drives them.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDate, formProofHeaders } from '../../tests/integration/stack-harness.ts';
import { mailApi } from '../../tests/support/mail-api.ts';
import { isPortFree } from './ports';
import { readFunctionsSettings, startStack, type RunningStack } from './start-stack';

const appointment = () => ({
  first_name: 'Anna',
  last_name: 'Muster',
  email: `anna.${Math.random().toString(36).slice(2)}@example.ch`,
  phone: '044 123 45 67',
  service: 'Schlafberatung',
  // A day the site may book (Zurich's calendar, opening days, holidays): the insert refuses others.
  preferred_date: bookableDate(7),
  preferred_time: '09:30',
});

/** Speaks SMTP by hand: what nodemailer does, without nodemailer. */
function sendRawMail(port: number, message: { from: string; to: string; data: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const commands = [
      'EHLO test.local',
      `MAIL FROM:<${message.from}>`,
      `RCPT TO:<${message.to}>`,
      'DATA',
      `${message.data.replace(/\r?\n/g, '\r\n')}\r\n.`,
      'QUIT',
    ];
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete when its last line has a space after the code ("250 OK", not "250-…").
      let match: RegExpMatchArray | null;
      while ((match = /^(\d{3}) .*\r\n/m.exec(buffer))) {
        const code = Number(match[1]);
        buffer = buffer.slice(match.index! + match[0].length);
        if (code >= 400) {
          socket.destroy();
          reject(new Error(`SMTP ${match[0].trim()}`));
          return;
        }
        const next = commands.shift();
        if (next === undefined) {
          socket.end();
          resolve();
          return;
        }
        socket.write(`${next}\r\n`);
      }
    });
    socket.on('error', reject);
  });
}

describe('the embedded local stack', () => {
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-test-'));
    stack = await startStack({
      ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
      dataDir,
      fresh: true,
      functions: false,
      smtpUrl: null,
      // With DATABASE_URL set (CI's PostgreSQL run) the same checks run there, in a throwaway database.
      isolateDatabase: true,
      quiet: true,
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A REST call as supabase-js makes it; an insert of an appointment carries the site's form proof. */
  const rest = async (table: string, init: RequestInit & { key?: string } = {}) => {
    const key = init.key ?? stack.anonKey;
    const proof = init.method === 'POST' && table.startsWith('appointment_requests') ? await formProofHeaders() : {};
    return fetch(`${stack.urls.api}/rest/v1/${table}`, {
      ...init,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...proof, ...init.headers },
    });
  };

  it('applies the migrations once and records them', async () => {
    const { rows } = await stack.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    expect(rows.length).toBeGreaterThan(0);
    const tables = await stack.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    expect(tables.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['appointment_requests', 'contact_submissions']),
    );
  });

  // The database checks the site's form proof with the functions' FORM_PROOF_SECRET, and
  // counts the booking insert with the functions' limits, which the stack stores in Vault at
  // every start (start-stack.ts, vaultSecretsFor).
  it('stores the functions’ form-proof secret and limits in Vault, and has pgcrypto in "extensions"', async () => {
    const { rows } = await stack.query<{ name: string; decrypted_secret: string }>(
      'select name, decrypted_secret from vault.decrypted_secrets order by name',
    );
    const settings = readFunctionsSettings();
    expect(rows).toEqual([
      { name: 'daily_mail_cap', decrypted_secret: settings.DAILY_MAIL_CAP },
      { name: 'form_proof_secret', decrypted_secret: settings.FORM_PROOF_SECRET },
      { name: 'rate_limit_daily_max', decrypted_secret: settings.RATE_LIMIT_DAILY_MAX },
      { name: 'rate_limit_max', decrypted_secret: settings.RATE_LIMIT_MAX },
      { name: 'rate_limit_window_seconds', decrypted_secret: settings.RATE_LIMIT_WINDOW_SECONDS },
    ]);
    const hmac = await stack.query<{ hex: string }>(`select encode(extensions.hmac('data', 'key', 'sha256'), 'hex') as hex`);
    expect(hmac.rows[0]!.hex).toBe('5031fe3d989c6d1537a013fa6e739da23463fdaec3b70137d828e36ace221bd0');
  });

  it('answers on the gateway, and unknown routes with a 404 in PostgREST shape', async () => {
    const response = await fetch(`${stack.urls.api}/nothing/here`);
    expect(response.status).toBe(404);
    expect(Object.keys(await response.json()).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('lets anon insert an appointment request: 201 with an empty body', async () => {
    const row = appointment();
    const response = await rest('appointment_requests', { method: 'POST', body: JSON.stringify(row) });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('');
    const stored = await stack.query('select 1 from public.appointment_requests where email = $1', [row.email]);
    expect(stored.rows).toHaveLength(1);
  });

  it('refuses anon reads with 401 and SQLSTATE 42501', async () => {
    const response = await rest('appointment_requests?select=*');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: '42501' });
  });

  it('refuses a request without any key with 401', async () => {
    const response = await fetch(`${stack.urls.api}/rest/v1/appointment_requests`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('reports a violated constraint with its SQLSTATE and status 400', async () => {
    const response = await rest('appointment_requests', {
      method: 'POST',
      body: JSON.stringify({ ...appointment(), service: 'Massage' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '23514' });
  });

  it('serves the service role, whose queries go through the same gateway', async () => {
    const row = appointment();
    await rest('appointment_requests', { method: 'POST', body: JSON.stringify(row) });
    const response = await rest(`appointment_requests?select=first_name,email&email=eq.${encodeURIComponent(row.email)}`, {
      key: stack.serviceRoleKey,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ first_name: 'Anna', email: row.email }]);
  });

  it('accepts Postgres clients on the database port while the gateway runs', async () => {
    const clients = [new pg.Client({ connectionString: stack.urls.db }), new pg.Client({ connectionString: stack.urls.db })];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const [a, b] = await Promise.all(
        clients.map((client) => client.query<{ n: number }>('select count(*)::int as n from public.appointment_requests')),
      );
      expect(a!.rows[0]!.n).toBeGreaterThan(0);
      expect(b!.rows[0]!.n).toBe(a!.rows[0]!.n);
      const insert = await rest('appointment_requests', { method: 'POST', body: JSON.stringify(appointment()) });
      expect(insert.status).toBe(201);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('catches mail sent over SMTP and shows it in the inbox page and Mailpit’s API', async () => {
    const mail = mailApi(stack.urls.mailUi!);
    await mail.clear();
    await sendRawMail(stack.ports.smtp, {
      from: 'noreply@ruhepol-schlafberatung.ch',
      to: 'praxis@ruhepol-schlafberatung.ch',
      data: [
        'From: Ruhepol Schlafberatung <noreply@ruhepol-schlafberatung.ch>',
        'To: praxis@ruhepol-schlafberatung.ch',
        'Reply-To: anna@example.ch',
        'Subject: Neue Terminanfrage',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hallo <script>alert(1)</script>',
      ].join('\n'),
    });
    const message = await mail.waitFor((m) => m.Subject === 'Neue Terminanfrage', { timeoutMs: 5000 });
    expect(message).toMatchObject({
      To: [{ Name: '', Address: 'praxis@ruhepol-schlafberatung.ch' }],
      ReplyTo: [{ Name: '', Address: 'anna@example.ch' }],
      ReturnPath: 'noreply@ruhepol-schlafberatung.ch',
    });
    expect(message.Text).toContain('Hallo <script>');
    expect((await mail.list()).map((m) => [m.ID, m.Subject])).toEqual([[message.ID, 'Neue Terminanfrage']]);

    const html = await (await fetch(`${stack.urls.mailUi}/nachrichten/${message.ID}`)).text();
    expect(html).toContain('Hallo &lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('keeps caught mail in the data folder', async () => {
    expect((await readdir(path.join(dataDir, 'mail'))).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });

  it('simulates a mail outage through Mailpit’s chaos API and the inbox form', async () => {
    const mail = mailApi(stack.urls.mailUi!);
    await mail.clear();
    expect(await mail.chaosEnabled()).toBe(true);
    await mail.outage(true);
    const message = { from: 'a@example.ch', to: 'b@example.ch', data: 'Subject: eins\n\nText' };
    await expect(sendRawMail(stack.ports.smtp, message)).rejects.toThrow(/^SMTP 554 Chaos sender error$/);
    await mail.outage(false);
    await sendRawMail(stack.ports.smtp, { ...message, data: 'Subject: zwei\n\nText' });
    expect((await mail.list()).map((m) => m.Subject)).toEqual(['zwei']);

    // The inbox's own form does the same for people trying the site by hand.
    const form = await fetch(`${stack.urls.mailUi}/mail-ausfall`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'stufe=Recipient&fehlercode=554&wahrscheinlichkeit=100',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(await (await fetch(`${stack.urls.mailUi}${form.headers.get('location')}`)).text()).toContain(
      'Mail-Ausfall aktiv: abgelehnt wird bei Empfänger (RCPT TO) mit SMTP 554 (100 %).',
    );
    await expect(sendRawMail(stack.ports.smtp, { ...message, data: 'Subject: drei\n\nText' })).rejects.toThrow(
      /^SMTP 554 Chaos recipient error$/,
    );
    await mail.outage(false);
  });

  it('frees every port on stop()', async () => {
    const ports = [stack.ports.gateway, stack.ports.mailUi, stack.ports.smtp];
    if (!stack.database.external) ports.push(stack.ports.db);
    await stack.stop();
    for (const port of ports) expect(await isPortFree(port), `port ${port}`).toBe(true);
  });
});
