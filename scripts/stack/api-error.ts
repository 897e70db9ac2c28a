/**
 * The stand-in's refusals, in the shapes the real services answer with, so supabase-js
 * turns them into the same `error` object: PostgREST's {code, message, details, hint}
 * (pgrstError), or the API gateway's and the Edge Functions platform's own bodies.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string } & Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

/** PostgREST's error body (its Error.hs, toJsonPgrstError): all four keys, null when empty. */
export function pgrstError(
  status: number,
  code: string,
  message: string,
  options: { details?: string | null; hint?: string | null; headers?: Record<string, string> } = {},
): ApiError {
  return new ApiError(status, { code, message, details: options.details ?? null, hint: options.hint ?? null }, options.headers);
}

/**
 * The one refusal for everything the stand-in deliberately does not implement (any
 * request outside the inventory in docs/local-stack.md): said plainly, in PostgREST's
 * shape, with a status no real answer has, instead of being guessed at or let through.
 */
export function unsupported(what: string): ApiError {
  return pgrstError(501, 'STACK501', `${what} is not supported by the local stack`, {
    hint:
      'The embedded stack implements only the calls this project makes (docs/local-stack.md, ' +
      'scripts/stack/contract.test.ts). Use `supabase start` for the full API.',
  });
}

/** HTTP status for a Postgres SQLSTATE, as PostgREST maps them (its Error.hs). */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
  };
  if (exact[code] !== undefined) return exact[code];
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** A Postgres error as PostgREST reports it: SQLSTATE as code, status by its table. */
export function fromDatabaseError(error: DatabaseErrorLike, role: string): ApiError {
  const status = statusForSqlState(error.code, role);
  return pgrstError(status, error.code, error.message, {
    details: error.detail ?? null,
    hint: error.hint ?? null,
    headers: status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  });
}
