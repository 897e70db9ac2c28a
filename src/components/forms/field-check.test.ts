import { fieldProblemTexts } from '@/content/form-notices';
import { fieldProblemTexts as fieldProblemTextsEn } from '@/content/en/form-notices';
import { FIELD_LIMITS } from '@domain/field-limits';
import { fieldProblem, isPhoneNumber, PHONE_DIGITS_MIN } from '@domain/field-rules';
import { checkFields, MESSAGE_RULE, PERSONAL_DETAILS_RULES } from './field-check';

/** A form with the shared fields, filled with valid values that each test then spoils. */
function filledForm(values: Partial<Record<string, string>> = {}) {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="vorname" required><input name="nachname" required>
    <input name="email" type="email" required><input name="telefon">
    <textarea name="nachricht" required></textarea>`;
  const defaults = { vorname: 'Anna', nachname: 'Muster', email: 'anna@beispiel.ch', telefon: '', nachricht: 'Guten Tag' };
  for (const [name, value] of Object.entries({ ...defaults, ...values })) {
    (form.elements.namedItem(name) as HTMLInputElement).value = value!;
  }
  document.body.append(form);
  return form;
}

const rules = [...PERSONAL_DETAILS_RULES, MESSAGE_RULE];
const messageOf = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).validationMessage;

describe('checkFields (the functions’ field schemas, worded for the visitor)', () => {
  afterEach(() => document.body.replaceChildren());

  it('lets valid values through, an empty optional field included', () => {
    const form = filledForm();
    expect(checkFields(form, rules)).toBe(true);
    for (const rule of rules) expect(messageOf(form, rule.name)).toBe('');
  });

  it.each([
    ['email', 'a@b (no dot after the @)', 'a@b', fieldProblemTexts.notAnEmail],
    ['vorname', 'only spaces', '   ', fieldProblemTexts.blank],
    ['nachname', 'a right-to-left override', 'Muster\u202E', fieldProblemTexts.invisibleCharacters],
    ['telefon', 'a NUL', '044 123\u0000', fieldProblemTexts.invisibleCharacters],
    ['nachricht', 'one character over the limit', 'x'.repeat(FIELD_LIMITS.message + 1), fieldProblemTexts.tooLong(FIELD_LIMITS.message)],
    ['vorname', 'one character over the limit', 'Ä'.repeat(FIELD_LIMITS.name + 1), fieldProblemTexts.tooLong(FIELD_LIMITS.name)],
    ['vorname', 'a link', 'Ihr Konto https://bank.example', fieldProblemTexts.notAName],
    ['nachname', 'a domain', 'bank.example', fieldProblemTexts.notAName],
    ['nachname', 'a digit', 'Muster1', fieldProblemTexts.notAName],
    ['vorname', 'Hebrew letters (the invoice cannot print them)', 'דוד', fieldProblemTexts.nameScript],
    ['nachname', 'Chinese characters', '李小龍', fieldProblemTexts.nameScript],
    ['vorname', 'a Hangul filler (looks blank)', '\u3164', fieldProblemTexts.blank],
    ['vorname', 'a Braille blank', '\u2800', fieldProblemTexts.blank],
    ['email', 'a trailing dot', 'anna@beispiel.ch.', fieldProblemTexts.notAnEmail],
  ])('refuses %s with %s, giving the function’s reason', (name, _what, value, text) => {
    const form = filledForm({ [name]: value });
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, name)).toBe(text);
  });

  it('lets Latin, Greek and Cyrillic names through, accents typed as combining marks too', () => {
    for (const [vorname, nachname] of [['Ὀδυσσεύς', 'Λαέρτιος'], ['Дмитрий', 'Шостакович'], ['Zoe\u0308', 'A\u030Angstro\u0308m-Çelik']]) {
      const form = filledForm({ vorname: vorname!, nachname: nachname! });
      expect(checkFields(form, rules), `${vorname} ${nachname}`).toBe(true);
      form.remove();
    }
  });

  it('words its messages in the texts it is given (an English page’s), German without them', () => {
    const form = filledForm({ email: 'a@b', vorname: '   ', nachricht: 'x'.repeat(FIELD_LIMITS.message + 1) });
    expect(checkFields(form, rules, fieldProblemTextsEn)).toBe(false);
    expect(messageOf(form, 'email')).toBe(fieldProblemTextsEn.notAnEmail);
    expect(messageOf(form, 'vorname')).toBe(fieldProblemTextsEn.blank);
    expect(messageOf(form, 'nachricht')).toBe(fieldProblemTextsEn.tooLong(FIELD_LIMITS.message));
    checkFields(form, rules);
    expect(messageOf(form, 'email')).toBe(fieldProblemTexts.notAnEmail);
  });

  it('keeps tabs and line breaks in a message, which a one-line field refuses', () => {
    expect(checkFields(filledForm({ nachricht: 'Zeile 1\n\tZeile 2' }), rules)).toBe(true);
    // An <input> drops line breaks from its value by itself; a tab it keeps.
    const form = filledForm({ vorname: 'Anna\tMaria' });
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, 'vorname')).toBe(fieldProblemTexts.invisibleCharacters);
  });
});

describe('a phone is a phone (isPhoneNumber, the rule the functions and the tables use)', () => {
  afterEach(() => document.body.replaceChildren());

  const ACCEPTED = ['079 123 45 67', '+41 79 123 45 67', '044/123 45 67', '(044) 123-45-67', '+41 (0)79 123 45 67', '0791234567', '079.123.45.67', '123456'];
  const REFUSED: Array<[string, string]> = [
    ['an emoji and letters', '📞 079 abc'],
    ['five digits', '12345'],
    ['a + inside', '079+123456'],
    ['letters', 'null siebenundsiebzig'],
    ['letters beside digits', '079 123 45 67 abends'],
    ['a second +', '++41 79 123 45 67'],
    ['other punctuation', '079 123 45 67, 044 123'],
    ['a link', 'https://x.example/0791234567'],
    ['digits of another script', '٠٧٩١٢٣٤٥٦٧'],
    ['a + alone', '+'],
  ];

  it.each(ACCEPTED)('accepts %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
    expect(fieldProblem('phone', phone, FIELD_LIMITS.phone)).toBeNull();
    const form = filledForm({ telefon: phone });
    expect(checkFields(form, rules)).toBe(true);
    expect(messageOf(form, 'telefon')).toBe('');
  });

  it.each(REFUSED)('refuses %s (%s) at the field, with the phone’s message', (_what, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
    expect(fieldProblem('phone', phone, FIELD_LIMITS.phone)).toBe('not_a_phone');
    const form = filledForm({ telefon: phone });
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, 'telefon')).toBe(fieldProblemTexts.notAPhone);
  });

  it('needs at least PHONE_DIGITS_MIN digits, whatever separates them', () => {
    expect(isPhoneNumber('1'.repeat(PHONE_DIGITS_MIN))).toBe(true);
    expect(isPhoneNumber('1'.repeat(PHONE_DIGITS_MIN - 1))).toBe(false);
    expect(isPhoneNumber(`(${'1 '.repeat(PHONE_DIGITS_MIN - 1)})`)).toBe(false);
  });

  it('an empty optional phone is no phone (sent as null); a required one must be filled', () => {
    expect(checkFields(filledForm({ telefon: '' }), rules)).toBe(true);
    const form = filledForm({ telefon: '  ' });
    (form.elements.namedItem('telefon') as HTMLInputElement).required = true;
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, 'telefon')).toBe(fieldProblemTexts.blank);
  });

  it('a phone over its limit gets the limit’s message, not the phone’s', () => {
    const form = filledForm({ telefon: '0'.repeat(FIELD_LIMITS.phone + 1) });
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, 'telefon')).toBe(fieldProblemTexts.tooLong(FIELD_LIMITS.phone));
  });
});
