import { fieldProblemTexts } from '@/content/form-notices';
import { FIELD_LIMITS } from '@domain/field-limits';
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

  it('keeps tabs and line breaks in a message, which a one-line field refuses', () => {
    expect(checkFields(filledForm({ nachricht: 'Zeile 1\n\tZeile 2' }), rules)).toBe(true);
    // An <input> drops line breaks from its value by itself; a tab it keeps.
    const form = filledForm({ vorname: 'Anna\tMaria' });
    expect(checkFields(form, rules)).toBe(false);
    expect(messageOf(form, 'vorname')).toBe(fieldProblemTexts.invisibleCharacters);
  });
});
