/**
 * Checks a deployed backend from the outside, with nothing but its URL and public key
 * (the publishable key, or a legacy anon key) – what anyone on the internet has. It
 * verifies what the integration tests verify inside: the public key reads nothing,
 * changes nothing, and the functions refuse unknown keys, foreign origins, forged and
 * oversized calls; the booking insert needs a proof, and the database checks it with the
 * functions' own secret. It creates no rows and sends no e-mail: every probe is one the
 * backend must refuse.
 *
 * And what a visitor's browser needs from it, from the site's origin: the booking insert's
 * CORS preflight with exactly the headers the site's code sends (x-form-proof among them,
 * learnt from that code: site-requests.ts), each function's preflight answered as the
 * browser needs it (every function of supabase/config.toml is checked, by who calls it),
 * and sign-ups off (Auth's settings: the site has no accounts).
 *
 * Every failed check says what to fix (`fix: …` at the end of its detail).
 *
 * With the database's connection string (`dbUrl`, read-only use) it also checks what the
 * outside cannot see: the scheduled jobs (pg_cron), each with the Vault secrets its command
 * reads, and the Vault secrets the insert's proof check reads – names only, never values.
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
import { fileURLToPath } from 'node:url';
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
import { FORM_PROOF_HEADER } from '../../src/components/forms/form-proof-header.ts';
import { readFunctionsConfig } from '../stack/functions.ts';
import { bookingInsert, functionCall, preflightRefusal, requestHeadersToAsk } from './site-requests.ts';

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
  /** The site's origin; when given, the booking insert's preflight and the functions must accept it (CORS). */
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

const IBAN_FIX = "set practiceBilling.iban in supabase/functions/_shared/domain/practice.ts to the practice's ordinary CH or LI IBAN, then deploy the functions (docs/deploy.md, steps 5 and 10)";

/** Whether invoices may be paid into `iban` in production: a real CH/LI account, not the demo one. */
export function invoiceIbanVerdict(iban: string): [boolean, string] {
  const refusal = ibanRefusal(iban);
  if (refusal !== null) return [false, `${iban}: ${IBAN_REFUSALS[refusal]}; fix: ${IBAN_FIX}`];
  if (normalizeIban(iban) === DEMO_IBAN) {
    return [false, `${iban} is the demo account (the banks' published example); fix: ${IBAN_FIX}`];
  }
  return [true, `${normalizeIban(iban)}: valid`];
}

export type SecretSetting = (typeof SECRET_SETTINGS)[number];

/**
 * The jobs the migrations schedule on hosted Supabase (pg_cron), each with the Vault
 * secrets its command reads: the two that call a function over HTTP take the project's URL
 * and secret key from Vault (…_scheduled_jobs.sql, its `call`); the others run SQL only.
 */
export const SCHEDULED_JOBS = {
  'send-pending-mail': ['project_url', 'secret_key'],
  'send-practice-digest': ['project_url', 'secret_key'],
  'delete-expired-form-submissions': [],
  'newsletter-housekeeping': [],
} as const satisfies Record<string, readonly VaultSecret[]>;
/** The Vault secrets the jobs (project_url, secret_key) and the insert's proof check (form_proof_secret) read. */
export const VAULT_SECRETS = ['project_url', 'secret_key', 'form_proof_secret'] as const;
type VaultSecret = (typeof VAULT_SECRETS)[number];

/**
 * Who calls each of the project's functions (supabase/functions/README.md, «Keys and
 * verify_jwt»), which decides what its preflight and its key check must answer: `site`, the
 * browser with the public key, from the site's origin; `job`, the scheduled jobs with the
 * secret key, never a browser; `calendar`, calendar apps without a key (the address is the
 * credential), never a page. A function of supabase/config.toml missing here fails a check.
 */
export const FUNCTION_CALLERS = {
  'send-contact-email': 'site',
  'send-appointment-email': 'site',
  'appointment-action': 'site',
  newsletter: 'site',
  'my-data': 'site',
  'sleep-diary': 'site',
  'send-pending-mail': 'job',
  'send-practice-digest': 'job',
  'practice-calendar': 'calendar',
} as const satisfies Record<string, 'site' | 'job' | 'calendar'>;

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was seen; when the check failed, it ends with `fix: …`, what to do about it. */
  detail: string;
}

/** The check of the booking insert's preflight: its name, as the results list it. */
export const BOOKING_PREFLIGHT_CHECK = "the booking insert's CORS preflight from the site's origin allows the headers the site sends (x-form-proof among them)";
/** The check of Auth's sign-ups: its name, as the results list it. */
export const SIGNUPS_OFF_CHECK = 'sign-ups are off (Auth settings: disable_signup)';
/** What to do when they are on: the dashboard, never config push (it would push the local stack's site_url too). */
export const SIGNUPS_OFF_FIX = 'dashboard Authentication → Sign In / Providers → «Allow new users to sign up» off (docs/deploy.md step 8)';

const FOREIGN_ORIGIN = 'https://not-the-site.example';
/** The functions that take the forms (they issue form-proof challenges). */
const FORM_FUNCTIONS = ['send-contact-email', 'send-appointment-email'] as const;
type Caller = (typeof FUNCTION_CALLERS)[keyof typeof FUNCTION_CALLERS];

/** The functions supabase/config.toml deploys (`[functions.<name>]`, not `enabled = false`). */
async function projectFunctions(): Promise<string[]> {
  const config = await readFunctionsConfig(fileURLToPath(new URL('../..', import.meta.url)));
  return [...config].filter(([, fn]) => fn.enabled).map(([name]) => name);
}

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

/** What a check's run finds: passed or not, what was seen, and (for a failure) what to fix when it depends on what was seen. */
type Verdict = [ok: boolean, detail: string] | [ok: boolean, detail: string, fix: string];
type Check = (name: string, run: () => Promise<Verdict>, fix?: string) => Promise<void>;

const DB_PUSH = '`npx supabase db push` (docs/deploy.md, step 3)';
const deploy = (fn: string) => `deploy it from this repository: \`npx supabase functions deploy ${fn}\` (docs/deploy.md, step 10)`;

export async function runDeployChecks(target: DeployTarget): Promise<CheckResult[]> {
  const base = target.supabaseUrl.replace(/\/+$/, '');
  const siteOrigin = target.siteOrigin;
  // A legacy anon key is a JWT and goes in Authorization as well; the new keys are not
  // JWTs and belong in `apikey` only (Supabase docs, guides/functions/auth-headers).
  const isJwt = target.publicKey.startsWith('eyJ');
  const auth: Record<string, string> = { apikey: target.publicKey, ...(isJwt ? { Authorization: `Bearer ${target.publicKey}` } : {}) };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const results: CheckResult[] = [];
  const check: Check = async (name, run, fix) => {
    let verdict: Verdict;
    try {
      verdict = await run();
    } catch (error) {
      verdict = [false, `request failed: ${(error as Error).message}`, `is ${base} the project's URL, and reachable? Then: ${fix ?? 'see the check above'}`];
    }
    const [ok, detail, ownFix] = verdict;
    const what = ownFix ?? fix;
    results.push({ name, ok, detail: ok || !what ? detail : `${detail}; fix: ${what}` });
  };

  // The invoices' account: no request, the repository's (or the given) configuration.
  await check(INVOICE_IBAN_CHECK, () => Promise.resolve(invoiceIbanVerdict(target.iban ?? practiceBilling.iban)));

  for (const table of ['appointment_requests', 'contact_submissions', 'practice_closures', 'newsletter_subscribers', 'newsletter_articles', 'outbox_mails']) {
    await check(`the public key cannot read ${table}`, async () => {
      const result = await probe(`${base}/rest/v1/${table}?select=*&limit=1`, { headers: auth });
      const leaked = result.status === 200 && result.body.trim() !== '[]';
      return [!leaked && (refusedByPrivileges(result) || result.body.trim() === '[]'), `GET → ${result.status} ${result.body.slice(0, 120)}`];
    }, `${DB_PUSH}: the migrations grant anon nothing to read there; else \`revoke select on public.${table} from anon\` and drop the policy that lets anon read it`);
  }

  await check('the public key cannot write contact_submissions', async () => {
    // An empty row: refused by privileges (good) or by a NOT NULL constraint (bad: anon got in).
    const result = await probe(`${base}/rest/v1/contact_submissions`, { method: 'POST', headers: json, body: '{}' });
    return [refusedByPrivileges(result), `POST → ${result.status} ${result.body.slice(0, 120)}`];
  }, `${DB_PUSH}; else \`revoke insert on public.contact_submissions from anon\` (the messages come through send-contact-email only)`);

  for (const method of ['PATCH', 'DELETE'] as const) {
    await check(`the public key cannot ${method === 'PATCH' ? 'change' : 'delete'} appointment_requests`, async () => {
      const result = await probe(`${base}/rest/v1/appointment_requests?id=eq.${randomUUID()}`, {
        method,
        headers: json,
        body: method === 'PATCH' ? JSON.stringify({ first_name: 'x' }) : undefined,
      });
      return [refusedByPrivileges(result), `${method} → ${result.status} ${result.body.slice(0, 120)}`];
    }, `${DB_PUSH}; else \`revoke ${method === 'PATCH' ? 'update' : 'delete'} on public.appointment_requests from anon\``);
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
    }, `${DB_PUSH}: the migrations grant it to service_role only; else \`revoke execute on function public.${rpc} from public, anon\``);
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
  }, `${DB_PUSH}: the booking form reads the start times through appointment_start_times, which tells time and free only`);
  await check('the old taken_appointment_slots is gone (appointment_start_times replaced it)', async () => {
    const result = await probe(`${base}/rest/v1/rpc/taken_appointment_slots`, { method: 'POST', headers: json, body: JSON.stringify({ p_from: aBookableDay(), p_days: 1 }) });
    return [result.status === 404 && errorCode(result.body) === 'PGRST202', `RPC → ${result.status} ${result.body.slice(0, 120)}`];
  }, 'an earlier deployment left it: `drop function public.taken_appointment_slots` (SQL editor), then `notify pgrst, \'reload schema\'`');

  // The booking insert's preflight, as the visitor's browser sends it: from the site's
  // origin, with the CORS-unsafe headers of the site's own insert (site-requests.ts) – the
  // browser sends the insert only if the answer allows every one of them.
  const row = {
    id: randomUUID(), first_name: 'Deploy', last_name: 'Check', email: 'deploy-check@example.ch', phone: '+41 44 000 00 00',
    service: 'Deploy check (no such service)', preferred_date: aBookableDay(), preferred_time: null, alternative_date: null,
    alternative_time: null, message: null,
  };
  if (siteOrigin) {
    await check(BOOKING_PREFLIGHT_CHECK, async () => {
      const insert = await bookingInsert(target.publicKey, row);
      const asked = requestHeadersToAsk(insert.headers);
      if (!asked.split(',').includes(FORM_PROOF_HEADER)) {
        return [false, `the site's insert asks for ${asked}, without ${FORM_PROOF_HEADER}`, 'src/features/appointment/api/appointment-insert.ts must send the form proof in its header, as the database requires'];
      }
      const result = await probe(`${base}${insert.path}`, {
        method: 'OPTIONS',
        headers: { Origin: siteOrigin, 'Access-Control-Request-Method': insert.method, 'Access-Control-Request-Headers': asked },
      });
      const refusal = preflightRefusal(result, siteOrigin, insert.method, asked);
      const seen = `OPTIONS ${insert.path} asking ${asked} → ${result.status}, Allow-Origin ${result.headers.get('access-control-allow-origin') ?? '(none)'}, `
        + `Allow-Headers ${result.headers.get('access-control-allow-headers') ?? '(none)'}, Allow-Methods ${result.headers.get('access-control-allow-methods') ?? '(none)'}`;
      return refusal === undefined ? [true, seen] : [false, `${seen}: ${refusal}`];
    }, `the browser refuses every booking from ${siteOrigin} while this preflight fails. Hosted Supabase has no project setting for /rest/v1's CORS (its gateway answers the preflight itself): `
      + `if a proxy or custom domain stands in front of ${base}, let it pass OPTIONS on to Supabase or allow exactly the headers asked for; if SUPABASE_URL is the project's own https://<ref>.supabase.co, report this answer to Supabase support`);
  }

  // Sign-ups: the site has no accounts, so Auth must make none (anonymous sign-ins included:
  // GoTrue refuses those too while sign-ups are disabled, internal/api/anonymous.go).
  await check(SIGNUPS_OFF_CHECK, async () => {
    const result = await probe(`${base}/auth/v1/settings`, { headers: auth });
    let disabled: unknown;
    try {
      disabled = (JSON.parse(result.body) as { disable_signup?: unknown }).disable_signup;
    } catch {
      disabled = undefined;
    }
    return [result.status === 200 && disabled === true, `GET /auth/v1/settings → ${result.status}, disable_signup: ${String(disabled)}`];
  }, SIGNUPS_OFF_FIX);

  // Every function the project deploys (supabase/config.toml), checked as its callers need it.
  const deployed = await projectFunctions();
  const calledBy = (caller: Caller) => deployed.filter((fn) => (FUNCTION_CALLERS as Record<string, Caller>)[fn] === caller);
  for (const fn of deployed.filter((name) => !(name in FUNCTION_CALLERS))) {
    await check(`check:deploy knows who calls ${fn} (supabase/config.toml)`, () => Promise.resolve([false, `${fn} is not in FUNCTION_CALLERS`]),
      `add ${fn} to FUNCTION_CALLERS in scripts/deploy-check/checks.ts ('site', 'job' or 'calendar'), so its preflight and key are checked`);
  }

  // The functions the browser calls with the public key.
  for (const fn of calledBy('site')) {
    await check(`${fn} refuses a foreign origin (CORS)`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'OPTIONS',
        headers: { Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      const allowed = result.headers.get('access-control-allow-origin');
      return [allowed !== FOREIGN_ORIGIN && allowed !== '*', `OPTIONS → ${result.status}, Access-Control-Allow-Origin: ${allowed ?? '(none)'}`];
    }, `ALLOWED_ORIGINS must name the site's origins only: \`npx supabase secrets set ALLOWED_ORIGINS=…\` (docs/deploy.md, step 4); and ${deploy(fn)}`);
    if (siteOrigin) {
      await check(`${fn} accepts the site's origin with the headers the site sends (CORS preflight)`, async () => {
        const call = await functionCall(target.publicKey, fn);
        const asked = requestHeadersToAsk(call.headers);
        const result = await probe(`${base}${call.path}`, {
          method: 'OPTIONS',
          headers: { Origin: siteOrigin, 'Access-Control-Request-Method': call.method, 'Access-Control-Request-Headers': asked },
        });
        const refusal = preflightRefusal(result, siteOrigin, call.method, asked);
        const allowOrigin = result.headers.get('access-control-allow-origin');
        const seen = `OPTIONS asking ${asked} → ${result.status}, Access-Control-Allow-Origin: ${allowOrigin ?? '(none)'}`;
        if (refusal === undefined) return [true, seen];
        // The gate refuses an origin not in ALLOWED_ORIGINS with 403 and no CORS headers; a
        // 404 is a function that is not deployed; anything else is not this repository's answer.
        const fix = result.status !== 404 && allowOrigin !== '*' && allowOrigin !== siteOrigin
          ? `add ${siteOrigin} to ALLOWED_ORIGINS: \`npx supabase secrets set ALLOWED_ORIGINS=${siteOrigin},…\` (docs/deploy.md, step 4)`
          : `${deploy(fn)}: its preflight answer (supabase/functions/_shared/http/cors.ts) allows what the site's client sends`;
        return [false, `${seen}: ${refusal}`, fix];
      });
    }
    await check(`${fn} refuses a call without a key`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return [result.status === 401, `POST without key → ${result.status}`];
    }, `${deploy(fn)}: it checks the caller's key itself (verify_jwt = false in supabase/config.toml)`);
    await check(`${fn} refuses a key that is not the project's`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { apikey: 'sb_publishable_not-this-project', 'Content-Type': 'application/json' },
        body: '{}',
      });
      return [result.status === 401, `POST with a foreign key → ${result.status} ${result.body.slice(0, 80)}`];
    }, `${deploy(fn)}: it takes the project's publishable keys only (SUPABASE_PUBLISHABLE_KEYS, set by the platform)`);
    await check(`${fn} refuses a body over 16 KB`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ message: 'x'.repeat(17 * 1024) }),
      });
      return [result.status === 413, `17 KB → ${result.status}`];
    }, deploy(fn));
    await check(`${fn} refuses a body that is not JSON`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: json, body: 'name=x' });
      return [result.status === 400, `form-encoded → ${result.status} ${result.body.slice(0, 80)}`];
    }, deploy(fn));
  }

  // A forged link is refused as such (not 500): ACTION_TOKEN_SECRET is set and nothing is read.
  await check('appointment-action refuses a forged link', async () => {
    const result = await probe(`${base}/functions/v1/appointment-action`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token: 'djF8Zm9yZ2Vk.AAAA', intent: 'show' }),
    });
    return [result.status === 403 && result.body.includes('invalid_link'), `forged token → ${result.status} ${result.body.slice(0, 80)}`];
  }, `set ACTION_TOKEN_SECRET (\`npx supabase secrets set\`, docs/deploy.md, step 4) and ${deploy('appointment-action')}`);
  // The newsletter's links: a forged token is refused as such, and a one-click POST with one too.
  await check('newsletter refuses a forged confirm link', async () => {
    const result = await probe(`${base}/functions/v1/newsletter`, { method: 'POST', headers: json, body: JSON.stringify({ action: 'confirm', token: 'djF8Zm9yZ2Vk.AAAA' }) });
    return [result.status === 410 && result.body.includes('link_invalid'), `forged token → ${result.status} ${result.body.slice(0, 80)}`];
  }, `set ACTION_TOKEN_SECRET (it signs the newsletter's links too) and ${deploy('newsletter')}`);
  await check('newsletter refuses a forged one-click unsubscribe', async () => {
    const result = await probe(`${base}/functions/v1/newsletter?unsubscribe=djF8Zm9yZ2Vk.AAAA`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    return [result.status === 410, `forged one-click → ${result.status} ${result.body.slice(0, 80)}`];
  }, `set ACTION_TOKEN_SECRET and ${deploy('newsletter')}`);

  // The scheduled functions: a browser never calls them, so no other origin gets CORS, and
  // only the project's secret key starts them.
  for (const fn of calledBy('job')) {
    await check(`${fn} refuses a foreign origin (CORS)`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'OPTIONS',
        headers: { Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type' },
      });
      const allowed = result.headers.get('access-control-allow-origin');
      return [allowed !== FOREIGN_ORIGIN && allowed !== '*', `OPTIONS → ${result.status}, Access-Control-Allow-Origin: ${allowed ?? '(none)'}`];
    }, `ALLOWED_ORIGINS must name the site's origins only (docs/deploy.md, step 4); and ${deploy(fn)}`);
    await check(`${fn} refuses a call without a key`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return [result.status === 401, `POST without key → ${result.status} ${result.body.slice(0, 80)}`];
    }, `${deploy(fn)}: only the scheduled job's secret key may start it`);
    await check(`${fn} refuses a key that is not the project's`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { apikey: 'sb_secret_not-this-project', 'Content-Type': 'application/json' },
        body: '{}',
      });
      return [result.status === 401, `POST with a foreign secret key → ${result.status} ${result.body.slice(0, 80)}`];
    }, `${deploy(fn)}: it takes the project's secret key only (SUPABASE_SECRET_KEYS, set by the platform)`);
    await check(`${fn} refuses the public key (the scheduled job calls it with the secret key)`, async () => {
      const result = await probe(`${base}/functions/v1/${fn}`, { method: 'POST', headers: json, body: '{}' });
      return [result.status === 401, `POST with the public key → ${result.status} ${result.body.slice(0, 80)}`];
    }, `${deploy(fn)}: a visitor's key must not start it`);
  }

  // The calendar feeds: calendar apps fetch them, never a page, so no origin gets CORS – the
  // site's no more than any other – and the address is the key: a made-up one answers 404.
  for (const fn of calledBy('calendar')) {
    await check(`${fn} lets no page read it, the site's included (no CORS)`, async () => {
      const answers = await Promise.all([siteOrigin ?? FOREIGN_ORIGIN, FOREIGN_ORIGIN].map((origin) =>
        probe(`${base}/functions/v1/${fn}/${FEED_IDS[0]}/${'0'.repeat(64)}.ics`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
        })));
      const allowed = answers.map((answer) => answer.headers.get('access-control-allow-origin'));
      return [allowed.every((origin) => origin === null), `OPTIONS → ${answers.map((answer) => answer.status).join(', ')}, Access-Control-Allow-Origin: ${allowed.map((origin) => origin ?? '(none)').join(', ')}`];
    }, deploy(fn));
    await check(`${fn} refuses an address not made with a feed's secret`, async () => {
      const answers = await Promise.all(FEED_IDS.map(async (feed) =>
        [feed, (await probe(`${base}/functions/v1/${fn}/${feed}/${randomUUID().replaceAll('-', '')}.ics`, { method: 'HEAD' })).status] as const));
      return [answers.every(([, status]) => status === 404), answers.map(([feed, status]) => `${feed} → ${status}`).join(', ')];
    }, `${deploy(fn)}: it compares the address with the feed's secret (CALENDAR_FEED_SECRET_…)`);
  }

  // The booking insert: refused without a proof (the migration is applied), and – with a
  // genuinely solved proof on a row no constraint lets in – refused by the constraint, not
  // by the proof: the database's Vault secret is the functions' FORM_PROOF_SECRET. The row
  // policy runs before the constraints, and a refused insert stores and counts nothing.
  await check('the booking insert is refused without a form proof', async () => {
    const result = await probe(`${base}/rest/v1/appointment_requests`, { method: 'POST', headers: json, body: JSON.stringify(row) });
    return [result.status === 401 && result.body.includes('x-form-proof: missing'), `POST → ${result.status} ${result.body.slice(0, 120)}`];
  }, `${DB_PUSH}: the migrations make the insert check its proof (…_limits_and_proofs.sql, …_appointment_requests.sql)`);
  await check('the database checks the insert\'s proof with the functions\' secret (Vault form_proof_secret)', async () => {
    const issued = await probe(`${base}/functions/v1/send-appointment-email`, { method: 'GET', headers: json });
    const challenge = (JSON.parse(issued.body) as { challenge?: Parameters<typeof solveChallenge>[0]['challenge'] }).challenge;
    if (issued.status !== 200 || !challenge) {
      return [false, `GET challenge → ${issued.status} ${issued.body.slice(0, 80)}`, `set FORM_PROOF_SECRET (docs/deploy.md, step 4) and ${deploy('send-appointment-email')}`];
    }
    const solution = await solveChallenge({ challenge, deriveKey });
    const header = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
    const result = await probe(`${base}/rest/v1/appointment_requests`, {
      method: 'POST',
      headers: { ...json, 'x-form-proof': header },
      body: JSON.stringify(row),
    });
    return [result.status === 400 && errorCode(result.body) === '23514', `POST with a solved proof → ${result.status} ${result.body.slice(0, 120)}`];
  }, "Vault's form_proof_secret must be the functions' FORM_PROOF_SECRET: `select vault.update_secret(id, '<FORM_PROOF_SECRET>') from vault.secrets where name = 'form_proof_secret'` (docs/deploy.md, step 3)");

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
      if (issued.status !== 200 || !challenge) return [false, `GET → ${issued.status} ${issued.body.slice(0, 80)}`, `set FORM_PROOF_SECRET (docs/deploy.md, step 4) and ${deploy(fn)}`];
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
        headers: { ...json, ...(siteOrigin ? { Origin: siteOrigin } : {}) },
        body: JSON.stringify({ ...body, altcha: { challenge, solution: { counter: 0, derivedKey: '00'.repeat(32) } } }),
      });
      return [result.status === 403, `unsolved proof → ${result.status} ${result.body.slice(0, 80)}`];
    }, deploy(fn));
  }

  return results;
}


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
  const renew = (name: string) => `a secret of its own: \`npx supabase secrets set ${name}=$(openssl rand -hex 32)\` (docs/deploy.md, step 4)`;

  await check("appointment-action takes no link signed with the repository's demo ACTION_TOKEN_SECRET", async () =>
    refused(await accepts('link', base, json, row, demo.ACTION_TOKEN_SECRET ?? '')), renew('ACTION_TOKEN_SECRET'));
  await check("the database takes no form proof signed with the repository's demo FORM_PROOF_SECRET", async () =>
    refused(await accepts('proof', base, json, row, demo.FORM_PROOF_SECRET ?? '')),
  `${renew('FORM_PROOF_SECRET')}, and the same value in Vault: \`select vault.update_secret(id, '<it>') from vault.secrets where name = 'form_proof_secret'\``);
  for (const feed of FEED_IDS) {
    const name = feedSecretName(feed);
    await check(`practice-calendar has no address for ${feed} made with a demo secret (${name})`, async () => {
      // The feed's own demo value, and the single one of earlier versions.
      for (const secret of new Set([demo[name] ?? '', ...demoValues.filter((value) => !Object.values(demo).includes(value))])) {
        const [answers, detail] = await feedAnswers(base, secret, feed);
        if (answers) return [false, `${detail}: the demo address is live`];
      }
      return [true, `practice-calendar/${feed} → 404 for the demo addresses`];
    }, `${renew(name)}, then subscribe to its new address (\`npm run calendar:urls\`)`);
  }

  for (const name of SECRET_SETTINGS) {
    const value = given[name];
    if (value === undefined) continue;
    await check(`${name} is random, at least 32 bytes`, () => {
      const weakness = secretWeakness(value, demoValues);
      return Promise.resolve([weakness === null, weakness ? `${name} ${weakness}` : 'hex or base64 of ≥ 32 random-looking bytes']);
    }, `set a new one: \`export ${name}=$(openssl rand -hex 32)\`, \`npx supabase secrets set ${name}=$${name}\` (docs/deploy.md, step 4)`);
  }
  const live = (name: string) => `the project runs another ${name} than this shell's: set this one (\`npx supabase secrets set ${name}=$${name}\`), or export the live one here`;
  const action = given.ACTION_TOKEN_SECRET;
  if (action !== undefined) await check('appointment-action takes links signed with the ACTION_TOKEN_SECRET given', () => accepts('link', base, json, row, action), live('ACTION_TOKEN_SECRET'));
  const proof = given.FORM_PROOF_SECRET;
  if (proof !== undefined) {
    await check('the database takes form proofs signed with the FORM_PROOF_SECRET given', () => accepts('proof', base, json, row, proof),
      `Vault's form_proof_secret is not this shell's FORM_PROOF_SECRET: \`select vault.update_secret(id, '<FORM_PROOF_SECRET>') from vault.secrets where name = 'form_proof_secret'\`, and the functions must run the same (${live('FORM_PROOF_SECRET')})`);
  }
  for (const feed of FEED_IDS) {
    const name = feedSecretName(feed);
    const secret = given[name as SecretSetting];
    if (secret !== undefined) await check(`practice-calendar answers ${feed}'s address made with ${name}`, () => feedAnswers(base, secret, feed), live(name));
  }
}

/** The Vault secrets a job's command reads: the names it looks up in vault.decrypted_secrets. */
export function vaultSecretsRead(command: string): string[] {
  return [...new Set([...command.matchAll(/vault\.decrypted_secrets\s+where\s+name\s*=\s*'([^']+)'/gi)].map((match) => match[1]!))];
}

/** The schedules and Vault, read through the database connection: names and states, never secret values. */
async function checkDatabase(dbUrl: string, check: Check) {
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 15_000 });
  let connected = false;
  await check('the database connection (SUPABASE_DB_URL) is open', async () => {
    try {
      await client.connect();
    } catch (error) {
      return [false, `connecting failed: ${(error as Error).message}`];
    }
    connected = true;
    return [true, 'connected'];
  }, "SUPABASE_DB_URL: the connection string of the dashboard's «Connect» (session pooler, port 5432), with the database password");
  if (!connected) return;
  try {
    const hasVault = (await client.query(`select to_regclass('vault.decrypted_secrets') is not null as present`)).rows[0]?.present === true;
    const vault = hasVault ? new Set((await client.query<{ name: string }>('select name from vault.secrets')).rows.map((r) => r.name)) : new Set<string>();
    const hasCron = (await client.query(`select to_regclass('cron.job') is not null as present`)).rows[0]?.present === true;
    const jobs = hasCron
      ? new Map((await client.query<{ jobname: string; schedule: string; command: string; active: boolean }>('select jobname, schedule, command, active from cron.job')).rows
        .map((job) => [job.jobname, job] as const))
      : new Map<string, { schedule: string; command: string; active: boolean }>();
    for (const [name, needs] of Object.entries(SCHEDULED_JOBS) as [string, readonly VaultSecret[]][]) {
      const title = `the job ${name} is scheduled (pg_cron)${needs.length > 0 ? ` and reads ${needs.join(' and ')} from Vault` : ''}`;
      await check(title, () => {
        if (!hasCron) return Promise.resolve([false, 'pg_cron is not installed', `Database → Extensions: enable pg_cron (and pg_net), then ${DB_PUSH} again`]);
        const job = jobs.get(name);
        if (!job) return Promise.resolve([false, 'not scheduled', DB_PUSH]);
        const seen = `${job.schedule}${job.active ? '' : ', inactive'}`;
        if (!job.active) return Promise.resolve([false, seen, `Database → Cron Jobs: activate ${name} (or \`select cron.alter_job(jobid, active := true) from cron.job where jobname = '${name}'\`)`]);
        const reads = vaultSecretsRead(job.command);
        const unread = needs.filter((secret) => !reads.includes(secret));
        if (unread.length > 0) {
          return Promise.resolve([false, `${seen}; its command reads ${reads.join(', ') || 'nothing'} from Vault, not ${unread.join(', ')}`,
            `its command is not the migrations': \`select cron.unschedule('${name}')\`, then ${DB_PUSH} (…_scheduled_jobs.sql schedules it again)`]);
        }
        const missing = reads.filter((secret) => !vault.has(secret));
        if (missing.length > 0) {
          return Promise.resolve([false, `${seen}; reads ${reads.join(', ')} from Vault, which lacks ${missing.join(', ')}`,
            missing.map((secret) => `select vault.create_secret('…', '${secret}')`).join('; ') + ' (docs/deploy.md, step 3)']);
        }
        return Promise.resolve([true, reads.length > 0 ? `${seen}; reads ${reads.join(', ')} from Vault` : seen]);
      });
    }
    await check('the old reminder job is gone (send-pending-mail sends the reminders)', () =>
      Promise.resolve([!jobs.has('send-appointment-reminders'), jobs.has('send-appointment-reminders') ? 'still scheduled' : 'not scheduled']),
    "`select cron.unschedule('send-appointment-reminders')`");
    for (const name of VAULT_SECRETS) {
      await check(`Vault holds the secret ${name}`, () => Promise.resolve([vault.has(name), vault.has(name) ? 'present' : 'missing']),
        `select vault.create_secret('…', '${name}') (docs/deploy.md, step 3)`);
    }
  } finally {
    await client.end();
  }
}
