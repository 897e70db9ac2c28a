/**
 * Wires a function to the real world (serveFunction, the one call of every index.ts):
 * reads the environment once at start-up, reports what is missing (loudly, once, and then
 * on every request as a 500), and builds the Store (supabase-js, secret key) and the
 * Mailer (Resend over fetch, or nodemailer), and the newsletter's store.
 * The only module that touches Deno.env, nodemailer and supabase-js together.
 */
import nodemailer from 'nodemailer';
import { readConfig } from './config.ts';
import type { FunctionDeps } from './http/request-gate.ts';
import { fixedNow } from './http/test-clock.ts';
import { createMailer, type CreateSmtpTransport } from './mail/transport.ts';
import { withMyDataFooter } from './mail/my-data-footer.ts';
import { createSupabaseMyDataStore } from './my-data/supabase-my-data-store.ts';
import { createSupabaseStore } from './database/supabase-store.ts';
import { createSupabaseNewsletterStore } from './newsletter/supabase-newsletter-store.ts';
import { createSupabaseEarlierStore } from './lifecycle/supabase-earlier-store.ts';
import { createSupabaseInvoiceStore } from './invoices/supabase-invoice-store.ts';
import { createSupabaseSleepDiaryStore } from './sleep-diary/supabase-sleep-diary-store.ts';
import { createSupabasePracticeLinkStore } from './lifecycle/supabase-practice-link-store.ts';

/** What every function exports besides its name: its handler, built from its dependencies. */
export type CreateHandler = (deps: FunctionDeps) => (request: Request) => Promise<Response>;

/**
 * Every function's index.ts is this one call: the settings, database and mail transport
 * are read once at start-up (what is missing reported then), and the handler serves.
 */
export function serveFunction(name: string, createHandler: CreateHandler): void {
  const deps = createRuntime(name);
  const handle = createHandler(deps);
  if (!deps.config.testClock) return void Deno.serve(handle);
  // The local stack's tests fix the time of one request (the reminders from 09:00, say):
  // served by a handler of its own, so no other request sees that time (http/test-clock.ts).
  Deno.serve((request) => {
    const at = fixedNow(request);
    return at === null ? handle(request) : createHandler({ ...deps, now: () => new Date(at) })(request);
  });
}

/** The function's settings, database and mail transport, with what is missing reported once at start-up. */
function createRuntime(name: string): FunctionDeps {
  const config = readConfig((name) => Deno.env.get(name));
  const prefix = `[${name}]`;
  for (const problem of config.problems) console.error(`${prefix} NOT CONFIGURED: ${problem.message}`);
  if (config.problems[0]) {
    console.error(`${prefix} Until this is fixed every request answers 500 {"error":"${config.problems[0].code}"}.`);
  }
  for (const warning of config.warnings) console.warn(`${prefix} ${warning}`);

  const store = config.supabase ? createSupabaseStore(config.supabase.url, config.supabase.secretKey) : null;
  const newsletter = config.supabase ? createSupabaseNewsletterStore(config.supabase.url, config.supabase.secretKey) : null;
  // Every mail to a visitor carries «Meine Daten» with its link: added here, once, for every
  // function (mail/my-data-footer.ts), so no mail builder repeats it.
  const mailer = config.mail
    ? withMyDataFooter(
      createMailer(config.mail.transport, config.mail.from, {
        fetch: (input, init) => fetch(input, init),
        createSmtpTransport: nodemailer.createTransport as unknown as CreateSmtpTransport,
      }),
      { practiceEmail: config.mail.practiceEmail, links: { secret: config.actionSecret, siteUrl: config.siteUrl } },
    )
    : null;
  const myData = config.supabase ? createSupabaseMyDataStore(config.supabase.url, config.supabase.secretKey) : null;
  const earlier = config.supabase ? createSupabaseEarlierStore(config.supabase.url, config.supabase.secretKey) : null;
  const invoices = config.supabase ? createSupabaseInvoiceStore(config.supabase.url, config.supabase.secretKey) : null;
  const sleepDiary = config.supabase ? createSupabaseSleepDiaryStore(config.supabase.url, config.supabase.secretKey) : null;
  const practiceLinks = config.supabase ? createSupabasePracticeLinkStore(config.supabase.url, config.supabase.secretKey) : null;
  if (mailer && config.mail) {
    const where = config.mail.transport.kind === 'smtp'
      ? `SMTP ${config.mail.transport.options.host}:${config.mail.transport.options.port}`
      : 'Resend';
    console.log(`${prefix} mail via ${where}; allowed origins: ${config.allowedOrigins.join(', ') || 'none'}`);
  }
  return { config, store, mailer, newsletter, myData, earlier, invoices, sleepDiary, practiceLinks };
}
