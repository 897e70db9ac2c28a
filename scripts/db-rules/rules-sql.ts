/**
 * The database's copy of every rule the TypeScript domain module states, generated: the
 * field rules and lengths (field-rules.ts, field-limits.ts), the address grammar, the
 * service catalogue and time slots (catalog.ts), the slot rules and the retention
 * (availability.ts), the advisors (practice.ts), how long an unconfirmed newsletter
 * address is kept (newsletter.ts) and the visitor's languages (languages.ts). `npm run db:rules` (./cli.ts) writes it to ONE
 * migration, RULES_MIGRATION, overwriting it; the project is before its first deploy, so
 * the baseline may be rewritten. tests/architecture/db-rules.test.ts fails while the file
 * differs from rulesSql(), and tests/architecture/rule-literals.test.ts while a rule's
 * literal appears in any other migration. That the SQL computes what the TS computes is
 * tests/integration/contract.test.ts's and availability.test.ts's part.
 *
 * Deterministic: no timestamps; the Unicode tables are the running Node's
 * (process.versions.unicode, named in the file), so regenerating with the Node of .ci/run
 * gives the same bytes.
 */
import { fileURLToPath } from 'node:url';
import {
  slotRules,
  openingHours,
  publicHolidays,
  type IsoWeekday,
} from '../../supabase/functions/_shared/domain/availability.ts';
import { serviceCatalog, timeSlots } from '../../supabase/functions/_shared/domain/catalog.ts';
import { FIELD_LIMITS } from '../../supabase/functions/_shared/domain/field-limits.ts';
import {
  BLANK_LOOKING,
  CONTACT_NAME_MAX,
  MAIL_ADDRESS_PATTERN,
  MAIL_LOCAL_PART_MAX,
  MULTI_LINE_FORBIDDEN,
  NAME_CHARACTERS,
  NAME_DOMAIN_LIKE,
  NAME_INVISIBLE,
  NAME_LETTER,
  NAME_OTHER_SCRIPT,
  PHONE_NUMBER,
  SINGLE_LINE_FORBIDDEN,
} from '../../supabase/functions/_shared/domain/field-rules.ts';
import { ANNOUNCEMENTS_DAILY_CAP, NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '../../supabase/functions/_shared/domain/newsletter.ts';
import { cancellationNoticeHours, practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';
import {
  CLAIM_LAPSE_SECONDS,
  FORGET_AFTER_DAYS,
  APPOINTMENT_MAILS_DAILY_MAX,
  GIVE_UP_AFTER_DAYS,
  JOB_CALL_TIMEOUT_MS,
  RETRY_FIRST_MINUTES,
  RETRY_MAX_MINUTES,
  WAITING_REPORTED_AFTER_HOURS,
} from '../../supabase/functions/_shared/domain/outbox.ts';
import { DOTLESS_DOMAINS } from '../../supabase/functions/_shared/database/rate-limit.ts';
import { MY_DATA_REQUESTED_LINK_HOURS } from '../../supabase/functions/_shared/domain/my-data.ts';
import { EARLIER_OFFER_INTERVAL_HOURS } from '../../supabase/functions/_shared/domain/earlier-time.ts';
import { MAX_OFFERS, OFFER_LIFETIME_DAYS } from '../../supabase/functions/_shared/domain/offers.ts';
import {
  INVOICE_PAYMENT_DAYS,
  INVOICE_RESEND_INTERVAL_MINUTES,
  INVOICE_RESENDS_MAX,
  INVOICE_RETENTION_YEARS,
} from '../../supabase/functions/_shared/domain/invoice.ts';
import { MAIL_KINDS, mailKinds, type MailKindSql } from '../../supabase/functions/_shared/domain/mail-kinds.ts';
import {
  PRACTICE_LINK_DAILY_CAP,
  PRACTICE_LINK_NETWORK_DAILY_MAX,
  PRACTICE_LINK_RENEWAL_MINUTES,
} from '../../supabase/functions/_shared/domain/practice-links.ts';
import { OUTCOME_OF_MOVE, OUTCOME_OF_STATUS } from '../../supabase/functions/_shared/domain/outcome.ts';
import {
  SLEEP_AWAKENINGS_MAX,
  SLEEP_DIARY_DAILY_WRITES,
  SLEEP_DIARY_RETENTION_DAYS,
  SLEEP_MINUTES_MAX,
  SLEEP_NOTE_MAX,
  SLEEP_QUALITIES,
} from '../../supabase/functions/_shared/domain/sleep-diary.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../supabase/functions/_shared/domain/languages.ts';
import { codePointRanges, postgresRegex } from './postgres-regex.ts';

/** The one generated migration, relative to the repository. */
export const RULES_MIGRATION = 'supabase/migrations/20261122000100_rules.sql';
export const RULES_MIGRATION_PATH = fileURLToPath(new URL(`../../${RULES_MIGRATION}`, import.meta.url));

/** The domain modules the file is generated from (named in its first line). */
export const RULE_SOURCES = ['field-rules', 'field-limits', 'catalog', 'availability', 'practice', 'newsletter', 'outbox', 'my-data', 'earlier-time', 'offers', 'mail-kinds', 'outcome', 'sleep-diary', 'invoice', 'practice-links', 'languages'];

/** Besides the domain modules: mailboxKey's table of dotless providers (../../supabase/functions/_shared/database/rate-limit.ts). */
export const MAILBOX_KEY_SOURCE = 'supabase/functions/_shared/database/rate-limit.ts (DOTLESS_DOMAINS, mailboxKey)';

/** The address key's rule (../../supabase/functions/_shared/domain/my-data.ts). */
export const ADDRESS_KEY_SOURCE = 'supabase/functions/_shared/domain/my-data.ts (addressKey)';

/** A SQL string literal. */
export const sqlLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) =>
  items.length === 0 ? `'{}'::text[]` : `array[${items.map(sqlLiteral).join(', ')}]::text[]`;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The functions that return a field's length limit, by their SQL name: FIELD_LIMITS and the contact form's joined name. */
export function lengthLimits(): [name: string, limit: number, about: string][] {
  return [
    ...Object.entries(FIELD_LIMITS).map(([field, limit]): [string, number, string] => [
      `${snakeCase(field)}_max_length`,
      limit,
      `FIELD_LIMITS.${field}`,
    ]),
    ['contact_name_max_length', CONTACT_NAME_MAX, 'CONTACT_NAME_MAX: first and last name joined by one space'],
  ];
}

/**
 * The JavaScript patterns of field-rules.ts as Postgres patterns (./postgres-regex.ts):
 * `is_blank` is what String.prototype.trim() strips, as the functions' "blank" is.
 */
export function rulePatterns() {
  return {
    forbiddenInLine: postgresRegex(SINGLE_LINE_FORBIDDEN),
    forbiddenInMessage: postgresRegex(MULTI_LINE_FORBIDDEN),
    blank: `^[${codePointRanges((character) => character.trim() === '')}]*$`,
    looksBlank: postgresRegex(BLANK_LOOKING),
    nameCharacters: postgresRegex(NAME_CHARACTERS),
    nameLetter: postgresRegex(NAME_LETTER),
    nameInvisible: postgresRegex(NAME_INVISIBLE),
    nameDomainLike: postgresRegex(NAME_DOMAIN_LIKE),
    nameOtherScript: postgresRegex(NAME_OTHER_SCRIPT),
    phoneNumber: postgresRegex(PHONE_NUMBER),
  };
}

const header = (title: string) =>
  `-- ---------------------------------------------------------------------------------------\n-- ${title}`;

const immutable = `  language sql immutable parallel safe
  set search_path = ''`;

const constant = (name: string, type: string, value: string, about: string) => `-- ${about}
create or replace function private.${name}() returns ${type}
${immutable}
  as $$ select ${value} $$;`;

/** The generated dispatch functions' signatures (their privileges). */
export const mailKindDispatchSignatures = [
  'private.mail_kind_payload(record)',
  'private.mail_kind_due(record, date, interval)',
  'private.mail_kind_prepare(text, jsonb, timestamptz)',
  'private.mail_kind_room(record, jsonb)',
  'private.mail_kind_checks_room(text)',
  'private.mail_kind_gives_up(record, date)',
];

/**
 * The kinds' SQL hooks (mailKinds[kind].sql) as plpgsql CASEs over the kind: each `when`
 * calls the hook the registry names, `otherwise` is what a kind without one does. plpgsql
 * resolves the hooks when it runs, so they may live in later migrations than this one.
 */
function mailKindDispatchSql(): string {
  const hookBranches = (hook: keyof MailKindSql, call: (name: string) => string, kinds = MAIL_KINDS) =>
    kinds.flatMap((kind) => {
      const name = (mailKinds[kind].sql as MailKindSql)[hook];
      return name === undefined ? [] : [`      when ${sqlLiteral(kind)} then ${call(name)}`];
    });
  const givenUpByDefault = MAIL_KINDS.filter(
    (kind) => mailKinds[kind].givenUp && (mailKinds[kind].sql as MailKindSql).givenUpWhen === undefined,
  );
  const dispatch = (signature: string, returns: string, volatility: string, body: string) => `create or replace function ${signature} returns ${returns}
  language plpgsql${volatility}
  set search_path = ''
  as $$
  begin
${body}
  end
  $$;`;
  return `-- What a mail of a kind says to its sender (mailKinds[kind].sql.payload): private.mail_json
-- adds its claim's token. null for no kind, or when what the row refers to is gone.
${dispatch('private.mail_kind_payload(m record)', 'jsonb', ' stable', `    return case m.kind
${hookBranches('payload', (name) => `${name}(m)`).join('\n')}
    end;`)}

-- Whether a claimable mail is due in the outbox's run (sql.due); a kind without its own rule
-- is due once it is older than the grace period p_grace (a younger one is the owing call's).
${dispatch('private.mail_kind_due(o record, p_today date, p_grace interval)', 'boolean', ' stable', `    return case o.kind
${hookBranches('due', (name) => `${name}(o, p_today, p_grace)`).join('\n')}
      else o.created_at < now() - p_grace
    end;`)}

-- What the outbox's run does before it claims mails of kind p_kind (sql.prepare), with the
-- kind's budget p_budget as the functions configure it.
${dispatch('private.mail_kind_prepare(p_kind text, p_budget jsonb, p_now timestamptz)', 'void', '', `    case p_kind
${hookBranches('prepare', (name) => `perform ${name}(p_budget, p_now);`).join('\n')}
      else null;
    end case;`)}

-- Whether the kind's budget p_budget has room for due mail o now (sql.room); true for a kind
-- whose budget is not decided mail by mail.
${dispatch('private.mail_kind_room(o record, p_budget jsonb)', 'boolean', ' stable', `    return case o.kind
${hookBranches('room', (name) => `${name}(o, p_budget)`).join('\n')}
      else true
    end;`)}

-- Whether the outbox's run decides kind p_kind's budget mail by mail (sql.room): it then
-- looks past its batch for the mails the budget has room for.
create or replace function private.mail_kind_checks_room(p_kind text) returns boolean
${immutable}
  as $$
    select coalesce(p_kind = any (${textArray(MAIL_KINDS.filter((kind) => (mailKinds[kind].sql as MailKindSql).room !== undefined))}), false)
  $$;

-- Whether the outbox gives up on unsent mail o now (mailKinds[kind].givenUp, sql.givenUpWhen):
-- by default once it was owed longer than private.give_up_after(); never for a kind it does
-- not give up on.
${dispatch('private.mail_kind_gives_up(o record, p_today date)', 'boolean', ' stable', `    return case o.kind
${[
  ...hookBranches('givenUpWhen', (name) => `${name}(o, p_today)`),
  ...givenUpByDefault.map((kind) => `      when ${sqlLiteral(kind)} then o.created_at < now() - private.give_up_after()`),
].join('\n')}
      else false
    end;`)}`;
}

/** The generated migration's text: a pure function of the domain modules and the Unicode version. */
export function rulesSql(): string {
  const patterns = rulePatterns();
  const mailPattern = sqlLiteral(MAIL_ADDRESS_PATTERN);
  const limits = lengthLimits();

  // Weekdays with the same times share one branch.
  const byTimes = new Map<string, IsoWeekday[]>();
  for (const day of [1, 2, 3, 4, 5, 6, 7] as const) {
    const key = JSON.stringify(openingHours[day]);
    byTimes.set(key, [...(byTimes.get(key) ?? []), day]);
  }
  const openingBranches = [...byTimes].map(
    ([times, days]) => `      when extract(isodow from p_day) in (${days.join(', ')}) then ${textArray(JSON.parse(times) as string[])}`,
  );
  const holidayBranches = publicHolidays.map((rule) => {
    const test = 'daysAfterEaster' in rule
      ? `p_day = e.easter ${rule.daysAfterEaster < 0 ? '-' : '+'} ${Math.abs(rule.daysAfterEaster)}`
      : `extract(month from p_day) = ${rule.month} and extract(day from p_day) = ${rule.day}`;
    return `      when ${test} then ${sqlLiteral(rule.name)}`;
  });
  const minutesBranches = serviceCatalog.flatMap((entry) =>
    [entry.value, entry.label].map((name) => `      when ${sqlLiteral(name)} then ${entry.durationMinutes}`),
  );

  const fieldRuleSignatures = [
    'private.is_filled(text, integer)',
    'private.is_email(text)',
    'private.forbidden_in_line(text)',
    'private.forbidden_in_message(text)',
    'private.is_blank(text)',
    'private.mail_address_pattern()',
    'private.is_mail_address(text)',
    'private.looks_blank(text)',
    'private.is_person_name(text)',
    'private.is_phone_number(text)',
    ...limits.map(([name]) => `private.${name}()`),
    'private.is_time_slot(text)',
    'private.is_service_label(text)',
    'private.outcome_key(text, text, integer)',
    'private.is_language(text)',
    'private.default_language()',
  ];
  const serviceRoleSignatures = [
    'private.easter_sunday(integer)',
    'private.holiday_name(date)',
    'private.opening_times(date)',
    'private.slot_earliest_days()',
    'private.slot_horizon_months()',
    'private.retention_months()',
    'private.service_minutes(text)',
    'private.newsletter_pending_period()',
    'private.newsletter_confirm_interval()',
    'private.cancellation_notice()',
    'private.claim_lapse()',
    'private.retry_delay(integer)',
    'private.give_up_after()',
    'private.job_call_timeout_ms()',
    'private.forget_after()',
    'private.waiting_reported_after()',
    'private.mailbox_key(text)',
    'private.address_key(text)',
    'private.data_link_lifetime()',
    'private.earlier_offer_interval()',
    'private.max_offers()',
    'private.invoice_payment_days()',
    'private.invoice_retention_years()',
    'private.invoice_resends_max()',
    'private.invoice_resend_interval()',
    'private.practice_link_renewal_interval()',
    'private.practice_link_network_daily_max()',
    'private.practice_link_daily_cap()',
    'private.appointment_mails_daily_max()',
    'private.announcements_daily_cap()',
    'private.offer_lifetime()',
    'private.mail_kinds()',
    'private.mail_kind_recipient(text)',
    'private.mail_kind_refers_to(text)',
    'private.mail_kind_given_up(text)',
    'private.mail_kind_budget(text)',
    ...mailKindDispatchSignatures,
    'private.sleep_diary_retention()',
    'private.sleep_diary_daily_writes()',
    'private.sleep_note_max()',
    'private.sleep_minutes_max()',
    'private.sleep_awakenings_max()',
    'private.sleep_quality_max()',
  ];
  const list = (signatures: string[]) => signatures.join(',\n  ');

  return `-- GENERATED by \`npm run db:rules\` (scripts/db-rules/) from supabase/functions/_shared/domain/{${RULE_SOURCES.join(',')}}.ts. Do not edit.
--
-- Every rule the domain module states, as the database needs it: change the TypeScript,
-- then run \`npm run db:rules\`, which rewrites this file (tests/architecture/db-rules.test.ts
-- fails until then; tests/architecture/rule-literals.test.ts fails when one of these rules'
-- literals is written into another migration). The character classes below are Unicode
-- ${process.versions.unicode}'s, as Node's RegExp knows \\p{…} (written out as code point ranges, because
-- Postgres has no \\p{…} and [[:alpha:]] depends on the server's locale; PGlite and
-- PostgreSQL 15 read these escapes the same way). tests/integration/contract.test.ts
-- compares them with the functions' rules code point by code point.
--
-- Every function is created with \`create or replace\` and keeps its signature, so that the
-- CHECKs, policies and functions of the later migrations that call them stay as they are.
--
-- Privileges: anon has no USAGE on schema private. A CHECK calls its functions by OID (no
-- name lookup), with the inserting role's rights: anon needs EXECUTE on every function a
-- check of its insert names, but a function body anon runs may not name another private
-- function. Hence each rule below is self-contained, and the address pattern is written
-- in private.is_mail_address as well as in private.mail_address_pattern.

${header(`1. The field rules (field-rules.ts, field-limits.ts), as functions the CHECKs call
-- (immutable: they depend on nothing else).`)}

-- A text that is filled and not too long (the limits are the form's, below).
create or replace function private.is_filled(value text, max_length integer) returns boolean
${immutable}
  as $$
    select btrim(value) <> '' and char_length(value) <= max_length
  $$;

-- The coarse shape of an address (one @, a dot after it, no space), at most FIELD_LIMITS.email
-- long: the tables' older email_valid check, beside the grammar of private.is_mail_address.
create or replace function private.is_email(value text) returns boolean
${immutable}
  as $$
    select char_length(value) <= ${FIELD_LIMITS.email} and value ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'
  $$;

-- Single-line fields (names, e-mail, phone, subject): SINGLE_LINE_FORBIDDEN, every character
-- of the Unicode categories Cc (C0 and C1 controls), Cf (format characters: soft hyphen,
-- zero-width space and joiners, bidirectional embeddings, overrides and isolates, BOM,
-- interlinear annotations, tag characters …), Zl (U+2028) and Zp (U+2029).
create or replace function private.forbidden_in_line(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.forbiddenInLine)}
  $$;
comment on function private.forbidden_in_line(text) is
  'True when the text has a character of Unicode category Cc, Cf, Zl or Zp: not allowed in one-line fields.';

-- A message (MULTI_LINE_FORBIDDEN) keeps tab, line feed and carriage return, and the format
-- characters real text needs (the zero-width joiner inside emoji and many scripts, soft
-- hyphens); it refuses every other control character, U+2028/U+2029 and the bidirectional
-- embeddings, overrides and isolates, which can make text read differently than it is.
create or replace function private.forbidden_in_message(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.forbiddenInMessage)}
  $$;
comment on function private.forbidden_in_message(text) is
  'True when a message has a control character other than tab, LF and CR, a line/paragraph separator or a bidi control.';

-- Nothing but white space, as JavaScript's String.prototype.trim() sees it (the functions'
-- "blank"): btrim() in private.is_filled strips only ASCII spaces, so a name of no-break
-- spaces would pass it.
create or replace function private.is_blank(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.blank)}
  $$;
comment on function private.is_blank(text) is
  'True when the text is empty or only white space (Unicode Zs, tab, line breaks, BOM).';

-- The one address grammar, MAIL_ADDRESS_PATTERN (the contract test compares the text).
create or replace function private.mail_address_pattern() returns text
${immutable}
  as $$ select ${mailPattern}::text $$;

-- An address of the one grammar (isMailAddress): at most FIELD_LIMITS.email characters, at
-- most MAIL_LOCAL_PART_MAX before the @. The pattern is written out again rather than taken
-- from private.mail_address_pattern(): a check runs this body with anon's rights.
create or replace function private.is_mail_address(value text) returns boolean
${immutable}
  as $$
    select char_length(value) <= ${FIELD_LIMITS.email} and strpos(value, '@') between 2 and ${MAIL_LOCAL_PART_MAX + 1}
       and value ~ ${mailPattern}
  $$;
comment on function private.is_mail_address(text) is
  'True for an e-mail address of the one grammar the functions and the form use (field-rules.ts, MAIL_ADDRESS_PATTERN).';

-- Nothing that shows (looksBlank, BLANK_LOOKING): white space as JavaScript's \\s, the
-- default-ignorable code points (the Hangul fillers among them) and U+2800 BRAILLE PATTERN BLANK.
create or replace function private.looks_blank(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.looksBlank)}
  $$;
comment on function private.looks_blank(text) is
  'True when the text shows nothing: white space, default-ignorable code points (Hangul fillers, zero-width …) and U+2800 only.';

-- A name (isPersonName): only letters, marks and the names' punctuation (NAME_CHARACTERS);
-- a letter (NAME_LETTER); no default-ignorable code point (NAME_INVISIBLE); no dot followed
-- by two letters or marks, nothing that reads as a domain (NAME_DOMAIN_LIKE); no letter or
-- mark of a script the invoice PDF cannot print (NAME_OTHER_SCRIPT: Latin, Greek and
-- Cyrillic only).
create or replace function private.is_person_name(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.nameCharacters)}
       and value ~ ${sqlLiteral(patterns.nameLetter)}
       and value !~ ${sqlLiteral(patterns.nameInvisible)}
       and value !~ ${sqlLiteral(patterns.nameDomainLike)}
       and value !~ ${sqlLiteral(patterns.nameOtherScript)}
  $$;
comment on function private.is_person_name(text) is
  'True for a name: Latin, Greek or Cyrillic letters and marks, spaces, apostrophes, hyphens, dots; a letter; nothing invisible; nothing like a domain.';

-- A phone number (isPhoneNumber, PHONE_NUMBER): ASCII digits, at least PHONE_DIGITS_MIN of
-- them, with spaces (also no-break and narrow no-break), / - . and parentheses between them,
-- and a + only first. What the practice calls back from its digest must be a number.
create or replace function private.is_phone_number(value text) returns boolean
${immutable}
  as $$
    select value ~ ${sqlLiteral(patterns.phoneNumber)}
  $$;
comment on function private.is_phone_number(text) is
  'True for a phone number: digits with spaces, / - . and parentheses, at least six digits, a + only first (field-rules.ts, PHONE_NUMBER).';

-- The length limits (characters), as the forms and the functions have them.

${limits.map(([name, limit, about]) => constant(name, 'integer', String(limit), `${about}.`)).join('\n\n')}

${header('2. The service catalogue and the time slots (catalog.ts).')}

-- One of the bookable start times (timeSlots).
create or replace function private.is_time_slot(value text) returns boolean
${immutable}
  as $$
    select value in (${timeSlots.map(sqlLiteral).join(', ')})
  $$;

-- One of the services' labels, as appointment_requests.service stores them (serviceCatalog).
create or replace function private.is_service_label(value text) returns boolean
${immutable}
  as $$
    select value in (${serviceCatalog.map((entry) => sqlLiteral(entry.label)).join(', ')})
  $$;

-- How long a service takes, in minutes, by its value or by the label stored in
-- appointment_requests.service (durationMinutes); null for anything else.
create or replace function private.service_minutes(p_service text) returns integer
${immutable}
  as $$
    select case p_service
${minutesBranches.join('\n')}
    end
  $$;

${header(`3. The slot rules (availability.ts), as private.slot_refusal_reason, the insert trigger
-- and request_appointment_move of 20261122000400_appointment_requests.sql need them: the times
-- offered per weekday, the canton of Zurich's public holidays, the minimum notice, the
-- horizon and the retention. Closures are rows of public.practice_closures, not rules.
-- With them the advisors (practice.ts), for the capacity rule of their schedule.`)}

-- Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, as availability.ts).
create or replace function private.easter_sunday(p_year integer) returns date
  language plpgsql immutable parallel safe
  set search_path = ''
  as $$
  declare
    a integer := p_year % 19;
    b integer := p_year / 100;
    c integer := p_year % 100;
    d integer := b / 4;
    e integer := b % 4;
    f integer := (b + 8) / 25;
    g integer := (b - f + 1) / 3;
    h integer := (19 * a + b - d - g + 15) % 30;
    i integer := c / 4;
    k integer := c % 4;
    l integer := (32 + 2 * e + 2 * i - h - k) % 7;
    m integer := (a + 11 * h + 22 * l) / 451;
  begin
    return make_date(p_year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
  end
  $$;

-- The public holiday's name on that day, or null (the first rule that matches, as holidayName).
create or replace function private.holiday_name(p_day date) returns text
${immutable}
  as $$
    select case
${holidayBranches.join('\n')}
    end
    from (select private.easter_sunday(extract(year from p_day)::integer) as easter) e
  $$;

-- The start times the weekday offers (extract(isodow): 1 Monday … 7 Sunday); empty on a
-- closed weekday. Holidays and closures are not looked at here.
create or replace function private.opening_times(p_day date) returns text[]
${immutable}
  as $$
    select case
${openingBranches.join('\n')}
    end
  $$;

${constant('slot_earliest_days', 'integer', String(slotRules.earliestDaysAhead), 'The earliest bookable day, in days from today.')}

${constant('slot_horizon_months', 'integer', String(slotRules.horizonMonths), 'The latest bookable day: today plus this many months.')}

${constant('retention_months', 'integer', String(slotRules.retentionMonths), `Requests and messages are deleted this many months after they were made (the booking
-- window ends before, and public.delete_expired_form_submissions deletes them then).`)}

-- The advisors' ids, in the practice's order (practiceAdvisors).
create or replace function private.advisor_ids() returns text[]
${immutable}
  as $$ select ${textArray(practiceAdvisors.map((advisor) => advisor.id))} $$;

${constant('cancellation_notice', 'interval', `make_interval(hours => ${cancellationNoticeHours})`, `A confirmed appointment is cancelled or moved by the visitor until this long before it
-- starts (cancellationNoticeHours, practice.ts).`)}

${header('4. The newsletter (newsletter.ts).')}

${constant('newsletter_pending_period', 'interval', `make_interval(days => ${NEWSLETTER_PENDING_DAYS})`, `How long an unconfirmed address is kept, counted from its last confirmation mail, and
-- its confirmation link works (NEWSLETTER_PENDING_DAYS).`)}

${constant('newsletter_confirm_interval', 'interval', `make_interval(days => ${NEWSLETTER_CONFIRM_INTERVAL_DAYS})`, `One mailbox is sent at most one confirmation mail in this period, unless it confirms
-- (NEWSLETTER_CONFIRM_INTERVAL_DAYS).`)}

${header('5. The outbox (outbox.ts).')}

${constant('claim_lapse', 'interval', `make_interval(secs => ${CLAIM_LAPSE_SECONDS})`, `A claim on a mail lapses after this; then the next sender may take it (CLAIM_LAPSE_SECONDS).`)}

-- How long the next attempt waits after the n-th failed send (n ≥ 0 earlier failures):
-- RETRY_FIRST_MINUTES, doubling, at most RETRY_MAX_MINUTES.
create or replace function private.retry_delay(p_failures integer) returns interval
${immutable}
  as $$
    select least(make_interval(mins => ${RETRY_MAX_MINUTES}),
                 make_interval(mins => ${RETRY_FIRST_MINUTES}) * power(2, least(greatest(p_failures, 0), 20)))
  $$;

${constant('job_call_timeout_ms', 'integer', String(JOB_CALL_TIMEOUT_MS), `How long a scheduled job's call waits for its function's answer, pg_net's timeout_milliseconds
-- (JOB_CALL_TIMEOUT_MS: the platform's limit on a request, so a whole run's answer is recorded).`)}

${constant('give_up_after', 'interval', `make_interval(days => ${GIVE_UP_AFTER_DAYS})`, `A mail still not sent after this is given up and reported by the digest (GIVE_UP_AFTER_DAYS).`)}

${constant('waiting_reported_after', 'interval', `make_interval(hours => ${WAITING_REPORTED_AFTER_HOURS})`, `A mail still owed this long after it was written is named in the digest (WAITING_REPORTED_AFTER_HOURS).`)}

${constant('forget_after', 'interval', `make_interval(days => ${FORGET_AFTER_DAYS})`, `Done newsletter mails and digests, and the jobs' record, are forgotten after this (FORGET_AFTER_DAYS).`)}

${header(`6. The mailbox an address delivers to (${MAILBOX_KEY_SOURCE}).`)}

-- mailboxKey(email): lower-cased and trimmed; split at the last '@'; the domain read through
-- the dotless providers' table; a '+tag' dropped from the local part; for a dotless provider
-- the local part's dots dropped. «Meine Daten» finds every row about a mailbox with it
-- (public.my_data, public.erase_mailbox); tests/integration/my-data.test.ts compares it
-- with the TypeScript on many addresses.
create or replace function private.mailbox_key(p_email text) returns text
${immutable}
  as $$
    with address as (
      select lower(btrim(p_email, E' \\t\\n\\r\\f\\x0b')) as e
    ), parts as (
      select case when strpos(e, '@') > 0 then substring(e from '^(.*)@[^@]*$') else e end as local,
             case when strpos(e, '@') > 0 then substring(e from '@([^@]*)$') else '' end as raw_domain
        from address
    ), mapped as (
      -- The first + after the first character starts the tag (mailboxKey).
      select left(local, 1) || regexp_replace(substr(local, 2), '[+].*$', '') as local,
             case raw_domain
${Object.entries(DOTLESS_DOMAINS).map(([from, to]) => `               when ${sqlLiteral(from)} then ${sqlLiteral(to)}`).join('\n')}
               else raw_domain end as domain
        from parts
    )
    select case when domain = any (${textArray(Object.keys(DOTLESS_DOMAINS))}) then replace(local, '.', '') else local end || '@' || domain
      from mapped
  $$;

-- addressKey(email) (${ADDRESS_KEY_SOURCE}): the address as typed, trimmed, the domain after
-- the last '@' lower-cased. «Meine Daten» finds a person's rows with it (public.my_data,
-- public.erase_mailbox, the data-link mails); the folded mailbox key above serves the
-- limits only. tests/integration/my-data.test.ts compares it with the TypeScript.
create or replace function private.address_key(p_email text) returns text
${immutable}
  as $$
    with address as (
      select btrim(p_email, E' \\t\\n\\r\\f\\x0b') as e
    )
    select case when strpos(e, '@') > 0
                then substring(e from '^(.*)@[^@]*$') || '@' || lower(substring(e from '@([^@]*)$'))
                else e end
      from address
  $$;

${constant('data_link_lifetime', 'interval', `make_interval(hours => ${MY_DATA_REQUESTED_LINK_HOURS})`, `A «Meine Daten» link asked for on the page works this long; its mail is not sent after
-- that (MY_DATA_REQUESTED_LINK_HOURS, my-data.ts).`)}

${constant('earlier_offer_interval', 'interval', `make_interval(hours => ${EARLIER_OFFER_INTERVAL_HOURS})`, `A visitor who wishes an earlier time is mailed at most one offer in this period
-- (EARLIER_OFFER_INTERVAL_HOURS, earlier-time.ts); the wish ends inside the cancellation notice.`)}
${header('7. Offered times (offers.ts).')}

${constant('max_offers', 'integer', String(MAX_OFFERS), 'A decline offers at most this many other start times (MAX_OFFERS).')}

${constant('offer_lifetime', 'interval', `make_interval(days => ${OFFER_LIFETIME_DAYS})`, `An offered time lapses this long after it was offered, or earlier once it starts within
-- private.cancellation_notice() (OFFER_LIFETIME_DAYS).`)}

${header('7b. Invoices (invoice.ts).')}

${constant('invoice_payment_days', 'integer', String(INVOICE_PAYMENT_DAYS), `An invoice is payable within this many days of its date; the digest lists it as open
-- after them (INVOICE_PAYMENT_DAYS).`)}

${constant('invoice_retention_years', 'integer', String(INVOICE_RETENTION_YEARS), `An invoice is kept this many years after the end of its year, also after an erasure
-- (CO Art. 958f; INVOICE_RETENTION_YEARS).`)}

${constant('appointment_mails_daily_max', 'integer', String(APPOINTMENT_MAILS_DAILY_MAX), `The most mails about one appointment to its visitor a Zurich day (APPOINTMENT_MAILS_DAILY_MAX;
-- the budget 'appointment-mails', private.appointment_mail_has_room).`)}

${constant('announcements_daily_cap', 'integer', String(ANNOUNCEMENTS_DAILY_CAP), `The most newsletter announcements a Zurich day (ANNOUNCEMENTS_DAILY_CAP; the budget
-- 'announcements', private.announcement_mail_has_room).`)}

${constant('invoice_resends_max', 'integer', String(INVOICE_RESENDS_MAX), `«Rechnung erneut senden» owes an invoice's mail again at most this many times in all,
-- the first mail not counted (INVOICE_RESENDS_MAX; public.resend_invoice).`)}

${constant('invoice_resend_interval', 'interval', `make_interval(mins => ${INVOICE_RESEND_INTERVAL_MINUTES})`, `…and at most once in this period, from the last resend (INVOICE_RESEND_INTERVAL_MINUTES).`)}

${header("7c. The practice's links (practice-links.ts).")}

${constant('practice_link_renewal_interval', 'interval', `make_interval(mins => ${PRACTICE_LINK_RENEWAL_MINUTES})`, `A lapsed practice link's page mails the practice a fresh one at most once per appointment
-- in this period (PRACTICE_LINK_RENEWAL_MINUTES; public.owe_practice_link).`)}

${constant('practice_link_network_daily_max', 'integer', String(PRACTICE_LINK_NETWORK_DAILY_MAX), `…at most this many a day asked from one client network (PRACTICE_LINK_NETWORK_DAILY_MAX)…`)}

${constant('practice_link_daily_cap', 'integer', String(PRACTICE_LINK_DAILY_CAP), `…and at most this many a day in all (PRACTICE_LINK_DAILY_CAP).`)}

${header('8. The mail kinds (mail-kinds.ts, the registry).')}

${constant('mail_kinds', 'text[]', textArray(MAIL_KINDS), 'Every kind of mail the outbox holds (mailKinds): its CHECK and every claim read this list.')}

-- Who reads a mail of a kind (mailKinds[kind].recipient); null for no kind.
create or replace function private.mail_kind_recipient(p_kind text) returns text
${immutable}
  as $$
    select case p_kind
${MAIL_KINDS.map((kind) => `      when ${sqlLiteral(kind)} then ${sqlLiteral(mailKinds[kind].recipient)}`).join('\n')}
    end
  $$;

-- What a row of a kind refers to (mailKinds[kind].refersTo): which of the row's columns
-- must be set (public.outbox_mails' CHECKs) and what its sender reads (private.mail_json).
create or replace function private.mail_kind_refers_to(p_kind text) returns text
${immutable}
  as $$
    select case p_kind
${MAIL_KINDS.map((kind) => `      when ${sqlLiteral(kind)} then ${sqlLiteral(mailKinds[kind].refersTo)}`).join('\n')}
    end
  $$;

-- The budget a kind's sends draw on (mailKinds[kind].budget): a hook of a budget that
-- several kinds share counts their mails together.
create or replace function private.mail_kind_budget(p_kind text) returns text
${immutable}
  as $$
    select case p_kind
${MAIL_KINDS.map((kind) => `      when ${sqlLiteral(kind)} then ${sqlLiteral(mailKinds[kind].budget)}`).join('\n')}
    end
  $$;

-- Whether the outbox gives up on a kind after private.give_up_after() and the digest reports
-- it (mailKinds[kind].givenUp).
create or replace function private.mail_kind_given_up(p_kind text) returns boolean
${immutable}
  as $$
    select coalesce(p_kind = any (${textArray(MAIL_KINDS.filter((kind) => mailKinds[kind].givenUp))}), false)
  $$;

${mailKindDispatchSql()}

${header('9. The outcome of a request (outcome.ts).')}

-- outcomeKeyOf: the state whose mails are due – the status's outcome (OUTCOME_OF_STATUS), or
-- for a confirmed appointment with a wish to move the wish's (OUTCOME_OF_MOVE) and its
-- number. appointment_requests.outcome_key is generated with it.
create or replace function private.outcome_key(p_status text, p_move_status text, p_move_count integer) returns text
${immutable}
  as $$
    select case
      when p_status = 'confirmed' and p_move_status is not null then
        case p_move_status
${Object.entries(OUTCOME_OF_MOVE).map(([move, outcome]) => `          when ${sqlLiteral(move)} then ${sqlLiteral(`${outcome}:`)} || p_move_count::text`).join('\n')}
        end
      else
        case p_status
${Object.entries(OUTCOME_OF_STATUS).map(([status, outcome]) => `          when ${sqlLiteral(status)} then ${outcome === null ? 'null' : sqlLiteral(outcome)}`).join('\n')}
        end
    end
  $$;

${header(`10. The sleep diary (sleep-diary.ts): what the tables' CHECKs, the write limit and the
-- retention of 20261122001500_sleep_diary.sql need. The rules of a night (the order of the
-- times, the minutes between them, the morning) are the function's (nightProblem).`)}

${constant('sleep_diary_retention', 'interval', `make_interval(days => ${SLEEP_DIARY_RETENTION_DAYS})`, `A diary is deleted this long after its appointment's day (SLEEP_DIARY_RETENTION_DAYS).`)}

${constant('sleep_diary_daily_writes', 'integer', String(SLEEP_DIARY_DAILY_WRITES), 'Writes to one appointment\'s diary in a day (SLEEP_DIARY_DAILY_WRITES).')}

${constant('sleep_note_max', 'integer', String(SLEEP_NOTE_MAX), 'A night\'s note, in characters (SLEEP_NOTE_MAX).')}

${constant('sleep_minutes_max', 'integer', String(SLEEP_MINUTES_MAX), 'The most minutes to fall asleep or awake in a night (SLEEP_MINUTES_MAX).')}

${constant('sleep_awakenings_max', 'integer', String(SLEEP_AWAKENINGS_MAX), 'The most awakenings a night counts (SLEEP_AWAKENINGS_MAX).')}

${constant('sleep_quality_max', 'integer', String(Math.max(...SLEEP_QUALITIES)), 'The quality of a night: 1 … this (SLEEP_QUALITIES).')}

${header(`11. The languages (languages.ts): the \`language\` columns' check and default (the
-- appointment requests, the contact messages, the newsletter's subscribers). Called by the
-- CHECKs and defaults of anon's inserts, so granted to anon with the field rules.`)}

-- One of the languages a visitor may use the site in (LANGUAGES).
create or replace function private.is_language(value text) returns boolean
${immutable}
  as $$
    select value in (${LANGUAGES.map(sqlLiteral).join(', ')})
  $$;

${constant('default_language', 'text', `${sqlLiteral(DEFAULT_LANGUAGE)}::text`, `What a row without a language is in, and what the spec's inserts store (DEFAULT_LANGUAGE).`)}

${header('Privileges.')}

-- The field rules: the CHECKs call them with the inserting role's rights.
revoke all on function
  ${list(fieldRuleSignatures)}
  from public;
grant execute on function
  ${list(fieldRuleSignatures)}
  to anon, service_role;

-- The slot rules and the newsletter's period: the service role's functions, and the
-- triggers and functions running as their owner.
revoke all on function
  ${list(serviceRoleSignatures)}
  from public;
grant execute on function
  ${list(serviceRoleSignatures)}
  to service_role;

-- The advisor's check (advisor_valid) runs with the inserting role's rights too.
revoke all on function private.advisor_ids() from public;
grant execute on function private.advisor_ids() to anon, authenticated, service_role;
`;
}
