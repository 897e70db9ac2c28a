/**
 * send-appointment-email: e-mails the practice about an appointment request the browser
 * has just stored. What it accepts and answers: ../README.md.
 */
import { createFunctionHandler } from '../_shared/runtime.ts';
import { appointmentEndpoint } from './appointment-endpoint.ts';

Deno.serve(createFunctionHandler(appointmentEndpoint));
