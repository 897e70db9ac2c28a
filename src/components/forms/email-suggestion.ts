/**
 * The suggestion for a mistyped e-mail address: «anna@gmial.com» → «anna@gmail.com»,
 * «beat@bluewin.con» → «beat@bluewin.ch». Pure, no network: the forms show it when the
 * visitor leaves the field (email-suggestion-prompt.tsx) and never hold the form back.
 *
 * Our own rather than a library: @zootools/email-spell-checker (and mailcheck, whose
 * algorithm it ports; last release 2015) lower-cases and percent-encodes the part before
 * the @ («Jürg@gmial.com» → «j%C3%BCrg@gmail.com») and, by also matching the name before
 * the top-level domain on its own, turns real domains into others («mail.ch» →
 * «gmail.ch»). Here only the domain is ever changed, and only towards a provider on the
 * list below or away from a top-level domain that does not exist.
 */

/** The providers most of the practice's visitors use: a domain close to one of these is likely a typo of it. */
export const PROVIDER_DOMAINS = [
  'gmail.com',
  'bluewin.ch',
  'gmx.ch',
  'gmx.net',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'yahoo.com',
  'sunrise.ch',
  'hispeed.ch',
  'proton.me',
  'protonmail.com',
] as const;

/**
 * Real domains that lie within a typo of a provider («mail.com» is one letter from
 * «gmail.com», «cloud.com» from «icloud.com»): never corrected.
 */
const REAL_NEIGHBOURS: ReadonlySet<string> = new Set(['mail.com', 'email.com', 'ymail.com', 'cloud.com']);

/** Top-level domains that do not exist but are typed for common ones, and what was meant. */
const TLD_TYPOS: Readonly<Record<string, string>> = { con: 'com', cm: 'com', chh: 'ch' };

/**
 * The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
 * two neighbouring letters («gmial») each count 1.
 */
export function typoDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How many typos a provider's name may carry and still be taken for it: none for three
 * letters («gmc» may be a company), one up to six («gmial», «yaho»), two from seven on
 * («hotmial», «bluwinn»).
 */
function allowedTypos(name: string): number {
  if (name.length <= 3) return 0;
  return name.length <= 6 ? 1 : 2;
}

/** Splits 'bluewin.ch' into its name and its top-level domain; null without a dot. */
function splitDomain(domain: string): { name: string; tld: string } | null {
  const dot = domain.lastIndexOf('.');
  if (dot <= 0 || dot === domain.length - 1) return null;
  return { name: domain.slice(0, dot), tld: domain.slice(dot + 1) };
}

/**
 * How far the typed top-level domain is from the provider's: 0 the same, 1 a known typo or
 * one letter off («co» for «com»), null otherwise. «gmx.de» or «hotmail.de» are real
 * addresses of the same providers and stay as they are (two letters from «ch» / «com»).
 */
function tldDistance(typed: string, provider: string): number | null {
  if (typed === provider) return 0;
  if (typed in TLD_TYPOS) return 1;
  return typoDistance(typed, provider) === 1 ? 1 : null;
}

/**
 * The address the visitor probably meant, or null: the part before the @ as typed, the
 * domain corrected to the closest provider on the list (a tie between two: no guess), or
 * else only a top-level domain that does not exist corrected («firma.con» → «firma.com»).
 * Null for a provider's own domain, for any other domain with a real top-level domain
 * («example.ch», a company's), and for what is not an address yet.
 */
export function suggestEmail(typed: string): string | null {
  const address = typed.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  // Domains are case-insensitive; the part before the @ is the mailbox's own business.
  const domain = address.slice(at + 1).toLowerCase();
  if ((PROVIDER_DOMAINS as readonly string[]).includes(domain) || REAL_NEIGHBOURS.has(domain)) return null;
  const typedParts = splitDomain(domain);
  if (!typedParts) return null;

  let best: { domain: string; distance: number } | null = null;
  let tie = false;
  for (const provider of PROVIDER_DOMAINS) {
    const parts = splitDomain(provider)!;
    const nameDistance = typoDistance(typedParts.name, parts.name);
    const tld = tldDistance(typedParts.tld, parts.tld);
    if (nameDistance > allowedTypos(parts.name) || tld === null) continue;
    const distance = nameDistance + tld;
    if (best === null || distance < best.distance) {
      best = { domain: provider, distance };
      tie = false;
    } else if (distance === best.distance) {
      tie = true;
    }
  }
  if (best && !tie) return `${local}@${best.domain}`;

  const meantTld = TLD_TYPOS[typedParts.tld];
  return meantTld ? `${local}@${typedParts.name}.${meantTld}` : null;
}
