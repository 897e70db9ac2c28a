/**
 * send-appointment-reminders: the daily job's function – reminds every visitor whose
 * confirmed appointment is tomorrow, once. Called by pg_cron + pg_net on hosted Supabase
 * and by the embedded stack's timer, with the project's secret key. ../README.md.
 */
import { createRuntime } from '../_shared/runtime.ts';
import { createReminderHandler, FUNCTION_NAME } from './reminder-handler.ts';

Deno.serve(createReminderHandler(createRuntime(FUNCTION_NAME)));
