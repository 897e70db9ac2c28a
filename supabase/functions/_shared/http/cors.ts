/**
 * CORS with an allow-list of origins (ALLOWED_ORIGINS). A browser on an allowed origin
 * gets the headers on every response, errors included, so it can read the error; a
 * foreign origin gets none and a 403; a caller without an Origin header (curl, another
 * server) is not a browser and is served normally. Pure: no network, no environment.
 */

export const CORS_ALLOW_HEADERS = 'authorization, x-client-info, apikey, content-type';
export const CORS_ALLOW_METHODS = 'GET, POST, OPTIONS';
/** Browsers cache an allowed preflight this long (seconds). */
export const CORS_MAX_AGE = '86400';

/** 'https://a.ch, http://localhost:5173/' → ['https://a.ch', 'http://localhost:5173']; anything else is reported. */
export function parseAllowedOrigins(value: string | undefined): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    let origin: string | null = null;
    try {
      const url = new URL(entry);
      // Only scheme, host and port: 'https://a.ch/' is accepted, 'https://a.ch/kontakt' is not.
      if ((url.protocol === 'https:' || url.protocol === 'http:') && `${url.origin}/` === url.href) origin = url.origin;
    } catch {
      // reported below
    }
    if (origin === null) invalid.push(entry);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid };
}

export type CorsDecision =
  | { kind: 'no-origin' }
  | { kind: 'allowed'; origin: string }
  | { kind: 'forbidden' };

export function decideCors(origin: string | null, allowedOrigins: readonly string[]): CorsDecision {
  if (origin === null) return { kind: 'no-origin' };
  return allowedOrigins.includes(origin) ? { kind: 'allowed', origin } : { kind: 'forbidden' };
}

/** Headers for any response under this decision; Vary always, since the answer depends on Origin. */
export function corsHeaders(decision: CorsDecision): Record<string, string> {
  if (decision.kind !== 'allowed') return { vary: 'Origin' };
  return {
    'access-control-allow-origin': decision.origin,
    'access-control-allow-headers': CORS_ALLOW_HEADERS,
    'access-control-allow-methods': CORS_ALLOW_METHODS,
    'access-control-max-age': CORS_MAX_AGE,
    vary: 'Origin',
  };
}
