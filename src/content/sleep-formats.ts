/**
 * How the sleep diary writes a night's name, a length of time and a percentage, in both
 * languages: the domain's German helpers (@domain/sleep-diary, which the mails use too) and
 * their English counterparts by the same names (@domain/english-dates). Apart from
 * ./dates.ts, so that the pages that only write dates (the forms) do not load the diary's rules.
 * `const { nightName } = useCopy(sleepFormatsCopy)`.
 */
import { formatDuration as englishDuration, formatPercent as englishPercent, nightName as englishNightName } from '@domain/english-dates';
import { formatDuration, formatPercent, nightName } from '@domain/sleep-diary';
import { localized } from './copy';

export const sleepFormatsCopy = localized(
  { formatDuration, formatPercent, nightName },
  { formatDuration: englishDuration, formatPercent: englishPercent, nightName: englishNightName },
);
