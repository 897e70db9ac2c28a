/**
 * How the pages write dates and times, in both languages: the German
 * helpers of the domain (@domain/dates, which the mails use too) and their English
 * counterparts by the same names (@domain/english-dates); the sleep diary's are ./sleep-formats.ts.
 * `const { formatDateLong } = useCopy(dateFormatsCopy)`.
 */
import { formatDateLong, formatDateShort, formatDateTimeLong, formatInstantLong, formatSlotLong, formatTime } from '@domain/dates';
import * as englishDates from '@domain/english-dates';
import { localized } from './copy';

export const dateFormatsCopy = localized(
  { formatDateLong, formatDateShort, formatDateTimeLong, formatInstantLong, formatSlotLong, formatTime },
  englishDates,
);
