/**
 * send-contact-email: the contact form's message, stored and mailed to the practice.
 * What it accepts and answers: ../README.md.
 */
import { createFunctionHandler } from '../_shared/runtime.ts';
import { contactEndpoint } from './contact-endpoint.ts';

Deno.serve(createFunctionHandler(contactEndpoint));
