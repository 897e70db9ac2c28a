import assert from 'node:assert/strict';
import { serviceCatalog, timeSlots } from '../_shared/domain/catalog.ts';
import { FIELD_LIMITS } from '../_shared/domain/field-limits.ts';
import { characterCount, fieldProblem, storableProblem } from '../_shared/domain/field-rules.ts';
import { storableString } from '../_shared/domain/field-schemas.ts';
import { appointmentActionSchema } from '../_shared/domain/schemas.ts';
import { linkSchema } from '../_shared/newsletter/schemas.ts';
import {
  appointmentSubmissionSchema,
  contactSubmissionSchema,
  sentTooFast,
  validateBody,
} from '../_shared/forms/validation.ts';
import { appointmentSubmission, contactSubmission } from './helpers.ts';

const contact = (overrides: Record<string, unknown>) => validateBody(contactSubmissionSchema, contactSubmission(overrides));
const appointment = (overrides: Record<string, unknown>) => validateBody(appointmentSubmissionSchema, appointmentSubmission(overrides));

function assertRejects(result: ReturnType<typeof validateBody>, field: string) {
  assert.equal(result.ok, false, `expected ${field} to be rejected`);
  if (!result.ok) assert.equal(result.field, field);
}

Deno.test('contact: the body the browser sends is accepted as it is', () => {
  const result = validateBody(contactSubmissionSchema, contactSubmission());
  assert.ok(result.ok);
  assert.deepEqual(result.value, contactSubmission());
});

Deno.test('contact: phone and subject may be null, other fields may not', () => {
  assert.ok(contact({ phone: null, subject: null }).ok);
  for (const field of ['name', 'email', 'message', 'website', 'elapsedMs']) assertRejects(contact({ [field]: null }), field);
});

Deno.test('contact: every field is required, even the optional ones (as null)', () => {
  for (const field of Object.keys(contactSubmission())) {
    const body: Record<string, unknown> = contactSubmission();
    delete body[field];
    assertRejects(validateBody(contactSubmissionSchema, body), field);
  }
});

Deno.test('contact: unknown keys are refused and named', () => {
  assertRejects(contact({ isAdmin: true }), 'isAdmin');
  assertRejects(contact({ sent_at: '2026-01-01' }), 'sent_at');
  // A long unknown key is not echoed in full.
  const result = contact({ ['k'.repeat(500)]: 1 });
  assert.equal(result.ok, false);
  if (!result.ok) assert.equal(result.field.length, 64);
});

Deno.test('contact: wrong types are refused', () => {
  assertRejects(contact({ name: 42 }), 'name');
  assertRejects(contact({ email: ['a@b.ch'] }), 'email');
  assertRejects(contact({ phone: 791234567 }), 'phone');
  assertRejects(contact({ message: { text: 'x' } }), 'message');
  assertRejects(contact({ website: false }), 'website');
  assertRejects(contact({ elapsedMs: '5000' }), 'elapsedMs');
  assertRejects(contact({ elapsedMs: -1 }), 'elapsedMs');
});

Deno.test('contact: blank required and optional fields are refused (the form sends null for empty)', () => {
  assertRejects(contact({ name: '   ' }), 'name');
  assertRejects(contact({ message: ' \n\t ' }), 'message');
  assertRejects(contact({ phone: '' }), 'phone');
  assertRejects(contact({ subject: ' ' }), 'subject');
});

Deno.test('contact: lengths follow field-limits.ts, the name holds first and last name plus a space', () => {
  const nameLimit = FIELD_LIMITS.name * 2 + 1;
  assert.ok(contact({ name: 'a'.repeat(nameLimit) }).ok);
  assertRejects(contact({ name: 'a'.repeat(nameLimit + 1) }), 'name');
  assert.ok(contact({ phone: '1'.repeat(FIELD_LIMITS.phone) }).ok);
  assertRejects(contact({ phone: '1'.repeat(FIELD_LIMITS.phone + 1) }), 'phone');
  assert.ok(contact({ subject: 's'.repeat(FIELD_LIMITS.subject) }).ok);
  assertRejects(contact({ subject: 's'.repeat(FIELD_LIMITS.subject + 1) }), 'subject');
  assert.ok(contact({ message: 'm'.repeat(FIELD_LIMITS.message) }).ok);
  assertRejects(contact({ message: 'm'.repeat(FIELD_LIMITS.message + 1) }), 'message');
  // 254 characters at most, 64 of them before the @ (RFC 5321), labels of up to 63.
  const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ch`;
  assert.equal(longest.length, FIELD_LIMITS.email);
  assert.ok(contact({ email: longest }).ok);
  assertRejects(contact({ email: longest.replace('@', 'a@') }), 'email');
  assertRejects(contact({ email: `${'a'.repeat(65)}@example.ch` }), 'email');
  assertRejects(contact({ email: `a@${'b'.repeat(64)}.ch` }), 'email');
});

Deno.test('a phone is digits with the usual separators, at least six, + only at the start: in both functions', () => {
  for (const phone of ['079 123 45 67', '+41 79 123 45 67', '044/123 45 67', '(044) 123-45-67', '+41 (0)79 123 45 67', '079.123.45.67']) {
    assert.ok(contact({ phone }).ok, phone);
    assert.ok(appointment({ phone }).ok, phone);
  }
  for (const phone of ['📞 079 abc', '12345', '079+123456', 'keine', '079 123 45 67 abends', '++41 79 123 45 67', '+']) {
    assertRejects(contact({ phone }), 'phone');
    assertRejects(appointment({ phone }), 'phone');
  }
  // The booking needs one; the contact message takes none (null), never an empty one.
  assertRejects(appointment({ phone: null }), 'phone');
  assert.ok(contact({ phone: null }).ok);
});

Deno.test('lengths are counted in characters as Postgres does, not in UTF-16 units', () => {
  const emoji = '😴';
  assert.equal(emoji.length, 2);
  assert.equal(characterCount(emoji), 1);
  assert.ok(contact({ subject: emoji.repeat(FIELD_LIMITS.subject) }).ok);
  assertRejects(contact({ subject: emoji.repeat(FIELD_LIMITS.subject + 1) }), 'subject');
});

Deno.test('CR, LF and other control characters are refused in one-line fields', () => {
  for (const bad of ['Anna\nMuster', 'Anna\rMuster', 'Anna\r\nBcc: x@y.ch', 'Anna\u0000', 'Anna\tMuster']) {
    assertRejects(contact({ name: bad }), 'name');
    assertRejects(contact({ subject: bad }), 'subject');
    assertRejects(contact({ phone: bad }), 'phone');
    assertRejects(appointment({ firstName: bad }), 'firstName');
    assertRejects(appointment({ lastName: bad }), 'lastName');
    assertRejects(appointment({ phone: bad }), 'phone');
  }
  assertRejects(contact({ email: 'anna@example.ch\r\nBcc: x@y.ch' }), 'email');
  assertRejects(appointment({ email: 'beat@example.ch\n' }), 'email');
});

Deno.test('a message keeps its line breaks but no NUL or other control characters', () => {
  assert.ok(contact({ message: 'Zeile 1\r\nZeile 2\n\tEingerückt' }).ok);
  assertRejects(contact({ message: 'Text\u0000' }), 'message');
  assertRejects(contact({ message: 'Text\u001b[31m' }), 'message');
  assertRejects(appointment({ message: 'Text\u0007' }), 'message');
});

Deno.test('one-line fields refuse Unicode controls, format characters and line separators', () => {
  const forbidden = {
    'C1 control (NEL)': '\u0085',
    'right-to-left override': '\u202E',
    'zero-width space': '\u200B',
    'zero-width joiner': '\u200D',
    'byte order mark': '\uFEFF',
    'soft hyphen': '\u00AD',
    'line separator': '\u2028',
    'paragraph separator': '\u2029',
    'language tag (astral Cf)': '\u{E0041}',
  };
  for (const [what, char] of Object.entries(forbidden)) {
    assertRejects(contact({ name: `Anna${char}Muster` }), 'name');
    assertRejects(appointment({ firstName: `Be${char}at` }), 'firstName');
    assertRejects(appointment({ phone: `+41 79${char}` }), 'phone');
    assertRejects(contact({ subject: `Frage${char}` }), 'subject');
    assert.ok(!contact({ name: `A${char}` }).ok, what);
  }
  // A name made only of invisible characters is refused, whatever it is made of.
  assertRejects(contact({ name: '\u200B\u200B' }), 'name');
  assertRejects(appointment({ lastName: '\u200B' }), 'lastName');
  // Latin, Greek and Cyrillic letters, accents and apostrophes are names.
  for (const name of ['Zoë Müller-Lüdenscheidt', "D'Alessandro", 'Αλέξης', 'Дмитрий', 'Ōtomo']) assert.ok(contact({ name }).ok, name);
});

Deno.test('a message keeps emoji and soft hyphens, but refuses bidirectional overrides and line separators', () => {
  assert.ok(contact({ message: 'Danke 👨‍👩‍👧 für die Beratung! Schlaf\u00ADqualität' }).ok);
  for (const char of ['\u202E', '\u202A', '\u2066', '\u2069', '\u2028', '\u2029', '\u0085']) {
    assertRejects(contact({ message: `Text ${char} mehr` }), 'message');
  }
});

Deno.test('a string with a lone surrogate is refused (it cannot be stored)', () => {
  assertRejects(contact({ message: 'abc\ud800' }), 'message');
});

Deno.test('e-mail: one grammar, the database\'s too (dot-atom @ two or more labels)', () => {
  for (const good of ['a@b.ch', 'anna.muster+praxis@mail.example.ch', "o'brien@example.com", 'A_B-c{1}@Sub-Domain.Example.CH', 'x@xn--mller-kva.ch']) {
    assert.ok(contact({ email: good }).ok, good);
    assert.ok(appointment({ email: good }).ok, good);
  }
  // What the database accepted before and the function did not, and more of the like.
  const bad = [
    'victim@x.ch.', '<victim@x.ch>', 'victim(c)@x.ch', 'g:victim@x.ch;', 'victim@x.ch,',
    '', 'anna', 'anna@', '@example.ch', 'anna@example', 'anna muster@example.ch', 'anna@@example.ch', 'a@b.ch,c@d.ch', 'Anna <a@b.ch>',
    '.anna@x.ch', 'anna.@x.ch', 'an..na@x.ch', '"anna"@x.ch', 'anna@[192.0.2.1]', 'anna@-x.ch', 'anna@x-.ch', 'anna@x..ch', 'anna@.x.ch',
    'anna@x_y.ch', 'änna@x.ch', 'anna@müller.ch', 'anna@x.ch\n', ' anna@x.ch',
  ];
  for (const address of bad) {
    assertRejects(contact({ email: address }), 'email');
    assertRejects(appointment({ email: address }), 'email');
  }
});

Deno.test('names: Latin, Greek and Cyrillic letters, spaces, apostrophes, hyphens, dots – no digits, links, addresses or domains', () => {
  const names = [
    'Zoë-Chloé', "D'Alessandro", 'O’Brien', 'Nguyễn Ó Súilleabháin', 'Αλέξης', 'J. R.', 'H.P.', 'Jean-Luc', 'Ōtomo', 'Karl·Heinz',
    'Ὀδυσσεύς Λαέρτιος', 'Дмитрий Шостакович', 'Zoë Ångström-Çelik', 'Łukasz Żółć', 'Şəhla Ğ', 'Ðorđe Đoković', 'Þórdís',
    // Typed with combining accents (NFD), and a mark with no precomposed letter.
    'Zoe\u0308 A\u030Angstro\u0308m', 'Spın\u0308al',
  ];
  for (const name of names) {
    assert.ok(appointment({ firstName: name, lastName: name }).ok, name);
    assert.ok(contact({ name: `${name} Muster` }).ok, name);
  }
  const phishing = [
    'Ihr Konto wurde gesperrt https://bank.example', 'www.bank.example', 'bank.example', 'bit.ly', 'Anna bit.ly Muster',
    'Anna1', '0800 123 456', 'anna@example.ch', 'Anna: Muster', 'Anna/Muster', 'Anna (Mo)', 'Anna!', 'Anna&Beat', '<b>Anna</b>',
    'Anna\u00A0Muster', 'Ａｎｎａ１', 'bank．example', 'bank。example',
  ];
  for (const name of phishing) {
    assertRejects(appointment({ firstName: name }), 'firstName');
    assertRejects(appointment({ lastName: name }), 'lastName');
    assertRejects(contact({ name }), 'name');
  }
});

Deno.test('names in scripts the invoice cannot print are refused, with a reason of their own', () => {
  // Right to left (Hebrew, Arabic: pdfkit has no bidi), CJK and Hangul (fonts of many MB),
  // scripts that need shaping (Devanagari, Thai), and Armenian, Georgian, Coptic, full-width Latin.
  const refused = [
    '李小龍', 'דוד', 'דוד Müller', 'محمد', 'やまだ', 'ジョン・スミス', '김민준', 'राम', 'สมชาย', 'Արամ', 'ნინო', 'Ϣenoute', 'Ａｎｎａ',
    // A combining mark outside the accents U+0300–U+036F (Combining Diacritical Marks Supplement).
    'Anna\u1DC4',
  ];
  for (const name of refused) {
    assertRejects(appointment({ firstName: name }), 'firstName');
    assertRejects(appointment({ lastName: name }), 'lastName');
    assertRejects(contact({ name }), 'name');
    assert.equal(fieldProblem('name', name, FIELD_LIMITS.name), 'name_script', name);
  }
  // The script is told first (a name in it cannot be mended by leaving out a digit); a digit among Latin letters is no name, as before.
  assert.equal(fieldProblem('name', '李小龍1', FIELD_LIMITS.name), 'name_script');
  assert.equal(fieldProblem('name', 'Anna1', FIELD_LIMITS.name), 'not_a_name');
  assert.equal(fieldProblem('name', 'Anna・Muster', FIELD_LIMITS.name), 'not_a_name');
  assert.equal(fieldProblem('name', 'Anna', FIELD_LIMITS.name), null);
});

Deno.test('names and other fields that only look filled are blank: Hangul fillers, Braille blank, spaces of every width', () => {
  const blankLooking = ['\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u2000', '\u2007\u200A', '\u3164\u3164 \u2800', '\u00A0\u3000'];
  for (const value of blankLooking) {
    assertRejects(appointment({ firstName: value }), 'firstName');
    assertRejects(appointment({ lastName: value }), 'lastName');
    assertRejects(contact({ name: value }), 'name');
    assertRejects(contact({ subject: value }), 'subject');
    assertRejects(contact({ message: value }), 'message');
    assertRejects(appointment({ phone: value }), 'phone');
  }
  // A Hangul filler inside a name is no letter either (it shows nothing).
  assertRejects(appointment({ firstName: 'Be\u3164at' }), 'firstName');
  // A message may hold a Braille character among other text.
  assert.ok(contact({ message: 'Ich lese Braille: \u2800\u2801' }).ok);
});

Deno.test('appointment: an alternative time needs its date (the field named is alternativeDate)', () => {
  assertRejects(appointment({ alternativeDate: null, alternativeTime: '10:00' }), 'alternativeDate');
  assert.ok(appointment({ alternativeDate: null, alternativeTime: null }).ok);
  assert.ok(appointment({ alternativeDate: '2026-12-14', alternativeTime: null }).ok);
});

Deno.test('appointment: the body the browser sends is accepted as it is', () => {
  const result = validateBody(appointmentSubmissionSchema, appointmentSubmission());
  assert.ok(result.ok);
  assert.deepEqual(result.value, appointmentSubmission());
  assert.ok(appointment({ preferredTime: null, alternativeDate: null, alternativeTime: null, message: null }).ok);
});

Deno.test('appointment: requestId must be a uuid', () => {
  assertRejects(appointment({ requestId: 'not-a-uuid' }), 'requestId');
  assertRejects(appointment({ requestId: 42 }), 'requestId');
  assertRejects(appointment({ requestId: null }), 'requestId');
});

Deno.test('appointment: the service is one of the three catalogue labels', () => {
  for (const { label } of serviceCatalog) assert.ok(appointment({ service: label }).ok, label);
  assertRejects(appointment({ service: 'schlafberatung' }), 'service');
  assertRejects(appointment({ service: 'Massage' }), 'service');
});

Deno.test('appointment: times are one of the 21 slots or null', () => {
  assert.equal(timeSlots.length, 21);
  for (const slot of timeSlots) assert.ok(appointment({ preferredTime: slot, alternativeTime: slot }).ok, slot);
  for (const bad of ['12:00', '12:30', '08:30', '20:30', '9:30', '09:30:00', '']) {
    assertRejects(appointment({ preferredTime: bad }), 'preferredTime');
    assertRejects(appointment({ alternativeTime: bad }), 'alternativeTime');
  }
});

Deno.test('appointment: dates are real YYYY-MM-DD days; the preferred one is required', () => {
  assert.ok(appointment({ preferredDate: '2028-02-29' }).ok);
  for (const bad of ['2026-02-30', '2027-02-29', '11.12.2026', '2026-12-11T09:30', '2026-13-01', '']) {
    assertRejects(appointment({ preferredDate: bad }), 'preferredDate');
    assertRejects(appointment({ alternativeDate: bad }), 'alternativeDate');
  }
  assertRejects(appointment({ preferredDate: null }), 'preferredDate');
});

Deno.test('appointment: names ≤ 100, phone required ≤ 32, message ≤ 5000 or null', () => {
  assert.ok(appointment({ firstName: 'a'.repeat(FIELD_LIMITS.name) }).ok);
  assertRejects(appointment({ firstName: 'a'.repeat(FIELD_LIMITS.name + 1) }), 'firstName');
  assertRejects(appointment({ lastName: 'a'.repeat(FIELD_LIMITS.name + 1) }), 'lastName');
  assertRejects(appointment({ phone: null }), 'phone');
  assertRejects(appointment({ phone: '1'.repeat(FIELD_LIMITS.phone + 1) }), 'phone');
  assertRejects(appointment({ message: 'm'.repeat(FIELD_LIMITS.message + 1) }), 'message');
  assertRejects(appointment({ message: '' }), 'message');
  assertRejects(appointment({ firstName: ' ' }), 'firstName');
});

Deno.test('appointment: unknown keys (e.g. the row columns) are refused', () => {
  assertRejects(appointment({ sent_at: null }), 'sent_at');
  assertRejects(appointment({ id: 'x' }), 'id');
});

Deno.test('the speed hint: sent faster than MIN_FORM_MS', () => {
  assert.equal(sentTooFast({ elapsedMs: 3000 }, 3000), false);
  assert.equal(sentTooFast({ elapsedMs: 2999 }, 3000), true);
  assert.equal(sentTooFast({ elapsedMs: 0 }, 0), false);
});

Deno.test('what Postgres cannot store: a lone surrogate or NUL, refused by every request schema at its field', () => {
  for (const [value, problem] of [['a\ud800b', 'not_well_formed'], ['\udfff', 'not_well_formed'], ['a\u0000b', 'control_character']] as const) {
    assert.equal(storableProblem(value), problem);
    assert.equal(storableString.safeParse(value).success, false);
    assertRejects(validateBody(appointmentActionSchema, { token: 't', intent: 'invoice', amount: value }), 'amount');
    assertRejects(validateBody(appointmentActionSchema, { token: value, intent: 'show' }), 'token');
    assertRejects(validateBody(linkSchema, { action: 'confirm', token: value }), 'token');
    assertRejects(contact({ website: value }), 'website');
  }
  // A pair is one character, and tabs and line breaks are text.
  for (const value of ['😴', 'a\tb\nc', '']) {
    assert.equal(storableProblem(value), null);
    assert.equal(storableString.safeParse(value).success, true);
  }
});
