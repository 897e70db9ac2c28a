/**
 * How the pages write dates, times, lengths of time and percentages, in both languages: the German
 * helpers of the domain (@domain/dates, @domain/sleep-diary, which the mails use too) and
 * their English counterparts by the same names (@domain/english-dates).
 * `const { formatDateLong } = useCopy(dateFormatsCopy)`.
 */
import { formatDateLong, formatDateShort, formatDateTimeLong, formatInstantLong, formatSlotLong, formatTime } from '@domain/dates';
import * as englishDates from '@domain/english-dates';
import { formatDuration, formatPercent, nightName } from '@domain/sleep-diary';
import { localized } from './copy';

export const dateFormatsCopy = localized(
  { formatDateLong, formatDateShort, formatDateTimeLong, formatInstantLong, formatSlotLong, formatTime, formatDuration, formatPercent, nightName },
  englishDates,
);
