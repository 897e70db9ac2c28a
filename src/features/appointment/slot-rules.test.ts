import { describe, expect, it } from 'vitest';
import { addDays, bookableDays, bookingWindow, holidaysOf, isoWeekday } from '@domain/availability';
import { formatDateLong, zurichIsoDate } from '@domain/dates';
import { dateProblem, dateProblemText, insertRefusalOf, refusalOf, type SlotRules } from './slot-rules';

const today = zurichIsoDate();
const rulesWith = (closedDays: string[] = []): SlotRules => ({ ...bookingWindow(today), closedDays: new Set(closedDays) });

describe('dateProblem (the domain’s bookingRefusal, for a window given by the page)', () => {
  it('refuses in the domain’s order: too soon, too far, closed', () => {
    const rules = rulesWith();
    expect(dateProblem(today, rules)).toEqual({ kind: 'too_soon', first: rules.first });
    expect(dateProblem(addDays(rules.last, 1), rules)).toEqual({ kind: 'too_far', last: rules.last });
    const [open] = bookableDays(today, 1);
    expect(dateProblem(open!, rules)).toBeNull();
    expect(dateProblem(open!, rulesWith([open!]))).toEqual({ kind: 'closed', reason: { kind: 'closure' } });
  });

  it('names a holiday, even on a Sunday (holidays first, as dayAvailability says)', () => {
    const rules = { first: '2000-01-01', last: '2100-12-31', closedDays: new Set<string>() };
    const christmas = holidaysOf(2033).find((h) => h.name === 'Weihnachten')!.date;
    expect(isoWeekday(christmas)).toBe(7);
    const problem = dateProblem(christmas, rules)!;
    expect(problem).toEqual({ kind: 'closed', reason: { kind: 'holiday', name: 'Weihnachten' } });
    expect(dateProblemText(christmas, problem)).toBe(
      'Am Sonntag, 25. Dezember 2033 ist die Praxis geschlossen (Weihnachten). Bitte wählen Sie einen anderen Tag.',
    );
  });
});

describe('the database’s refusal of an insert', () => {
  const refusal = (details: unknown, code = '23514') => Object.assign(new Error('refused'), { code, details });

  it.each([
    ['preferred_date:closed', { column: 'preferred_date', reason: 'closed' }],
    ['alternative_date:too_far', { column: 'alternative_date', reason: 'too_far' }],
    ['preferred_date:too_soon', { column: 'preferred_date', reason: 'too_soon' }],
    ['alternative_time:time_not_offered', { column: 'alternative_time', reason: 'time_not_offered' }],
  ])('reads the DETAIL %s', (details, expected) => {
    expect(insertRefusalOf(refusal(details))).toEqual(expected);
  });

  it.each([
    ['another SQLSTATE', refusal('preferred_date:closed', '42501')],
    ['another column', refusal('phone:closed')],
    ['another reason', refusal('preferred_date:full')],
    ['more parts', refusal('preferred_date:closed:x')],
    ['no detail', refusal(null)],
    ['not an object', 'preferred_date:closed'],
  ])('ignores %s', (_what, error) => {
    expect(insertRefusalOf(error)).toBeNull();
  });

  it('says the reason at the field it concerns; a day the rules here find open is a closure', () => {
    const rules = rulesWith();
    const [open] = bookableDays(today, 1);
    expect(refusalOf('closed', { date: open!, time: null }, rules)).toEqual({
      field: 'date',
      reason: 'closed',
      date: open,
      time: null,
      message: `Am ${formatDateLong(open!)} ist die Praxis geschlossen. Bitte wählen Sie einen anderen Tag.`,
    });
    expect(refusalOf('too_soon', { date: open!, time: '09:00' }, rules).message).toContain(`frühestens für ${formatDateLong(rules.first)}`);
    expect(refusalOf('too_far', { date: open!, time: null }, rules).message).toContain(`bis spätestens ${formatDateLong(rules.last)}`);
    expect(refusalOf('time_not_offered', { date: open!, time: '09:00' }, rules)).toMatchObject({ field: 'time', time: '09:00' });
  });
});
