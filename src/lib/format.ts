/**
 * de-CH formatting. Dates are parsed from ISO 'YYYY-MM-DD' as calendar dates (no time
 * zone), so a prerendered page and the browser print the same day.
 */
function parseIsoDate(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** '2025-12-31' → '31.12.2025' */
export function formatDateShort(iso: string): string {
  return new Intl.DateTimeFormat('de-CH', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    parseIsoDate(iso),
  );
}

/** '2025-12-31' → '31. Dezember 2025' */
export function formatDateLong(iso: string): string {
  return new Intl.DateTimeFormat('de-CH', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    parseIsoDate(iso),
  );
}

/** Prices as the e-mails write them too: one function for both. */
export { formatChf } from '@domain/catalog';
