/**
 * send-appointment-email: e-mails the practice about an appointment request the browser
 * has just stored. What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createAppointmentHandler, FUNCTION_NAME } from './appointment-handler.ts';

serveFunction(FUNCTION_NAME, createAppointmentHandler);
