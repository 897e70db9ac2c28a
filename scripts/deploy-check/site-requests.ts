/**
 * What the site's browser code sends, learnt from that code instead of written down again:
 * the site's own client (src/lib/supabase-lite.ts) makes the site's own calls – the booking
 * insert (src/features/appointment/api/appointment-insert.ts) and a function call – into a
 * fetch that keeps each request instead of sending it. A header the site starts to send
 * (another library version, a new custom header) is then in the preflight check:deploy
 * sends, and a live project that would refuse it fails the check before a visitor fails.
 *
 * And how a browser judges a CORS preflight's answer (Fetch standard, «CORS-preflight
 * fetch» and «CORS check»), so the checks hold a live answer to the rule the browser holds
 * it to – not to one server's way of writing it.
 */
import { insertAppointmentRequest } from '../../src/features/appointment/api/appointment-insert.ts';
import { createSupabaseClient, type SupabaseClient } from '../../src/lib/supabase-lite.ts';
import type { FormProof, NewAppointmentRequest } from '../../supabase/functions/_shared/domain/wire-types.ts';

export interface SiteRequest {
  method: string;
  /** The path below the project URL, e.g. /rest/v1/appointment_requests. */
  path: string;
  headers: Headers;
}

/** The project URL the kept requests name; nothing is ever sent there. */
const KEPT = 'https://kept.invalid';

async function siteRequests(publicKey: string, calls: (client: SupabaseClient) => Promise<unknown>): Promise<SiteRequest[]> {
  const kept: SiteRequest[] = [];
  const keep: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    kept.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers });
    return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
  };
  await calls(createSupabaseClient(KEPT, publicKey, { fetch: keep }));
  return kept;
}

/** A proof's shape; only the header's name matters here, not its value. */
const ANY_PROOF: FormProof = {
  challenge: { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: '', salt: '', cost: 1, keyLength: 32, keyPrefix: '' }, signature: '' },
  solution: { counter: 0, derivedKey: '' },
};

/** The booking form's insert, as the site sends it with this key. */
export async function bookingInsert(publicKey: string, row: NewAppointmentRequest): Promise<SiteRequest> {
  const [request] = await siteRequests(publicKey, async (client) => insertAppointmentRequest(client, row, ANY_PROOF));
  return request!;
}

/** A call of the site to one of its functions (`functions.invoke(name, { body })`), with this key. */
export async function functionCall(publicKey: string, fn: string): Promise<SiteRequest> {
  const [request] = await siteRequests(publicKey, (client) => client.functions.invoke(fn, { body: {} }));
  return request!;
}

/** Fetch standard, «CORS-safelisted request-header»: the ones a browser sends without asking. */
function safelisted(name: string, value: string): boolean {
  switch (name) {
    case 'accept':
    case 'accept-language':
    case 'content-language':
      return value.length <= 128;
    case 'content-type': {
      const essence = value.split(';')[0]!.trim().toLowerCase();
      return value.length <= 128 && ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(essence);
    }
    default:
      return false;
  }
}

/**
 * Fetch standard, «CORS-unsafe request-header names»: what a browser lists in
 * Access-Control-Request-Headers – lower case, sorted, each once, joined by commas.
 */
export function requestHeadersToAsk(headers: Headers): string {
  const names = new Set<string>();
  headers.forEach((value, name) => {
    if (!safelisted(name.toLowerCase(), value)) names.add(name.toLowerCase());
  });
  return [...names].sort().join(',');
}

const SAFELISTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

const list = (value: string | null) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/**
 * Whether a browser on `origin` goes on with its request (no credentials: the site's
 * calls send none) after this answer to its preflight – Fetch standard, «CORS-preflight
 * fetch» step 7 with «CORS check»: a 2xx; Access-Control-Allow-Origin `*` or the origin;
 * the method allowed (GET, HEAD and POST need not be listed; `*` allows any); every header
 * asked for listed (`*` stands for any but Authorization, which must be named). Undefined
 * when allowed, else what refused it.
 */
export function preflightRefusal(
  answer: { status: number; headers: Headers },
  origin: string,
  method: string,
  askedHeaders: string,
): string | undefined {
  if (answer.status < 200 || answer.status > 299) return `status ${answer.status}, not 2xx`;
  const allowOrigin = answer.headers.get('access-control-allow-origin');
  if (allowOrigin !== '*' && allowOrigin !== origin) return `Access-Control-Allow-Origin ${allowOrigin ?? '(none)'}, not * or ${origin}`;
  const methods = list(answer.headers.get('access-control-allow-methods'));
  if (!SAFELISTED_METHODS.has(method) && !methods.includes(method) && !methods.includes('*')) return `method ${method} not in Access-Control-Allow-Methods`;
  const allowed = list(answer.headers.get('access-control-allow-headers')).map((name) => name.toLowerCase());
  const missing = list(askedHeaders).filter((name) => !allowed.includes(name) && (name === 'authorization' || !allowed.includes('*')));
  if (missing.length > 0) return `Access-Control-Allow-Headers lacks ${missing.join(', ')}`;
  return undefined;
}
