/**
 * send-contact-email: the contact form's message, stored and mailed to the practice.
 * What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createContactHandler, FUNCTION_NAME } from './contact-handler.ts';

serveFunction(FUNCTION_NAME, createContactHandler);
