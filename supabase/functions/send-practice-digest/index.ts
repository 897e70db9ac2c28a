/**
 * send-practice-digest: the practice's morning mail – undecided requests with their
 * links, today's and tomorrow's appointments, what could not be delivered. Called by
 * pg_cron + pg_net on hosted Supabase and by the embedded stack's timer with
 * `{"when":"scheduled"}` (sent once a day, from 07:00 Zurich time); a POST with `{}` and
 * the secret key sends it at once. ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createDigestHandler, FUNCTION_NAME } from './digest-handler.ts';

serveFunction(FUNCTION_NAME, createDigestHandler);
