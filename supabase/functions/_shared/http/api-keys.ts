/**
 * The project's API keys as the platform hands them to a function, and the caller check
 * that replaces `verify_jwt`. Pure: the environment is passed in.
 *
 * Hosted Supabase gives every function SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS
 * (JSON objects, key name → key) and, while a project still has them, the legacy JWT keys
 * SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (docs: guides/functions/secrets,
 * "Default secrets"). `supabase start` sets the same names. The new keys are not JWTs,
 * so the platform's verify_jwt cannot check them (docs: guides/functions/auth-headers);
 * the functions run with verify_jwt = false and check the `apikey` header here.
 *
 * Why not `@supabase/server`'s withSupabase({ auth: 'publishable' }): it refuses the
 * legacy anon key outright (its docs/auth-modes.md, "Legacy keys and JWTs are not
 * supported"), which would break every project that has not switched keys yet, and it
 * brings its own CORS handling next to ours (cors.ts).
 */
/** How the platform's variables are read (Deno.env.get in runtime.ts, a map in the tests). */
export type GetEnv = (name: string) => string | undefined;

export interface ApiKeys {
  /** Keys a browser may call the functions with: every publishable key, and the legacy anon key. */
  clientKeys: string[];
  /** The key the functions reach the database with (bypasses row-level security), or null. */
  secretKey: string | null;
  /** What is wrong with the environment, for the start-up log. */
  problems: string[];
}

/** The values of a JSON object of name → key, or why it is not one. */
function keysOf(name: string, raw: string | undefined): { keys: Record<string, string>; problem?: string } {
  if (raw === undefined) return { keys: {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
    const keys = Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
    );
    return { keys };
  } catch {
    return { keys: {}, problem: `${name} is not a JSON object of key names and keys` };
  }
}

export function readApiKeys(env: GetEnv): ApiKeys {
  const problems: string[] = [];
  const publishable = keysOf('SUPABASE_PUBLISHABLE_KEYS', env('SUPABASE_PUBLISHABLE_KEYS'));
  const secret = keysOf('SUPABASE_SECRET_KEYS', env('SUPABASE_SECRET_KEYS'));
  for (const parsed of [publishable, secret]) if (parsed.problem) problems.push(parsed.problem);

  const anonKey = env('SUPABASE_ANON_KEY');
  const clientKeys = [...Object.values(publishable.keys), ...(anonKey ? [anonKey] : [])];
  if (clientKeys.length === 0) {
    problems.push('neither SUPABASE_PUBLISHABLE_KEYS nor SUPABASE_ANON_KEY is set, so no caller can be recognised');
  }

  // The key named "default" is the one Supabase creates with the project; any other
  // named key works as well, the legacy service-role key last.
  const secretKey = secret.keys.default ?? Object.values(secret.keys)[0] ?? env('SUPABASE_SERVICE_ROLE_KEY') ?? null;
  if (!secretKey) problems.push('neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set');

  return { clientKeys, secretKey, problems };
}

/** Compares in time that depends only on the lengths, so a caller cannot guess a key byte by byte. */
function sameKey(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}

export type CallerCheck = { ok: true } | { ok: false; error: 'missing_api_key' | 'invalid_api_key' };

/** The site calls with its publishable (or legacy anon) key in `apikey`; nothing else gets in. */
export function checkCaller(headers: Headers, clientKeys: readonly string[]): CallerCheck {
  const apikey = headers.get('apikey');
  if (!apikey) return { ok: false, error: 'missing_api_key' };
  // Every key is compared, so the time taken does not tell which one came close.
  const matches = clientKeys.filter((key) => sameKey(apikey, key)).length;
  return matches > 0 ? { ok: true } : { ok: false, error: 'invalid_api_key' };
}

export const CALLER_MESSAGES: Record<'missing_api_key' | 'invalid_api_key', string> = {
  missing_api_key: "No apikey header: call this function with the project's publishable key.",
  invalid_api_key: "The apikey header is not one of this project's publishable keys.",
};
