// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, bookableDays, slotWindow, holidaysOf, isoWeekday } from '@domain/availability';
import { formatDateLong, zurichIsoDate } from '@domain/dates';
import * as englishDates from '@domain/english-dates';
import { slotFieldTexts } from '@/content/appointment';
import { slotFieldTexts as slotFieldTextsEn } from '@/content/en/appointment';
import { dateProblem, dateProblemText, firstOpenDay, insertRefusalOf, refusalOf, slotRefusalText, type SlotRules, type SlotWords } from './slot-rules';

/** The words of the German pages, and of the English ones. */
const de: SlotWords = { texts: slotFieldTexts, formatDateLong };
const en: SlotWords = { texts: slotFieldTextsEn, formatDateLong: englishDates.formatDateLong };

const today = zurichIsoDate();
const rulesWith = (closedDays: string[] = []): SlotRules => ({ ...slotWindow(today), closedDays: new Set(closedDays) });

describe('dateProblem (the domain’s slotRefusalReason, for a window given by the page)', () => {
  it('refuses in the domain’s order: too soon, too far, closed', () => {
    const rules = rulesWith();
    expect(dateProblem(today, rules)).toEqual({ kind: 'too_soon', first: bookableDays(today, 1)[0] });
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
    expect(dateProblemText(christmas, problem, de)).toBe(slotFieldTexts.closedHoliday('Sonntag, 25. Dezember 2033', 'Weihnachten'));
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
    const closed = refusalOf('closed', { date: open!, time: null }, rules);
    expect(closed).toEqual({ field: 'date', reason: 'closed', date: open, time: null, problem: { kind: 'closed', reason: { kind: 'closure' } } });
    expect(slotRefusalText(closed, de)).toBe(slotFieldTexts.closedClosure(formatDateLong(open!)));
    expect(slotRefusalText(refusalOf('too_soon', { date: open!, time: '09:00' }, rules), de)).toBe(slotFieldTexts.tooSoon(formatDateLong(open!)));
    expect(slotRefusalText(refusalOf('too_far', { date: open!, time: null }, rules), de)).toBe(slotFieldTexts.tooFar(formatDateLong(rules.last)));
    const time = refusalOf('time_not_offered', { date: open!, time: '09:00' }, rules);
    expect(time).toMatchObject({ field: 'time', time: '09:00' });
    expect(slotRefusalText(time, de)).toBe(slotFieldTexts.timeNotOffered);
  });

  it('words a refusal in the page’s language when the field shows it; a message its page wrote stays as it is', () => {
    const rules = rulesWith();
    const [open] = bookableDays(today, 1);
    const refusal = refusalOf('too_far', { date: open!, time: null }, rules);
    expect(slotRefusalText(refusal, en)).toBe(slotFieldTextsEn.tooFar(englishDates.formatDateLong(rules.last)));
    expect(slotRefusalText(refusalOf('time_not_offered', { date: open!, time: '09:00' }, rules), en)).toBe(slotFieldTextsEn.timeNotOffered);
    const worded = { field: 'time', reason: 'same_slot', date: open!, time: '09:00', message: 'as worded' } as const;
    expect(slotRefusalText(worded, en)).toBe('as worded');
  });
});

describe('the earliest day the field names is one the practice is open (the clock given, never the real one)', () => {
  /** The rules as the form sets them on `day` (its clock), with the closures it has read. */
  const rulesOn = (day: string, closedDays: string[] = []): SlotRules => ({ ...slotWindow(day), closedDays: new Set(closedDays) });

  it('on a Friday the window starts on the Sunday: «frühestens» names the Monday', () => {
    const friday = '2026-11-27';
    expect(isoWeekday(friday)).toBe(5);
    const rules = rulesOn(friday);
    expect(rules.first).toBe('2026-11-29');
    expect(firstOpenDay(rules)).toBe('2026-11-30');
    const problem = dateProblem('2026-11-28', rules)!;
    expect(problem).toEqual({ kind: 'too_soon', first: '2026-11-30' });
    expect(dateProblemText('2026-11-28', problem, de)).toBe(slotFieldTexts.tooSoon('Montag, 30. November 2026'));
    expect(dateProblemText('2026-11-28', problem, en)).toBe(slotFieldTextsEn.tooSoon('Monday, 30 November 2026'));
    // The Sunday itself is in the window and closed, and says so.
    expect(dateProblem('2026-11-29', rules)).toEqual({ kind: 'closed', reason: { kind: 'weekday' } });
  });

  it('skips the closures the form knows and public holidays too', () => {
    expect(firstOpenDay(rulesOn('2026-11-27', ['2026-11-30', '2026-12-01']))).toBe('2026-12-02');
    // 23 December 2026, a Wednesday: Christmas (Friday), Stephanstag (Saturday), Sunday, then Monday.
    const rules = rulesOn('2026-12-23');
    expect(rules.first).toBe('2026-12-25');
    expect(dateProblemText('2026-12-24', dateProblem('2026-12-24', rules)!, de)).toBe(slotFieldTexts.tooSoon('Montag, 28. Dezember 2026'));
  });

  it('names the window’s first day when that day is open (a Thursday: the Saturday)', () => {
    const rules = rulesOn('2026-11-26');
    expect(firstOpenDay(rules)).toBe(rules.first);
    expect(rules.first).toBe('2026-11-28');
  });

  it('the database’s «too soon» read back names the open day as well', () => {
    const rules = rulesOn('2026-11-27');
    expect(slotRefusalText(refusalOf('too_soon', { date: '2026-11-28', time: '10:00' }, rules), de)).toBe(slotFieldTexts.tooSoon('Montag, 30. November 2026'));
    // A day the rules here find bookable, refused as too soon by a clock ahead of the visitor's.
    expect(slotRefusalText(refusalOf('too_soon', { date: '2026-12-02', time: '10:00' }, rules), de)).toBe(slotFieldTexts.tooSoon('Montag, 30. November 2026'));
  });
});
