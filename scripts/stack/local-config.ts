/**
 * The local stack's public values: the same ports and demo keys that `supabase start`
 * prints, so one configuration serves the embedded stack and the Docker-based CLI.
 * These are well-known demo values, never production secrets.
 */
export const LOCAL_SUPABASE_URL = 'http://localhost:54321';

/** HS256 JWT of {"iss":"supabase-demo","role":"anon","exp":1983812996}, signed with the demo secret. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
