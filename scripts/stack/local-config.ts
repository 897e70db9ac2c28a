/**
 * The local stack's public values: the same ports and demo keys that `supabase start`
 * prints, so one configuration serves the embedded stack and the Docker-based CLI.
 * These are well-known demo values, never production secrets.
 */
export const LOCAL_SUPABASE_URL = 'http://localhost:54321';

/**
 * The publishable key (browser) and secret key (servers) that `supabase start` of CLI 3
 * prints. Not JWTs: the gateway recognises them and acts as the anon or service_role
 * role. Source: the Supabase CLI, apps/cli-go/pkg/config/apikeys.go (defaultPublishableKey, defaultSecretKey).
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** Legacy anon key: HS256 JWT of {"iss":"supabase-demo","role":"anon","exp":1983812996}, signed with the demo secret. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Legacy service-role key: HS256 JWT of {"iss":"supabase-demo","role":"service_role","exp":1983812996}: full access, server side only. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The secret both legacy keys are signed with (the `supabase start` default). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The ports of `supabase start` (supabase/config.toml), used unless told otherwise. */
export const LOCAL_PORTS = { gateway: 54321, db: 54322, mailUi: 54324, smtp: 54325 } as const;

/** Every key a project registers at its gateway, and the secret its JWTs are signed with. */
export interface ProjectKeys {
  publishable: string;
  secret: string;
  anon: string;
  serviceRole: string;
  jwtSecret: string;
}

export const LOCAL_KEYS: ProjectKeys = {
  publishable: LOCAL_PUBLISHABLE_KEY,
  secret: LOCAL_SECRET_KEY,
  anon: LOCAL_ANON_KEY,
  serviceRole: LOCAL_SERVICE_ROLE_KEY,
  jwtSecret: LOCAL_JWT_SECRET,
};
