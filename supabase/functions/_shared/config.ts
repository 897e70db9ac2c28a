/**
 * The functions' settings, read from environment variables once at start-up. Pure: the
 * caller passes a getter (Deno.env.get in the functions, a map in the tests). What is
 * missing is reported as a problem with the error code every request then answers with,
 * so a misconfigured function says so at start-up and on each call, never dropping mail
 * silently.
 */
import { TEST_CLOCK_SETTING } from './http/test-clock.ts';
import { type GetEnv, readApiKeys } from './http/api-keys.ts';
import { parseAllowedOrigins } from './http/cors.ts';
import { characterCount } from './domain/field-rules.ts';
import { parseSmtpUrl, type TransportConfig } from './mail/transport.ts';
import { practiceContact } from './domain/practice.ts';
import { FEED_IDS, type FeedId, feedSecretName, RETIRED_FEED_SECRET_NAME } from './calendar-feeds.ts';


export interface Limits {
  /** Forms sent faster than this are treated as bots. */
  minFormMs: number;
  /** Requests per client IP and per e-mail address, per function, in the window below. */
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  /** Requests per client (IPv6: per /64) and function per day, so that no single client can use up the daily cap. */
  rateLimitDailyMax: number;
  /** All mail to the practice per day, both functions together. */
  dailyMailCap: number;
  /** At most one acknowledgement per visitor mailbox in this many seconds. */
  ackPerAddressSeconds: number;
  /** Acknowledgements to visitors per day, both functions together. */
  ackDailyCap: number;
  /**
   * «Meine Daten»'s link mails, a budget of their own (never the acknowledgement's): at most
   * one per mailbox in this many seconds …
   */
  dataLinkPerAddressSeconds: number;
  /** … and this many a day in all. A link held back by either waits in the outbox, oldest first, while it works. */
  dataLinkDailyCap: number;
}

export const DEFAULT_LIMITS: Limits = {
  minFormMs: 3000,
  rateLimitMax: 5,
  rateLimitWindowSeconds: 600,
  rateLimitDailyMax: 20,
  dailyMailCap: 200,
  ackPerAddressSeconds: 3600,
  ackDailyCap: 100,
  dataLinkPerAddressSeconds: 600,
  dataLinkDailyCap: 100,
};

const LIMIT_ENV: Record<keyof Limits, string> = {
  minFormMs: 'MIN_FORM_MS',
  rateLimitMax: 'RATE_LIMIT_MAX',
  rateLimitWindowSeconds: 'RATE_LIMIT_WINDOW_SECONDS',
  rateLimitDailyMax: 'RATE_LIMIT_DAILY_MAX',
  dailyMailCap: 'DAILY_MAIL_CAP',
  ackPerAddressSeconds: 'ACK_PER_ADDRESS_SECONDS',
  ackDailyCap: 'ACK_DAILY_CAP',
  dataLinkPerAddressSeconds: 'DATA_LINK_PER_ADDRESS_SECONDS',
  dataLinkDailyCap: 'DATA_LINK_DAILY_CAP',
};

export type ConfigErrorCode = 'mail_not_configured' | 'server_not_configured';

export interface ConfigProblem {
  /** What every request answers (status 500) while the problem lasts. */
  code: ConfigErrorCode;
  message: string;
}

export interface MailConfig {
  transport: TransportConfig;
  from: string;
  practiceEmail: string;
}

export interface FunctionConfig {
  /** The database, reached through the API with a secret key (row-level security bypassed). */
  supabase: { url: string; secretKey: string } | null;
  /** The keys a caller's `apikey` must be one of: the project's publishable keys and legacy anon key. */
  clientKeys: string[];
  mail: MailConfig | null;
  allowedOrigins: string[];
  limits: Limits;
  rateLimitSalt: string;
  /** Signs the form-proof challenges (FORM_PROOF_SECRET). */
  challengeSecret: string;
  /** Signs the tokens of the appointment e-mails' links (ACTION_TOKEN_SECRET). */
  actionSecret: string;
  /** The site's public origin, for the links in the e-mails (SITE_URL). */
  siteUrl: string;
  /**
   * Each calendar feed's own secret, which signs its address (CALENDAR_FEED_SECRET_PRAXIS,
   * …: calendar-feeds.ts), or null: then that feed answers 404, and nothing else changes
   * (the other feeds and functions do not need it).
   */
  calendarFeedSecrets: Readonly<Record<FeedId, string | null>>;
  /**
   * TEST_CLOCK=header, set only by the local stack (http/test-clock.ts): a request may then fix
   * its own «now» with a header. Never set hosted, where the header changes nothing.
   */
  testClock: boolean;
  problems: ConfigProblem[];
  warnings: string[];
}

/** Shorter salts can be guessed along with the addresses they hide. */
export const MIN_SALT_LENGTH = 16;
/** Whoever knows the proof secret can make proofs without work: as long as an HMAC key should be. */
export const MIN_PROOF_SECRET_LENGTH = 32;

/** A bare address; the same shape the forms accept. */
const ADDRESS = /^[^@\s<>",;]+@[^@\s<>",;]+\.[^@\s<>",;]+$/;
/** 'Name <address>' or a bare address, on one line. */
const SENDER = /^(?:[^<>\r\n]*<[^@\s<>",;]+@[^@\s<>",;]+\.[^@\s<>",;]+>|[^@\s<>",;]+@[^@\s<>",;]+\.[^@\s<>",;]+)$/;

/** Whole numbers only; zero only where it means "off" (MIN_FORM_MS=0 turns the speed check off, e.g. for browser tests). */
function wholeNumber(value: string, allowZero: boolean): number | null {
  const number = Number(value.trim());
  return Number.isSafeInteger(number) && (number > 0 || (allowZero && number === 0)) ? number : null;
}

/** Why mail is not configured, one reason each (joined into the mail_not_configured problem). */
export const MAIL_CONFIG_PROBLEMS = {
  noTransport: 'neither RESEND_API_KEY nor SMTP_URL is set',
  noSender: 'MAIL_FROM is not set',
  badSender: 'MAIL_FROM is not "Name <address>" or an address',
  noPracticeEmail: 'PRACTICE_EMAIL is not set',
  badPracticeEmail: 'PRACTICE_EMAIL is not one e-mail address',
} as const;

export function readConfig(getEnv: GetEnv): FunctionConfig {
  const env = (name: string) => {
    const value = getEnv(name)?.trim();
    return value ? value : undefined;
  };
  const problems: ConfigProblem[] = [];
  const warnings: string[] = [];

  // Mail: a transport, a sender and a recipient, or nothing is sent at all.
  const mailMissing: string[] = [];
  let transport: TransportConfig | null = null;
  const resendKey = env('RESEND_API_KEY');
  const smtpUrl = env('SMTP_URL');
  if (resendKey) {
    transport = { kind: 'resend', apiKey: resendKey };
    if (smtpUrl) warnings.push('RESEND_API_KEY and SMTP_URL are both set; mail goes through Resend, SMTP_URL is ignored.');
  } else if (smtpUrl) {
    const parsed = parseSmtpUrl(smtpUrl);
    if ('error' in parsed) mailMissing.push(parsed.error);
    else transport = { kind: 'smtp', options: parsed };
  } else {
    mailMissing.push(MAIL_CONFIG_PROBLEMS.noTransport);
  }
  const from = env('MAIL_FROM');
  if (!from) mailMissing.push(MAIL_CONFIG_PROBLEMS.noSender);
  else if (!SENDER.test(from)) mailMissing.push(MAIL_CONFIG_PROBLEMS.badSender);
  const practiceEmail = env('PRACTICE_EMAIL');
  if (!practiceEmail) mailMissing.push(MAIL_CONFIG_PROBLEMS.noPracticeEmail);
  else if (!ADDRESS.test(practiceEmail)) mailMissing.push(MAIL_CONFIG_PROBLEMS.badPracticeEmail);
  const mail = transport && from && practiceEmail && mailMissing.length === 0
    ? { transport, from, practiceEmail }
    : null;
  if (!mail) {
    problems.push({ code: 'mail_not_configured', message: `Mail is not configured: ${mailMissing.join('; ')}.` });
  }

  // Set by the platform (hosted Supabase and `supabase start`), never by hand.
  const url = env('SUPABASE_URL');
  const keys = readApiKeys(env);
  const supabase = url && keys.secretKey ? { url, secretKey: keys.secretKey } : null;
  const serverMissing = [...(url ? [] : ['SUPABASE_URL is not set']), ...keys.problems];
  if (serverMissing.length > 0) {
    problems.push({ code: 'server_not_configured', message: `Supabase settings are missing: ${serverMissing.join('; ')}.` });
  }

  const origins = parseAllowedOrigins(env('ALLOWED_ORIGINS'));
  warnings.push(...origins.invalid.map((entry) => `ALLOWED_ORIGINS: "${entry}" is not an origin like https://www.example.ch; ignored.`));
  if (origins.origins.length === 0) {
    warnings.push('ALLOWED_ORIGINS is empty: every browser request is refused (403); calls without an Origin header still work.');
  }

  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_ENV) as (keyof Limits)[]) {
    const raw = env(LIMIT_ENV[key]);
    if (raw === undefined) continue;
    const allowZero = key === 'minFormMs';
    const value = wholeNumber(raw, allowZero);
    if (value === null) {
      const expected = allowZero ? 'a whole number ≥ 0' : 'a whole number > 0';
      warnings.push(`${LIMIT_ENV[key]}="${raw}" is not ${expected}; using ${DEFAULT_LIMITS[key]}.`);
    } else {
      limits[key] = value;
    }
  }

  // Secrets no request is served without (the local stack and supabase/functions/.env.example
  // set public ones for development). Without a secret salt the stored hashes of IPv4
  // addresses can be reversed by trying all 2^32 of them; without a proof secret anyone
  // could sign challenges of their own.
  const secret = (name: string, minLength: number): string => {
    const value = env(name) ?? '';
    if (characterCount(value) < minLength) {
      problems.push({
        code: 'server_not_configured',
        message: `${name} ${value ? `has fewer than ${minLength} characters` : 'is not set'}: set a random secret, e.g. openssl rand -hex 32.`,
      });
    }
    return value;
  };
  const rateLimitSalt = secret('RATE_LIMIT_SALT', MIN_SALT_LENGTH);
  const challengeSecret = secret('FORM_PROOF_SECRET', MIN_PROOF_SECRET_LENGTH);
  // Whoever knows it can confirm, decline or cancel any appointment.
  const actionSecret = secret('ACTION_TOKEN_SECRET', MIN_PROOF_SECRET_LENGTH);

  // The links in the appointment e-mails lead here; the production site when unset.
  let siteUrl: string = practiceContact.website;
  const siteSetting = env('SITE_URL');
  if (siteSetting) {
    const parsed = parseAllowedOrigins(siteSetting);
    if (parsed.origins.length === 1 && parsed.invalid.length === 0) siteUrl = parsed.origins[0]!;
    else warnings.push(`SITE_URL="${siteSetting}" is not one origin like https://www.example.ch; using ${siteUrl}.`);
  }

  // Each calendar feed's address is signed with its own secret (practice-calendar), so one
  // leaked address is revoked without touching the others. Optional: unset, or too short
  // to be secret, that feed stays off (404) and everything else works.
  const calendarFeedSecrets = {} as Record<FeedId, string | null>;
  for (const feed of FEED_IDS) {
    const name = feedSecretName(feed);
    const value = env(name);
    calendarFeedSecrets[feed] = value && characterCount(value) >= MIN_PROOF_SECRET_LENGTH ? value : null;
    if (value && calendarFeedSecrets[feed] === null) {
      warnings.push(`${name} has fewer than ${MIN_PROOF_SECRET_LENGTH} characters: the feed ${feed} stays off (404). Set a random secret, e.g. openssl rand -hex 32.`);
    }
  }
  // A project set up before the feeds had a secret each would otherwise lose them silently.
  if (env(RETIRED_FEED_SECRET_NAME)) {
    warnings.push(
      `${RETIRED_FEED_SECRET_NAME} is no longer read: each calendar feed has a secret of its own (${FEED_IDS.map(feedSecretName).join(', ')}); a feed without one answers 404. Set them, print the new addresses (npm run calendar:urls), then unset ${RETIRED_FEED_SECRET_NAME}.`,
    );
  }

  return {
    supabase,
    clientKeys: keys.clientKeys,
    mail,
    allowedOrigins: origins.origins,
    limits,
    rateLimitSalt,
    challengeSecret,
    actionSecret,
    siteUrl,
    calendarFeedSecrets,
    testClock: env(TEST_CLOCK_SETTING) === 'header',
    problems,
    warnings,
  };
}
