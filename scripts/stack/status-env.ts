/**
 * The connection values in the form `supabase status -o env` prints them (CLI 3,
 * internal/status/status.go: API_URL, DB_URL, MAILPIT_URL, PUBLISHABLE_KEY, SECRET_KEY,
 * and the deprecated ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET). The test suites read these
 * names (tests/support/backend-target.ts), so the same commands point them at the
 * stand-in or at a real `supabase start`.
 */
import { LOCAL_KEYS, LOCAL_PORTS } from './local-config';

export interface StatusValues {
  apiUrl: string;
  dbUrl: string;
  mailUrl: string;
}

export const LOCAL_STATUS: StatusValues = {
  apiUrl: `http://127.0.0.1:${LOCAL_PORTS.gateway}`,
  dbUrl: `postgresql://postgres:postgres@127.0.0.1:${LOCAL_PORTS.db}/postgres`,
  mailUrl: `http://127.0.0.1:${LOCAL_PORTS.mailUi}`,
};

export function statusEnv(values: StatusValues = LOCAL_STATUS): Record<string, string> {
  return {
    API_URL: values.apiUrl,
    REST_URL: `${values.apiUrl}/rest/v1`,
    FUNCTIONS_URL: `${values.apiUrl}/functions/v1`,
    DB_URL: values.dbUrl,
    MAILPIT_URL: values.mailUrl,
    PUBLISHABLE_KEY: LOCAL_KEYS.publishable,
    SECRET_KEY: LOCAL_KEYS.secret,
    ANON_KEY: LOCAL_KEYS.anon,
    SERVICE_ROLE_KEY: LOCAL_KEYS.serviceRole,
    JWT_SECRET: LOCAL_KEYS.jwtSecret,
  };
}

/** `NAME="value"` lines, for `eval` in a shell or a dotenv file. */
export function formatStatusEnv(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('\n');
}
