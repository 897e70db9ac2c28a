/**
 * Checks a deployed backend from the outside, with nothing but its URL and public key
 * (the publishable key, or a legacy anon key) – what anyone on the internet has. It
 * verifies what the integration tests verify inside: the public key reads nothing,
 * changes nothing, and the functions refuse unknown keys, foreign origins, forged and
 * oversized calls. It creates no rows and sends no e-mail: every
 * probe is one the backend must refuse.
 */
import { randomUUID } from 'node:crypto';

export interface DeployTarget {
  /** The project URL, e.g. https://<ref>.supabase.co */
  supabaseUrl: string;
  /** The key the site is built with: `sb_publishable_…`, or a legacy anon JWT. */
  publicKey: string;
  /** The site's origin; when given, the functions must accept it (CORS). */
  siteOrigin?: string;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

const FOREIGN_ORIGIN = 'https://not-the-site.example';
/** The functions that take the forms (they issue form-proof challenges). */
const FORM_FUNCTIONS = ['send-contact-email', 'send-appointment-email'] as const;
/** Every function a browser calls with the public key. */
const BROWSER_FUNCTIONS = [...FORM_FUNCTIONS, 'appointment-action'] as const;

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

  for (const table of ['appointment_requests', 'contact_submissions']) {
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

  for (const rpc of ['delete_expired_form_submissions', 'decide_appointment', 'cancel_appointment', 'get_appointment_request', 'claim_due_reminders']) {
    await check(`the public key cannot call ${rpc}`, async () => {
      const result = await probe(`${base}/rest/v1/rpc/${rpc}`, { method: 'POST', headers: json, body: '{}' });
      return [refusedByPrivileges(result) || result.status === 404, `RPC → ${result.status} ${result.body.slice(0, 120)}`];
    });
  }

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
  await check('send-appointment-reminders refuses the public key (the job calls it with the secret key)', async () => {
    const result = await probe(`${base}/functions/v1/send-appointment-reminders`, { method: 'POST', headers: json, body: '{}' });
    return [result.status === 401, `POST with the public key → ${result.status} ${result.body.slice(0, 80)}`];
  });

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
      const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
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
