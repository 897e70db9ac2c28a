/**
 * The rule `npm run check:deploy` and `npm run calendar:urls -- --base` judge the functions'
 * secrets by: hex or base64 of at least 32 random-looking bytes, never a demo value.
 */
import assert from 'node:assert/strict';
import { MIN_SECRET_BYTES, SECRET_WEAKNESSES, secretWeakness } from '../_shared/secret-strength.ts';

const random = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes));
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64url = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

Deno.test('secret strength: what `openssl rand -hex 32` and `-base64 32` make passes, every time', () => {
  for (let i = 0; i < 200; i++) {
    const bytes = random(MIN_SECRET_BYTES);
    for (const text of [hex(bytes), hex(bytes).toUpperCase(), base64(bytes), base64url(bytes), ` ${hex(bytes)}\n`]) {
      assert.equal(secretWeakness(text), null, text);
    }
  }
  assert.equal(secretWeakness(hex(random(48))), null, 'longer is fine');
});

Deno.test('secret strength: fewer than 32 bytes, a pattern, a passphrase, a demo value or nothing is refused, with the reason', () => {
  assert.equal(MIN_SECRET_BYTES, 32);
  assert.equal(secretWeakness(hex(random(31))), SECRET_WEAKNESSES.tooShort(31));
  assert.equal(secretWeakness(base64url(random(31))), SECRET_WEAKNESSES.tooShort(31));
  assert.equal(secretWeakness('a1'.repeat(32)), SECRET_WEAKNESSES.repeats(1));
  assert.equal(secretWeakness('0123456789abcdef'.repeat(4)), SECRET_WEAKNESSES.repeats(8));
  assert.equal(secretWeakness('0'.repeat(64)), SECRET_WEAKNESSES.hexUnmixed);
  assert.equal(secretWeakness('a'.repeat(64)), SECRET_WEAKNESSES.hexUnmixed);
  // The repository's demo values are 34–51 characters of words and dashes: they read as base64url of one case only; a passphrase with spaces is neither.
  for (const phrase of ['local-action-token-secret-not-secret', 'local-sandra-huber-calendar-feed-secret-not-secret']) {
    assert.equal(secretWeakness(phrase), SECRET_WEAKNESSES.base64Unmixed, phrase);
  }
  assert.equal(secretWeakness('correct horse battery staple and some more words to be long'), SECRET_WEAKNESSES.neither);
  const demo = hex(random(32));
  assert.equal(secretWeakness(demo, ['', demo]), SECRET_WEAKNESSES.demo);
  assert.equal(secretWeakness(undefined), SECRET_WEAKNESSES.notSet);
  assert.equal(secretWeakness('   '), SECRET_WEAKNESSES.notSet);
  assert.equal(secretWeakness(`${hex(random(32))}!`), SECRET_WEAKNESSES.neither);
});
