/**
 * appointment-action: the action page's function – shows the request behind a link of
 * an appointment e-mail and, on a button press, confirms, declines or cancels it and
 * sends the e-mails. What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createActionHandler, FUNCTION_NAME } from './action-handler.ts';

serveFunction(FUNCTION_NAME, createActionHandler);
