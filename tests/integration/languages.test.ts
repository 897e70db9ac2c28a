// @vitest-environment node
/**
 * The visitor's language against the real stack (docs/decisions/011-two-languages.md): the
 * `language` column of the appointment requests, the contact messages and the newsletter's
 * subscribers – 'de' when an insert or a body names none (the spec's), refused outside the
 * list by the database's check and the functions' 400 –, and the mails it decides: the
 * visitor's acknowledgements and the newsletter's mails in it, with links to the pages of
 * it; the practice's mails German, naming it («Sprache: Englisch»); an English subscriber
 * told of English articles only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import { publishArticles, type ArticleEntry } from '../../scripts/publish-articles.ts';
import { ACKNOWLEDGEMENT_TEXTS, CONTACT_PRACTICE_TITLE } from '../../supabase/functions/_shared/forms/request-emails.ts';
import { LANGUAGE_LABEL_FOR_PRACTICE } from '../../supabase/functions/_shared/mail/layout-en.ts';
import { LANGUAGE_NAMES_FOR_PRACTICE } from '../../supabase/functions/_shared/domain/languages.ts';
import { linkedPagePath } from '../../supabase/functions/_shared/domain/link-paths.ts';
import { addressKey } from '../../supabase/functions/_shared/domain/my-data.ts';
import { mailboxKey } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { NEWSLETTER_TEXTS } from '../../supabase/functions/_shared/newsletter/mails.ts';
import { advisorName } from '../../supabase/functions/_shared/domain/practice.ts';
import {
  appointmentSubmission,
  backendTarget,
  bookableDate,
  callFunction,
  insertAppointment,
  newAppointmentRequest,
  newVisitor,
  serviceClient,
  settleAcknowledgements,
  signedProof,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

let backend: TestBackend;
let mail: MailApi;
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';
const ENGLISH_FIELD = new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}\\n`);

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await settleAcknowledgements(backend);
});

/** The practice's mail about a visitor's request or message: it names the visitor's address. */
const practiceMailOf = (email: string) => (m: Mail) => isTo(m, PRACTICE) && (m.Text ?? '').includes(email);

const languageOf = async (table: 'appointment_requests' | 'contact_submissions', id: string) =>
  (await backend.query<{ language: string }>(`select language from public.${table} where id = $1`, [id])).rows[0]?.language;

function contactBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    requestId: randomUUID(),
    name: 'Anna Muster',
    email,
    phone: null,
    subject: null,
    message: 'I wake up with a stiff neck every morning.',
    website: '',
    elapsedMs: 12_000,
    ...overrides,
  };
}

describe('an appointment request in English', () => {
  it('stored by the site with language en (REST insert, then send-appointment-email): the acknowledgement is English, the practice mail says «Sprache: Englisch»', async () => {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email, { preferred_date: bookableDate(9), preferred_time: '14:00', language: 'en' });
    const { error, proof } = await insertAppointment(backend, ip, row);
    expect(error).toBeNull();
    expect(await languageOf('appointment_requests', row.id)).toBe('en');
    const body = appointmentSubmission(row);
    expect(body.language).toBe('en');
    expect(await callFunction(backend, 'send-appointment-email', { ...body, altcha: proof }, { ip })).toMatchObject({ status: 200, json: { ok: true } });

    const practice = await mail.waitFor(practiceMailOf(email));
    expect(practice.Subject).toMatch(/^Neue Terminanfrage: Beat Keller – /);
    expect(practice.Text).toMatch(ENGLISH_FIELD);
    const ack = await mail.waitFor((m) => isTo(m, email));
    expect(ack.Subject).toBe(ACKNOWLEDGEMENT_TEXTS.en.requestSubject);
    expect(ack.Text).toContain('14:00');
    expect(ack.Text).not.toContain('Uhr');
    expect(ack.Text).toContain(ACKNOWLEDGEMENT_TEXTS.en.footer);
  });

  it('is matched by its language too: a body naming another language than the row finds no request to mail', async () => {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email, { preferred_date: bookableDate(9), preferred_time: '15:00', language: 'en' });
    const { error, proof } = await insertAppointment(backend, ip, row);
    expect(error).toBeNull();
    // The body without a language names a German row.
    const withoutLanguage: Record<string, unknown> = { ...appointmentSubmission(row) };
    delete withoutLanguage.language;
    expect(await callFunction(backend, 'send-appointment-email', { ...withoutLanguage, altcha: proof }, { ip }))
      .toMatchObject({ status: 404, json: { error: 'not_found' } });
  });

  it('without a language (the spec\'s insert and body) is German: stored de, acknowledged in German, no language field for the practice', async () => {
    const { email, ip } = newVisitor();
    // The spec's row: no language column named at all.
    const row = newAppointmentRequest(email, { preferred_date: bookableDate(9), preferred_time: '16:00' });
    expect('language' in row).toBe(false);
    const { error, proof } = await insertAppointment(backend, ip, row);
    expect(error).toBeNull();
    expect(await languageOf('appointment_requests', row.id)).toBe('de');
    expect(await callFunction(backend, 'send-appointment-email', { ...appointmentSubmission(row), altcha: proof }, { ip }))
      .toMatchObject({ status: 200 });
    const practice = await mail.waitFor(practiceMailOf(email));
    expect(practice.Text).not.toContain(`${LANGUAGE_LABEL_FOR_PRACTICE}:`);
    expect((await mail.waitFor((m) => isTo(m, email))).Subject).toBe(ACKNOWLEDGEMENT_TEXTS.de.requestSubject);
  });

  it('refuses a language outside the list: the database\'s check for the REST insert (400, 23514), the function\'s 400 for the body', async () => {
    const { email, ip } = newVisitor();
    for (const language of ['fr', 'EN', '']) {
      const insert = await insertAppointment(backend, ip, newAppointmentRequest(email, { language }));
      expect(insert.status, language).toBe(400);
      expect(insert.error, language).toMatchObject({ code: '23514' });
      expect(insert.error?.message, language).toContain('"language_valid"');
    }
    const row = newAppointmentRequest(email, { language: 'en' });
    expect(await callFunction(backend, 'send-appointment-email', { ...appointmentSubmission(row), language: 'fr' }, { ip }))
      .toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'language' } });
  });
});

describe('a contact message in English', () => {
  it('is stored in English and acknowledged in English; the practice mail stays German and says «Sprache: Englisch»', async () => {
    const { email, ip } = newVisitor();
    const body = contactBody(email, { language: 'en' });
    expect(await callFunction(backend, 'send-contact-email', body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    expect(await languageOf('contact_submissions', body.requestId)).toBe('en');
    const practice = await mail.waitFor(practiceMailOf(email));
    expect(practice.Subject).toBe(`${CONTACT_PRACTICE_TITLE}: Anna Muster`);
    expect(practice.Text).toMatch(ENGLISH_FIELD);
    const ack = await mail.waitFor((m) => isTo(m, email));
    expect(ack.Subject).toBe(ACKNOWLEDGEMENT_TEXTS.en.contactSubject);
    expect(ack.Text).toContain(ACKNOWLEDGEMENT_TEXTS.en.contactBody[0]);
  });

  it('without a language is German; another language is 400 invalid_body «language» and stores nothing', async () => {
    const { email, ip } = newVisitor();
    const german = contactBody(email);
    expect(await callFunction(backend, 'send-contact-email', german, { ip })).toMatchObject({ status: 200 });
    expect(await languageOf('contact_submissions', german.requestId)).toBe('de');
    expect((await mail.waitFor((m) => isTo(m, email))).Subject).toBe(ACKNOWLEDGEMENT_TEXTS.de.contactSubject);
    const french = contactBody(email, { language: 'fr' });
    expect(await callFunction(backend, 'send-contact-email', french, { ip })).toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'language' } });
    expect(await languageOf('contact_submissions', french.requestId)).toBeUndefined();
  });

  it('is stored German by the database when a direct insert names no language, and refused by the check outside the list', async () => {
    const id = randomUUID();
    await backend.query(
      `insert into public.contact_submissions (id, name, email, message) values ($1, 'Anna Muster', $2, 'Hallo')`,
      [id, newVisitor().email],
    );
    expect(await languageOf('contact_submissions', id)).toBe('de');
    await expect(backend.query(
      `insert into public.contact_submissions (id, name, email, message, language) values ($1, 'Anna Muster', $2, 'Hallo', 'fr')`,
      [randomUUID(), newVisitor().email],
    )).rejects.toThrow(/language_valid/);
  });
});

describe('the newsletter in English', () => {
  async function subscribe(email: string, ip: string, language?: unknown) {
    const body = { action: 'subscribe', email, website: '', elapsedMs: 8_000, altcha: await signedProof('newsletter'), ...(language === undefined ? {} : { language }) };
    return callFunction(backend, 'newsletter', body, { ip });
  }

  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`${path}#([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no ${path} link in the mail`);
    return match[1]!;
  };

  const subscriberLanguage = async (email: string) =>
    (await backend.query<{ language: string }>('select language from public.newsletter_subscribers where mailbox_key = $1', [mailboxKey(email)]))
      .rows[0]?.language;

  async function confirmed(language: 'de' | 'en') {
    const visitor = newVisitor();
    expect(await subscribe(visitor.email, visitor.ip, language)).toMatchObject({ status: 202 });
    const confirmation = await mail.waitFor((m) => isTo(m, visitor.email) && m.Subject === NEWSLETTER_TEXTS[language].confirmationSubject);
    const token = tokenIn(confirmation.Text, linkedPagePath('newsletterConfirm', language));
    expect(await callFunction(backend, 'newsletter', { action: 'confirm', token }, { ip: visitor.ip, proof: false }))
      .toMatchObject({ status: 200, json: { status: 'confirmed' } });
    return visitor;
  }

  async function runOutbox() {
    const response = await fetch(`${backend.apiUrl}/functions/v1/send-pending-mail`, {
      method: 'POST',
      headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  }

  it('sends an English subscription the English confirmation mail, with the link to the English confirm page, which confirms it', async () => {
    const { email, ip } = newVisitor();
    expect(await subscribe(email, ip, 'en')).toMatchObject({ status: 202, json: { ok: true } });
    const confirmation = await mail.waitFor((m) => isTo(m, email) && m.Subject === NEWSLETTER_TEXTS.en.confirmationSubject);
    expect(confirmation.Text).toContain(NEWSLETTER_TEXTS.en.confirmationLines[1]);
    expect(confirmation.Text).not.toContain(linkedPagePath('newsletterConfirm', 'de'));
    const token = tokenIn(confirmation.Text, linkedPagePath('newsletterConfirm', 'en'));
    expect(await subscriberLanguage(email)).toBe('en');
    expect(await callFunction(backend, 'newsletter', { action: 'confirm', token }, { ip, proof: false }))
      .toMatchObject({ status: 200, json: { status: 'confirmed' } });
  });

  it('stores a subscription without a language as German, and refuses another language with 400 «language»', async () => {
    const { email, ip } = newVisitor();
    expect(await subscribe(email, ip)).toMatchObject({ status: 202 });
    await mail.waitFor((m) => isTo(m, email) && m.Subject === NEWSLETTER_TEXTS.de.confirmationSubject);
    expect(await subscriberLanguage(email)).toBe('de');
    const other = newVisitor();
    expect(await subscribe(other.email, other.ip, 'fr')).toMatchObject({ status: 400, json: { error: 'invalid_body', field: 'language' } });
    expect(await subscriberLanguage(other.email)).toBeUndefined();
  });

  it('tells each subscriber of the articles of their language: the English one of the English translation, with the English pages', async () => {
    const [german, english] = [await confirmed('de'), await confirmed('en')];
    const tag = randomUUID().slice(0, 8);
    const author = advisorName('sandra-huber');
    const original: ArticleEntry = { slug: `schlaf-${tag}`, title: `Besser schlafen ${tag}`, excerpt: 'Warum das Kissen zählt.', date: zurichDate(0), author, language: 'de' };
    const translation: ArticleEntry = { slug: `sleep-${tag}`, title: `Sleeping better ${tag}`, excerpt: 'Why your pillow matters.', date: zurichDate(0), author, language: 'en' };
    const published = await publishArticles([original, translation], { url: backend.apiUrl, secretKey: backend.secretKey });
    expect(published.announced).toEqual([original.slug, translation.slug]);
    await runOutbox();

    const en = NEWSLETTER_TEXTS.en;
    const toEnglish = await mail.waitFor((m) => isTo(m, english.email) && m.Subject === en.announcementSubject(translation.title));
    expect(toEnglish.Text).toMatch(new RegExp(`${en.readLabel}:\\n\\S+/en/blog/${translation.slug}\\n`));
    expect(toEnglish.Text).toContain(en.footer);
    tokenIn(toEnglish.Text, linkedPagePath('newsletterUnsubscribe', 'en'));
    const toGerman = await mail.waitFor((m) => isTo(m, german.email) && m.Subject === NEWSLETTER_TEXTS.de.announcementSubject(original.title));
    expect(toGerman.Text).toMatch(new RegExp(`\\S+/blog/${original.slug}\\n`));
    // Each was queued one mail only: the other language's article is not theirs.
    const queued = await backend.query<{ email: string; article_slug: string }>(
      `select s.email, o.article_slug from public.outbox_mails o join public.newsletter_subscribers s on s.id = o.subscriber_id
        where o.kind = 'announcement' and o.article_slug = any($1) order by o.article_slug`,
      [[original.slug, translation.slug]],
    );
    expect(queued.rows.filter((row) => row.email === english.email)).toEqual([{ email: english.email, article_slug: translation.slug }]);
    expect(queued.rows.filter((row) => row.email === german.email)).toEqual([{ email: german.email, article_slug: original.slug }]);
  });

  it('refuses an article of a language outside the list, and a slug the other language has already', async () => {
    const publish = (articles: ArticleEntry[]) => publishArticles(articles, { url: backend.apiUrl, secretKey: backend.secretKey });
    const tag = randomUUID().slice(0, 8);
    const article: ArticleEntry = { slug: `artikel-${tag}`, title: 'Titel', excerpt: 'Kurz.', date: zurichDate(-1), author: advisorName('lukas-brunner') };
    await expect(publish([{ ...article, language: 'fr' as 'de' }])).rejects.toThrow(/language/);
    expect((await publish([article])).announced).toEqual([article.slug]);
    await expect(publish([{ ...article, language: 'en' }])).rejects.toThrow(/other language/);
  });
});

describe('«Meine Daten» shows the language', () => {
  it('of each request, message and subscription', async () => {
    const { email, ip } = newVisitor();
    const row = newAppointmentRequest(email, { preferred_date: bookableDate(9), preferred_time: '17:00', language: 'en' });
    expect((await insertAppointment(backend, ip, row)).error).toBeNull();
    expect(await callFunction(backend, 'send-contact-email', contactBody(email, { language: 'en' }), { ip })).toMatchObject({ status: 200 });
    const { data, error } = await serviceClient(backend).rpc('my_data', { p_address_key: addressKey(email) });
    expect(error).toBeNull();
    const answer = data as { requests: { language: string }[]; messages: { language: string }[] };
    expect(answer.requests.map((request) => request.language)).toEqual(['en']);
    expect(answer.messages.map((message) => message.language)).toEqual(['en']);
  });
});
