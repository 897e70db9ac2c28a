/**
 * Whether a production secret is random enough: used by `npm run check:deploy` and
 * `npm run calendar:urls` (Node), which judge the values an operator is about to set or has
 * set. The functions themselves only ask for a length (config.ts), so that the repository's
 * readable demo values keep the local stack working out of the box.
 *
 * The text alone cannot show how it was made, so the rule judges its form, the way the
 * deploy steps make secrets (`openssl rand -hex 32`, `openssl rand -base64 32`):
 * - hex: at least 64 hex digits, with letters and digits mixed; or
 * - base64 / base64url: at least 43 characters, with upper and lower case mixed;
 * - decoding to at least MIN_SECRET_BYTES bytes, with at least MIN_DISTINCT_BYTES different
 *   byte values (32 random bytes have about 30; «aaaa…» or «0101…» have one or two).
 * Random output of the right length always passes (the mixing rules fail for it with a
 * chance below 10⁻⁹); the demo values, words with dashes and spaces, and anything shorter
 * never do. What the form cannot show: a mixed-case passphrase of 43 or more letters,
 * digits, `-` and `_` reads as base64url and passes – the deploy steps make every secret
 * with openssl for that reason. Pure: no environment, no Deno or Node API.
 */

/** An HMAC-SHA-256 key should be as long as the hash: 32 bytes. */
export const MIN_SECRET_BYTES = 32;
/** Fewer different byte values than this in 32 bytes: a pattern, not random output. */
export const MIN_DISTINCT_BYTES = 16;

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function hexBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(Math.floor(text.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function base64Bytes(text: string): Uint8Array {
  const standard = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  // Only whole bytes count: a trailing character of less than 8 bits is dropped.
  const usable = standard.slice(0, standard.length - (standard.length % 4 === 1 ? 1 : 0));
  const padded = usable + '='.repeat((4 - (usable.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** secretWeakness's reasons, one for each way a secret falls short. */
export const SECRET_WEAKNESSES = {
  notSet: 'is not set',
  demo: "is the repository's demo value",
  hexUnmixed: 'is hex without both digits and letters: not random output',
  base64Unmixed: 'is not hex, and not base64 with upper and lower case: not random output',
  neither: 'is neither hex nor base64: not random output',
  tooShort: (bytes: number) => `encodes ${bytes} bytes, fewer than ${MIN_SECRET_BYTES}`,
  repeats: (distinct: number) => `repeats itself (${distinct} different bytes): not random output`,
} as const;

/** Why `secret` is not random enough for production, or null when it is. `demoValues`: the repository's own, refused whatever their form. */
export function secretWeakness(secret: string | undefined, demoValues: Iterable<string> = []): string | null {
  const text = (secret ?? '').trim();
  if (text === '') return SECRET_WEAKNESSES.notSet;
  for (const demo of demoValues) if (demo.trim() !== '' && demo.trim() === text) return SECRET_WEAKNESSES.demo;
  let bytes: Uint8Array;
  if (HEX.test(text)) {
    if (!/[0-9]/.test(text) || !/[a-fA-F]/.test(text)) return SECRET_WEAKNESSES.hexUnmixed;
    bytes = hexBytes(text);
  } else if (BASE64.test(text) || BASE64URL.test(text)) {
    if (!/[a-z]/.test(text) || !/[A-Z]/.test(text)) return SECRET_WEAKNESSES.base64Unmixed;
    bytes = base64Bytes(text);
  } else {
    return SECRET_WEAKNESSES.neither;
  }
  if (bytes.length < MIN_SECRET_BYTES) return SECRET_WEAKNESSES.tooShort(bytes.length);
  if (new Set(bytes).size < MIN_DISTINCT_BYTES) return SECRET_WEAKNESSES.repeats(new Set(bytes).size);
  return null;
}

/** What to run for a new secret: the deploy steps' command. */
export const NEW_SECRET_COMMAND = 'openssl rand -hex 32';
