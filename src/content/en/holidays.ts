/**
 * The canton of Zurich's public holidays in English, by their ids (@domain/availability). The
 * domain names them in German – as the database and the practice's mails do, and as the
 * German copy shows them; the English copy words a holiday with `holidayInEnglish`.
 */
import { holidayIdOf, type HolidayId } from '@domain/availability';

const holidayNames: Record<HolidayId, string> = {
  'new-year': "New Year's Day",
  berchtold: "St Berchtold's Day",
  'good-friday': 'Good Friday',
  'easter-monday': 'Easter Monday',
  'labour-day': 'Labour Day',
  ascension: 'Ascension Day',
  'whit-monday': 'Whit Monday',
  'national-day': 'Swiss National Day',
  christmas: 'Christmas Day',
  'st-stephen': "St Stephen's Day",
};

/** A holiday's German name (a closed day's reason, a slot warning) in English; an unknown name stays as it is. */
export function holidayInEnglish(germanName: string): string {
  const id = holidayIdOf(germanName);
  return id ? holidayNames[id] : germanName;
}
