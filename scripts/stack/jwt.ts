/**
 * HS256 JSON Web Tokens, the only kind `supabase start` and hosted Supabase's legacy keys
 * use. Written with node:crypto rather than a library: the rules are few, and each one
 * is a decision the gateway must get right (fixed algorithm, constant-time comparison,
 * expiry), so they are spelled out here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { role?: unknown; exp?: unknown; nbf?: unknown };

export type JwtFailure = 'malformed' | 'unsupported-algorithm' | 'bad-signature' | 'expired' | 'not-yet-valid';

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure };

/** PostgREST tolerates this much clock difference between the token's issuer and itself. */
const CLOCK_SKEW_SECONDS = 30;

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(hmac(secret, signingInput))}`;
}

function decodeJsonPart(part: string): unknown {
  // Buffer.from(…, 'base64url') silently skips invalid characters; reject them first.
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a token's form, algorithm, signature and time claims. The algorithm is fixed to
 * HS256 whatever the header says, so `alg: none` or an RS/HS confusion cannot pass.
 */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart);
  const claims = decodeJsonPart(payloadPart);
  if (!isObject(header) || !isObject(claims)) return { ok: false, reason: 'malformed' };
  if (header.alg !== 'HS256') return { ok: false, reason: 'unsupported-algorithm' };
  if (!/^[A-Za-z0-9_-]+$/.test(signaturePart)) return { ok: false, reason: 'bad-signature' };

  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  // timingSafeEqual needs equal lengths; the length of an HMAC-SHA256 is public anyway.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }

  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number') return { ok: false, reason: 'malformed' };
    if (nowSeconds - CLOCK_SKEW_SECONDS >= claims.exp) return { ok: false, reason: 'expired' };
  }
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== 'number') return { ok: false, reason: 'malformed' };
    if (nowSeconds + CLOCK_SKEW_SECONDS < claims.nbf) return { ok: false, reason: 'not-yet-valid' };
  }
  return { ok: true, claims };
}

/** The roles the gateway maps a token to; anything else is refused before Postgres sees it. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export function isApiRole(value: unknown): value is ApiRole {
  return typeof value === 'string' && (API_ROLES as readonly string[]).includes(value);
}
