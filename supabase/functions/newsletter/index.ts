/**
 * newsletter: the blog's newsletter with double opt-in – subscribe (with the forms' proof
 * and limits), confirm, unsubscribe, and the one-click unsubscription of RFC 8058.
 * What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createNewsletterHandler, FUNCTION_NAME } from './newsletter-handler.ts';

serveFunction(FUNCTION_NAME, createNewsletterHandler);
