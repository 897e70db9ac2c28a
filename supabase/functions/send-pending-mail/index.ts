/**
 * send-pending-mail: the outbox. Sends every stored message, request, lifecycle mail and
 * reminder whose e-mail has not gone out, once each. Called by pg_cron + pg_net on hosted
 * Supabase (every 5 minutes) and by the embedded stack's timer (every minute), with the
 * project's secret key. ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createOutboxHandler, FUNCTION_NAME } from './outbox-handler.ts';

serveFunction(FUNCTION_NAME, createOutboxHandler);
