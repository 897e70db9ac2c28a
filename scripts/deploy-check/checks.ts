/**
 * Checks a deployed backend from the outside, with nothing but its URL and public key
 * (the publishable key, or a legacy anon key) – what anyone on the internet has. It
 * verifies what the integration tests verify inside: the public key reads nothing,
 * changes nothing, and the functions refuse unknown keys, foreign origins, forged and
 * oversized calls; the booking insert needs a proof, and the database checks it with the
 * functions' own secret. It creates no rows and sends no e-mail: every probe is one the
 * backend must refuse.
 *
 * With the database's connection string (`dbUrl`, read-only use) it also checks what the
 * outside cannot see: the scheduled jobs (pg_cron) and the Vault secrets they and the
 * insert's proof check read – names only, never values.
 *
 * The functions' secrets: whatever the caller gives, it checks from outside that the
 * project accepts nothing signed with the repository's demo values (a link, a feed
 * address, a form proof). The secrets the caller gives (`secrets`, from the environment of
 * the shell that set them) are judged – at least 32 random bytes, not a demo value
 * (secret-strength.ts) – and, where the outside can tell, shown to be the ones deployed:
 * a judged secret that is not live would prove nothing.
 *
 * The invoices' IBAN (domain/practice.ts, or `iban`): a Swiss or Liechtenstein account
 * with valid check digits, not a QR-IBAN, and not the demo account the repository ships.
 */
import { randomUUID } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import { bookableDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import { FEED_IDS, feedSecretName } from '../../supabase/functions/_shared/calendar-feeds.ts';
import { CHALLENGE_TTL_SECONDS, PROOF_ALGORITHM, PROOF_COST } from '../../supabase/functions/_shared/forms/form-proof-parameters.ts';
import { signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { secretWeakness } from '../../supabase/functions/_shared/secret-strength.ts';
import { feedUrl } from '../../supabase/functions/practice-calendar/feed-urls.ts';
import { demoSecrets, demoSecretValues, SECRET_SETTINGS } from '../demo-secrets.ts';
import { ibanRefusal, normalizeIban, type IbanRefusal } from '../../supabase/functions/_shared/domain/invoice.ts';
import { DEMO_IBAN, practiceBilling } from '../../supabase/functions/_shared/domain/practice.ts';

/**
 * A day the slot rules let the site book, about a week ahead (domain/availability.ts):
 * the insert refuses any other day before it looks at the proof, which these probes are about.
 */
function aBookableDay(): string {
  return bookableDays(zurichIsoDate(), 6).at(-1)!;
}

export interface DeployTarget {
  /** The project URL, e.g. https://<ref>.supabase.co */
  supabaseUrl: string;
  /** The key the site is built with: `sb_publishable_…`, or a legacy anon JWT. */
  publicKey: string;
  /** The site's origin; when given, the functions must accept it (CORS). */
  siteOrigin?: string;
  /** The database's connection string (Project Settings → Database); when given, the schedules and Vault are checked. */
  dbUrl?: string;
  /** The functions' secrets as set (SECRET_SETTINGS, by name); each one given is judged and checked to be live. */
  secrets?: Partial<Record<SecretSetting, string>>;
  /** The IBAN the invoices are paid into; the practice's data by default (domain/practice.ts practiceBilling). */
  iban?: string;
}

/** The check of the invoices' IBAN: its name, as the results list it. */
export const INVOICE_IBAN_CHECK = "the invoices' IBAN (domain/practice.ts) is a Swiss or Liechtenstein account with valid check digits, not the demo account";

const IBAN_REFUSALS: Record<IbanRefusal, string> = {
  format: 'not an IBAN (CH or LI, two check digits, 17 letters or digits)',
  country: 'not Swiss or Liechtenstein: the QR bill takes CH and LI accounts only',
  check_digits: 'its check digits are wrong (MOD 97-10): a typo?',
  qr_iban: 'a QR-IBAN, which takes QR references only; the invoices carry an RF reference: give the ordinary IBAN',
};

/** Whether invoices may be paid into `iban` in production: a real CH/LI account, not the demo one. */
export function invoiceIbanVerdict(iban: string): [boolean, string] {
  const refusal = ibanRefusal(iban);
  if (refusal !== null) return [false, `${iban}: ${IBAN_REFUSALS[refusal]}`];
  if (normalizeIban(iban) === DEMO_IBAN) {
    return [false, `${iban} is the demo account (the banks' published example): set practiceBilling.iban in domain/practice.ts`];
  }
  return [true, `${normalizeIban(iban)}: valid`];
}

export type SecretSetting = (typeof SECRET_SETTINGS)[number];

/** The jobs the migrations schedule on hosted Supabase (pg_cron). */
export const SCHEDULED_JOBS = ['send-pending-mail', 'send-practice-digest', 'delete-expired-form-submissions', 'newsletter-housekeeping'] as const;
/** The Vault secrets the jobs (project_url, secret_key) and the insert's proof check (form_proof_secret) read. */
export const VAULT_SECRETS = ['project_url', 'secret_key', 'form_proof_secret'] as const;
/** The scheduled functions: only the project's secret key may start them. */
const SCHEDULED_FUNCTIONS = ['send-pending-mail', 'send-practice-digest'] as const;

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

const FOREIGN_ORIGIN = 'https://not-the-site.example';
/** The functions that take the forms (they issue form-proof challenges). */
const FORM_FUNCTIONS = ['send-contact-email', 'send-appointment-email'] as const;
/** Every function a browser calls with the public key. */
const BROWSER_FUNCTIONS = [...FORM_FUNCTIONS, 'appointment-action', 'newsletter', 'my-data', 'sleep-diary'] as const;

type Probe = { status: number; headers: Headers; body: string };

async function probe(url: string, init: RequestInit): Promise<Probe> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Refused by privileges (42501 / 401 / 403), not merely by a constraint after being allowed in. */
function refusedByPrivileges(result: Probe): boolean {
  return [401, 403].includes(result.status) || errorCode(result.body) === '42501';
}

export async function runDeployChecks(target: DeployTarget): Promise<CheckResult[]> {
  const base = target.supabaseUrl.replace(/\/+$/, '');
  // A legacy anon key is a JWT and goes in Authorization as well; the new keys are not
  // JWTs and belong in `apikey` only (Supabase docs, guides/functions/auth-headers).
  const isJwt = target.publicKey.startsWith('eyJ');
  const auth: Record<string, string> = { apikey: target.publicKey, ...(isJwt ? { Authorization: `Bearer ${target.publicKey}` } : {}) };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const results: CheckResult[] = [];
  const check = async (name: string, run: () => Promise<[boolean, string]>) => {
    try {
      const [ok, detail] = await run();
      results.push({ name, ok, detail });
    } catch (error) {
      results.push({ name, ok: false, detail: `request failed: ${(error as Error).message}` });
    }
  };

  // The invoices' account: no request, the repository's (or the given) configuration.
  await check(INVOICE_IBAN_CHECK, () => Promise.resolve(invoiceIbanVerdict(target.iban ?? practiceBilling.iban)));

  for (const table of ['appointment_requests', 'contact_submissions', 'practice_closures', 'newsletter_subscribers', 'newsletter_articles', 'outbox_mails']) {
    await check(`the public key cannot read ${table}`, async () => {
      const result = await probe(`${base}/rest/v1/${table}?select=*&limit=1`, { headers: auth });
      const leaked = result.status === 200 && result.body.trim() !== '[]';
      return [!leaked && (refusedByPrivileges(result) || result.body.trim() === '[]'), `GET → ${result.status} ${result.body.slice(0, 120)}`];
    });
  }

  await check('the public key cannot write contact_submissions', async () => {
    // An empty row: refused by privileges (good) or by a NOT NULL constraint (bad: anon got in).
    const result = await probe(`${base}/rest/v1/contact_submissions`, { method: 'POST', headers: json, body: '{}' });
    return [refusedByPrivileges(result), `POST → ${result.status} ${result.body.slice(0, 120)}`];
  });

  for (const method of ['PATCH', 'DELETE'] as const) {
    await check(`the public key cannot ${method === 'PATCH' ? 'change' : 'delete'} appointment_requests`, async () => {
      const result = await probe(`${base}/rest/v1/appointment_requests?id=eq.${randomUUID()}`, {
        method,
        headers: json,
        body: method === 'PATCH' ? JSON.stringify({ first_name: 'x' }) : undefined,
      });
      return [refusedByPrivileges(result), `${method} → ${result.status} ${result.body.slice(0, 120)}`];
    });
  }

  for (const rpc of [
    'delete_expired_form_submissions', 'decide_appointment', 'cancel_appointment', 'get_appointment_request', 'owe_practice_digest',
    'claim_form_proof', 'practice_digest_data', 'record_job_run', 'request_appointment_move', 'decide_appointment_move',
    'appointment_schedule', 'newsletter_subscribe', 'newsletter_confirm', 'newsletter_unsubscribe', 'publish_articles',
    'claim_mail', 'finish_mail', 'newsletter_housekeeping', 'owe_day_mail', 'decline_with_offers', 'take_offer',
  ]) {
    await check(`the public key cannot call ${rpc}`, async () => {
      const result = await probe(`${base}/rest/v1/rpc/${rpc}`, { method: 'POST', headers: json, body: '{}' });
      return [refusedByPrivileges(result) || result.status === 404, `RPC → ${result.status} ${result.body.slice(0, 120)}`];
    });
  }

  // The booking form's one read (migration …_appointment_requests.sql): per start time of a
  // day, free or taken for a service – and nothing else, no names, no advisors, no lengths.
  // The first of the next bookable days with start times (a closure answers none).
  await check('the public key gets the start times of a day as time and free only (appointment_start_times)', async () => {
    let result: Probe | undefined;
    for (const day of bookableDays(zurichIsoDate(), 14).slice(0, 5)) {
      result = await probe(`${base}/rest/v1/rpc/appointment_start_times`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ p_day: day, p_service: 'schlafberatung' }),
      });
      if (result.status !== 200 || result.body.trim() !== '[]') break;
    }
    let times: unknown;
    try {
      times = JSON.parse(result!.body);
    } catch {
      times = undefined;
    }
    const onlyTimeAndFree = Array.isArray(times) && times.length > 0 && times.every((entry) =>
      typeof entry === 'object' && entry !== null && Object.keys(entry).sort().join() === 'free,time'
      && typeof (entry as { time: unknown }).time === 'string' && typeof (entry as { free: unknown }).free === 'boolean');
    return [result!.status === 200 && onlyTimeAndFree, `RPC → ${result!.status} ${result!.body.slice(0, 120)}`];
  });
  await check('the old taken_appointment_slots is gone (appointment_start_times replaced it)', async () => {
    const result = await probe(`${base}/rest/v1/rpc/taken_appointment_slots`, { method: 'POST', headers: json, body: JSON.stringify({ p_from: aBookableDay(), p_days: 1 }) });
    return [result.status === 404 && errorCode(result.body) === 'PGRST202', `RPC → ${result.status} ${result.body.slice(0, 120)}`];
  });

  for (const fn of BROWSER_FUNCTIONS) {
    await check(`${fn} refuses a foreign origin (CORS)`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'OPTIONS',
        headers: { Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      const allowed = result.headers.get('access-control-allow-origin');
      return [allowed !== FOREIGN_ORIGIN && allowed !== '*', `OPTIONS → ${result.status}, Access-Control-Allow-Origin: ${allowed ?? '(none)'}`];
    });
    if (target.siteOrigin) {
      await check(`${fn} accepts the site's origin (CORS)`, async () => {
        const result = await probe(`${base}/functions/v1/${fn}`, {
          method: 'OPTIONS',
          headers: { Origin: target.siteOrigin!, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, apikey, x-client-info' },
        });
        const allowed = result.headers.get('access-control-allow-origin');
        return [result.status < 300 && allowed === target.siteOrigin, `OPTIONS → ${result.status}, Access-Control-Allow-Origin: ${allowed ?? '(none)'}`];
      });
    }
    await check(`${fn} refuses a call without a key`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return [result.status === 401, `POST without key → ${result.status}`];
    });
    await check(`${fn} refuses a key that is not the project's`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { apikey: 'sb_publishable_not-this-project', 'Content-Type': 'application/json' },
        body: '{}',
      });
      return [result.status === 401, `POST with a foreign key → ${result.status} ${result.body.slice(0, 80)}`];
    });
    await check(`${fn} refuses a body over 16 KB`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ message: 'x'.repeat(17 * 1024) }),
      });
      return [result.status === 413, `17 KB → ${result.status}`];
    });
    await check(`${fn} refuses a body that is not JSON`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: json, body: 'name=x' });
      return [result.status === 400, `form-encoded → ${result.status} ${result.body.slice(0, 80)}`];
    });
  }

  // A forged link is refused as such (not 500): ACTION_TOKEN_SECRET is set and nothing is read.
  await check('appointment-action refuses a forged link', async () => {
    const result = await probe(`${base}/functions/v1/appointment-action`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: 'djF8Zm9yZ2Vk.AAAA', intent: 'show' }),
    });
    return [result.status === 403 && result.body.includes('invalid_link'), `forged token → ${result.status} ${result.body.slice(0, 80)}`];
  });
  // The newsletter's links: a forged token is refused as such, and a one-click POST with one too.
  await check('newsletter refuses a forged confirm link', async () => {
    const result = await probe(`${base}/functions/v1/newsletter`, { method: 'POST', headers: json, body: JSON.stringify({ action: 'confirm', token: 'djF8Zm9yZ2Vk.AAAA' }) });
    return [result.status === 410 && result.body.includes('link_invalid'), `forged token → ${result.status} ${result.body.slice(0, 80)}`];
  });
  await check('newsletter refuses a forged one-click unsubscribe', async () => {
    const result = await probe(`${base}/functions/v1/newsletter?unsubscribe=djF8Zm9yZ2Vk.AAAA`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    return [result.status === 410, `forged one-click → ${result.status} ${result.body.slice(0, 80)}`];
  });
  for (const fn of SCHEDULED_FUNCTIONS) {
    await check(`${fn} refuses the public key (the scheduled job calls it with the secret key)`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: json, body: '{}' });
      return [result.status === 401, `POST with the public key → ${result.status} ${result.body.slice(0, 80)}`];
    });
  }

  // The booking insert: refused without a proof (the migration is applied), and – with a
  // genuinely solved proof on a row no constraint lets in – refused by the constraint, not
  // by the proof: the database's Vault secret is the functions' FORM_PROOF_SECRET. The row
  // policy runs before the constraints, and a refused insert stores and counts nothing.
  const row = {
    id: randomUUID(), first_name: 'Deploy', last_name: 'Check', email: 'deploy-check@example.ch', phone: '+41 44 000 00 00',
    service: 'Deploy check (no such service)', preferred_date: aBookableDay(),
  };
  await check('the booking insert is refused without a form proof', async () => {
    const result = await probe(`${base}/rest/v1/appointment_requests`, { method: 'POST', headers: json, body: JSON.stringify(row) });
    return [result.status === 401 && result.body.includes('x-form-proof: missing'), `POST → ${result.status} ${result.body.slice(0, 120)}`];
  });
  await check('the database checks the insert\'s proof with the functions\' secret (Vault form_proof_secret)', async () => {
    const issued = await probe(`${base}/functions/v1/send-appointment-email`, { method: 'GET', headers: json });
    const challenge = (JSON.parse(issued.body) as { challenge?: Parameters<typeof solveChallenge>[0]['challenge'] }).challenge;
    if (issued.status !== 200 || !challenge) return [false, `GET challenge → ${issued.status} ${issued.body.slice(0, 80)}`];
    const solution = await solveChallenge({ challenge, deriveKey });
    const header = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
    const result = await probe(`${base}/rest/v1/appointment_requests`, {
      method: 'POST',
      headers: { ...json, 'x-form-proof': header },
      body: JSON.stringify(row),
    });
    return [result.status === 400 && errorCode(result.body) === '23514', `POST with a solved proof → ${result.status} ${result.body.slice(0, 120)}`];
  });

  await checkSecrets(base, json, row, target.secrets ?? {}, check);

  if (target.dbUrl) await checkDatabase(target.dbUrl, check);

  for (const fn of FORM_FUNCTIONS) {
    // A challenge proves FORM_PROOF_SECRET is set; a proof with a wrong solution must be refused.
    await check(`${fn} issues a form-proof challenge and refuses a proof that was not solved`, async () => {
      const issued = await probe(`${base}/functions/v1/${fn}`, { method: 'GET', headers: json });
      let challenge: unknown;
      try {
        challenge = (JSON.parse(issued.body) as { challenge?: unknown }).challenge;
      } catch {
        challenge = undefined;
      }
      if (issued.status !== 200 || !challenge) return [false, `GET → ${issued.status} ${issued.body.slice(0, 80)}`];
      const inAWeek = aBookableDay();
      const visitor = { email: 'deploy-check@example.ch', website: '', elapsedMs: 60_000, requestId: randomUUID() };
      const body = fn === 'send-contact-email'
        ? { ...visitor, name: 'Deploy Check', phone: null, subject: null, message: 'Deploy check.' }
        : {
          ...visitor, firstName: 'Deploy', lastName: 'Check', phone: '+41 44 000 00 00', service: 'Schlafberatung',
          preferredDate: inAWeek, preferredTime: '09:00', alternativeDate: null, alternativeTime: null, message: null,
        };
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { ...json, ...(target.siteOrigin ? { Origin: target.siteOrigin } : {}) },
        body: JSON.stringify({ ...body, altcha: { challenge, solution: { counter: 0, derivedKey: '00'.repeat(32) } } }),
      });
      return [result.status === 403, `unsolved proof → ${result.status} ${result.body.slice(0, 80)}`];
    });
  }

  return results;
}

type Check = (name: string, run: () => Promise<[boolean, string]>) => Promise<void>;

/**
 * A solved proof for send-appointment-email signed with `secret`, as form-proof.ts issues
 * them (counter 1: the signature of the derived key is what is checked, not the counter).
 */
async function proofSignedWith(secret: string): Promise<string> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    counter: 1,
    deriveKey,
    data: { fn: 'send-appointment-email' },
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: `${secret}/challenge`,
    hmacKeySignatureSecret: `${secret}/derived-key`,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
}

/**
 * The functions' secrets, from outside: does the project take something signed with
 * `secret`? A link (a decline link's `show` for a request that does not exist: 404 when the
 * signature holds, 403 when not – nothing is read or changed), a feed address (200 or 404),
 * a form proof on a row no constraint lets in (the constraint's 400 when the proof holds,
 * 401 when not – nothing is stored).
 */
async function accepts(kind: 'link' | 'proof', base: string, json: Record<string, string>, row: Record<string, unknown>, secret: string): Promise<[boolean, string]> {
  if (kind === 'link') {
    const token = await signActionToken(secret, { requestId: randomUUID(), action: 'decline', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const result = await probe(`${base}/functions/v1/appointment-action`, { method: 'POST', headers: json, body: JSON.stringify({ token, intent: 'show' }) });
    return [result.status === 404, `appointment-action → ${result.status} ${result.body.slice(0, 80)}`];
  }
  const result = await probe(`${base}/rest/v1/appointment_requests`, {
    method: 'POST',
    headers: { ...json, 'x-form-proof': await proofSignedWith(secret) },
    body: JSON.stringify({ ...row, id: randomUUID() }),
  });
  return [result.status === 400 && errorCode(result.body) === '23514', `insert → ${result.status} ${result.body.slice(0, 100)}`];
}

async function feedAnswers(base: string, secret: string, feed: (typeof FEED_IDS)[number]): Promise<[boolean, string]> {
  const result = await probe(await feedUrl(`${base}/functions/v1`, secret, feed), { method: 'HEAD' });
  return [result.status === 200, `practice-calendar/${feed} → ${result.status}`];
}

async function checkSecrets(base: string, json: Record<string, string>, row: Record<string, unknown>, given: Partial<Record<SecretSetting, string>>, check: Check) {
  const demo = demoSecrets();
  const demoValues = demoSecretValues();
  const refused = ([taken, detail]: [boolean, string]): [boolean, string] => [!taken, detail];

  await check("appointment-action takes no link signed with the repository's demo ACTION_TOKEN_SECRET", async () =>
    refused(await accepts('link', base, json, row, demo.ACTION_TOKEN_SECRET ?? '')));
  await check("the database takes no form proof signed with the repository's demo FORM_PROOF_SECRET", async () =>
    refused(await accepts('proof', base, json, row, demo.FORM_PROOF_SECRET ?? '')));
  for (const feed of FEED_IDS) {
    const name = feedSecretName(feed);
    await check(`practice-calendar has no address for ${feed} made with a demo secret (${name})`, async () => {
      // The feed's own demo value, and the single one of earlier versions.
      for (const secret of new Set([demo[name] ?? '', ...demoValues.filter((value) => !Object.values(demo).includes(value))])) {
        const [answers, detail] = await feedAnswers(base, secret, feed);
        if (answers) return [false, `${detail}: the demo address is live – set ${name} (docs/deploy.md)`];
      }
      return [true, `practice-calendar/${feed} → 404 for the demo addresses`];
    });
  }

  for (const name of SECRET_SETTINGS) {
    const value = given[name];
    if (value === undefined) continue;
    await check(`${name} is random, at least 32 bytes`, () => {
      const weakness = secretWeakness(value, demoValues);
      return Promise.resolve([weakness === null, weakness ? `${name} ${weakness}: set a new one, openssl rand -hex 32` : 'hex or base64 of ≥ 32 random-looking bytes']);
    });
  }
  const action = given.ACTION_TOKEN_SECRET;
  if (action !== undefined) await check('appointment-action takes links signed with the ACTION_TOKEN_SECRET given', () => accepts('link', base, json, row, action));
  const proof = given.FORM_PROOF_SECRET;
  if (proof !== undefined) await check('the database takes form proofs signed with the FORM_PROOF_SECRET given', () => accepts('proof', base, json, row, proof));
  for (const feed of FEED_IDS) {
    const secret = given[feedSecretName(feed) as SecretSetting];
    if (secret !== undefined) await check(`practice-calendar answers ${feed}'s address made with ${feedSecretName(feed)}`, () => feedAnswers(base, secret, feed));
  }
}

/** The schedules and Vault, read through the database connection: names and states, never secret values. */
async function checkDatabase(dbUrl: string, check: (name: string, run: () => Promise<[boolean, string]>) => Promise<void>) {
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    const hasCron = (await client.query(`select to_regclass('cron.job') is not null as present`)).rows[0]?.present === true;
    const jobs = hasCron
      ? new Map((await client.query<{ jobname: string; schedule: string; active: boolean }>('select jobname, schedule, active from cron.job')).rows
        .map((job) => [job.jobname, job] as const))
      : new Map<string, { schedule: string; active: boolean }>();
    for (const name of SCHEDULED_JOBS) {
      await check(`the job ${name} is scheduled (pg_cron)`, () => {
        const job = jobs.get(name);
        if (!hasCron) return Promise.resolve([false, 'pg_cron is not installed (Database → Extensions), then run the migrations again']);
        return Promise.resolve([job?.active === true, job ? `${job.schedule}${job.active ? '' : ', inactive'}` : 'missing: run `npx supabase db push`']);
      });
    }
    await check('the old reminder job is gone (send-pending-mail sends the reminders)', () =>
      Promise.resolve([!jobs.has('send-appointment-reminders'), jobs.has('send-appointment-reminders') ? 'still scheduled' : 'not scheduled']));
    const hasVault = (await client.query(`select to_regclass('vault.decrypted_secrets') is not null as present`)).rows[0]?.present === true;
    const names = hasVault
      ? new Set((await client.query<{ name: string }>('select name from vault.secrets where name = any($1)', [[...VAULT_SECRETS]])).rows.map((r) => r.name))
      : new Set<string>();
    for (const name of VAULT_SECRETS) {
      await check(`Vault holds the secret ${name}`, () =>
        Promise.resolve([names.has(name), names.has(name) ? 'present' : `missing: select vault.create_secret('…', '${name}') (docs/deploy.md)`]));
    }
  } finally {
    await client.end();
  }
}
