/**
 * Bearer JWTs as PostgREST checks them: HS256 signed with the project's JWT secret (the
 * legacy keys and `supabase start`'s tokens), with PostgREST's 30 s clock tolerance.
 * The verification itself is jose's; this module only fixes the algorithm and names the
 * reasons a token fails, so the gateway can answer with PostgREST's messages.
 */
import { errors, jwtVerify, type JWTPayload } from 'jose';

export type JwtClaims = JWTPayload & { role?: unknown };

export type JwtFailure = 'malformed' | 'unsupported-algorithm' | 'bad-signature' | 'expired' | 'not-yet-valid';

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure };

/** PostgREST tolerates this much clock difference between the token's issuer and itself. */
const CLOCK_SKEW_SECONDS = 30;

function failureOf(error: unknown): JwtFailure {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return error.claim === 'nbf' ? 'not-yet-valid' : 'malformed';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'unsupported-algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  return 'malformed';
}

/**
 * Checks a token's form, signature and time claims. The algorithm is fixed to HS256
 * whatever the header says, so `alg: none` or an RS/HS confusion cannot pass.
 */
export async function verifyJwt(token: string, secret: string, now: Date = new Date()): Promise<JwtResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
    });
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

/** The roles the gateway maps a token to; anything else is refused before Postgres sees it. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export function isApiRole(value: unknown): value is ApiRole {
  return typeof value === 'string' && (API_ROLES as readonly string[]).includes(value);
}
