/**
 * The newsletter function's bodies as zod schemas (../domain/newsletter.ts has them as
 * types): first the action, then the action's own keys, strictly – an unknown key is
 * refused as the forms refuse it. The address is the forms' e-mail field (one grammar with
 * the form and the database); the bot signals are the forms' (honeypot, time open, proof).
 */
import * as z from 'zod/mini';
import { botSignals, formLanguage } from '../domain/schemas.ts';
import { fieldSchemas, storableString } from '../domain/field-schemas.ts';
import type { NewsletterLinkCommand, SubscribeFormSubmission } from '../domain/newsletter.ts';

export const NEWSLETTER_ACTIONS = ['subscribe', 'confirm', 'unsubscribe'] as const;

/** Only the action, the rest of the body left to the action's own schema. */
export const newsletterActionSchema = z.looseObject({ action: z.enum(NEWSLETTER_ACTIONS) });

export const subscribeSchema = z.strictObject({
  action: z.literal('subscribe'),
  email: fieldSchemas.email,
  language: formLanguage,
  ...botSignals,
}) satisfies z.ZodMiniType<SubscribeFormSubmission>;

/** A link's token (about 130 characters; read and checked by tokens.ts). */
export const linkSchema = z.strictObject({
  action: z.enum(['confirm', 'unsubscribe']),
  token: storableString.check(z.minLength(1), z.maxLength(512)),
}) satisfies z.ZodMiniType<NewsletterLinkCommand>;
