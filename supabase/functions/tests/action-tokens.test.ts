/**
 * The appointment e-mails' link tokens: one request, one action, an expiry, a signature
 * nobody without the secret can make; every other string is refused with its reason.
 */
import assert from 'node:assert/strict';
import { APPOINTMENT_ACTIONS, isMoveAction, MOVE_ACTIONS, readActionToken, signActionToken, type ActionClaim } from '../_shared/lifecycle/action-tokens.ts';

const SECRET = 'test-action-token-secret-not-secret';
const NOW = new Date('2026-11-23T10:00:00Z');
const claim: ActionClaim = {
  requestId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  action: 'confirm-preferred',
  expiresAt: NOW.getTime() / 1000 + 3600,
};

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The token with one character of its payload or signature changed – by 16 in the
 * alphabet, a bit that carries data even in the last character (whose lowest bits are
 * padding).
 */
function flipped(token: string, index: number): string {
  const character = BASE64URL[(BASE64URL.indexOf(token[index]!) + 16) % 64]!;
  return token.slice(0, index) + character + token.slice(index + 1);
}

Deno.test('action token: a signed claim reads back as it was, for every action (the move actions with their wish\'s number, take-earlier and take-offer with their offer\'s)', async () => {
  assert.deepEqual([...APPOINTMENT_ACTIONS], [
    'confirm-preferred', 'confirm-alternative', 'decline', 'cancel', 'request-move', 'confirm-move', 'decline-move', 'view',
    'practice', 'earlier', 'take-earlier', 'end-earlier', 'take-offer',
  ]);
  assert.deepEqual([...MOVE_ACTIONS], ['confirm-move', 'decline-move']);
  for (const action of APPOINTMENT_ACTIONS) {
    const signed: ActionClaim = isMoveAction(action)
      ? { ...claim, action, move: 3 }
      : action === 'take-offer'
      ? { ...claim, action, offer: 2 }
      : action === 'take-earlier'
      ? { ...claim, action, offer: 41 }
      : { ...claim, action };
    const token = await signActionToken(SECRET, signed);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'URL-safe without escaping');
    assert.ok(token.length < 200, `${action}: ${token.length} characters`);
    assert.deepEqual(await readActionToken(SECRET, token, NOW), { ok: true, claim: signed });
  }
});

/** A token with any payload text, signed as signActionToken signs (to test what readActionToken accepts). */
async function signRaw(payload: string, secret = SECRET): Promise<string> {
  const encode = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const data = new TextEncoder().encode(payload);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${encode(data)}.${encode(new Uint8Array(await crypto.subtle.sign('HMAC', key, data)))}`;
}

Deno.test('action token: the payload is v1|id|action|expiry, and |move for the move actions', async () => {
  const move = await signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 12 });
  assert.equal(new TextDecoder().decode(Uint8Array.from(atob(move.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))),
    `v1|${claim.requestId}|confirm-move|${claim.expiresAt}|12`);
  assert.equal(move, await signRaw(`v1|${claim.requestId}|confirm-move|${claim.expiresAt}|12`));
  // A link of an e-mail sent before moves existed (four fields) works as before.
  const old = await signRaw(`v1|${claim.requestId}|cancel|${claim.expiresAt}`);
  assert.deepEqual(await readActionToken(SECRET, old, NOW), { ok: true, claim: { ...claim, action: 'cancel' } });
});

Deno.test('action token: a move action without its number, or another action with one, is malformed even when signed', async () => {
  const { requestId, expiresAt } = claim;
  for (const payload of [
    `v1|${requestId}|confirm-move|${expiresAt}`,
    `v1|${requestId}|decline-move|${expiresAt}`,
    `v1|${requestId}|cancel|${expiresAt}|1`,
    `v1|${requestId}|requestMove|${expiresAt}|1`,
    `v1|${requestId}|confirm-move|${expiresAt}|0`,
    `v1|${requestId}|confirm-move|${expiresAt}|01`,
    `v1|${requestId}|confirm-move|${expiresAt}|-1`,
    `v1|${requestId}|confirm-move|${expiresAt}|1.5`,
    `v1|${requestId}|confirm-move|${expiresAt}| 1`,
    `v1|${requestId}|confirm-move|${expiresAt}|1|1`,
    `v1|${requestId}|confirm-move|${expiresAt}|`,
    `v1|${requestId}|move|${expiresAt}|1`,
  ]) {
    assert.deepEqual(await readActionToken(SECRET, await signRaw(payload), NOW), { ok: false, reason: 'malformed' }, payload);
  }
});

Deno.test('action token: a move number is signed only for the move actions, as a whole number ≥ 1', async () => {
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'confirm-move' }));
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'decline-move' }));
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'cancel', move: 1 }));
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 0 }));
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 1.5 }));
  await assert.rejects(signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 2 ** 31 }));
});

Deno.test('action token: another move number is another token (changed, it is tampered)', async () => {
  const first = await signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 1 });
  const second = await signActionToken(SECRET, { ...claim, action: 'confirm-move', move: 2 });
  assert.notEqual(first, second);
  const mixed = `${second.split('.')[0]}.${first.split('.')[1]}`;
  assert.deepEqual(await readActionToken(SECRET, mixed, NOW), { ok: false, reason: 'tampered' });
});

Deno.test('action token: another secret, or any changed character, is tampered', async () => {
  const token = await signActionToken(SECRET, claim);
  assert.deepEqual(await readActionToken('another-secret-of-the-same-length!!', token, NOW), { ok: false, reason: 'tampered' });
  const dot = token.indexOf('.');
  for (const index of [0, dot - 1, dot + 1, token.length - 1]) {
    const result = await readActionToken(SECRET, flipped(token, index), NOW);
    assert.equal(result.ok, false, `changed at ${index}`);
    assert.ok(!result.ok && ['tampered', 'malformed'].includes(result.reason));
  }
});

Deno.test('action token: a last character changed only in its unused low bits is refused too (one spelling per token)', async () => {
  const token = await signActionToken(SECRET, claim);
  const last = BASE64URL.indexOf(token.at(-1)!);
  // The signature's 32 bytes end in a character whose two low bits carry nothing.
  const padded = token.slice(0, -1) + BASE64URL[last ^ 1]!;
  assert.deepEqual(await readActionToken(SECRET, padded, NOW), { ok: false, reason: 'malformed' });
});

Deno.test('action token: a token for one action is not one for another', async () => {
  const confirm = await signActionToken(SECRET, claim);
  const cancel = await signActionToken(SECRET, { ...claim, action: 'cancel' });
  // Payload of one, signature of the other.
  const mixed = `${confirm.split('.')[0]}.${cancel.split('.')[1]}`;
  assert.deepEqual(await readActionToken(SECRET, mixed, NOW), { ok: false, reason: 'tampered' });
});

Deno.test('action token: refused after its expiry, accepted up to the second', async () => {
  const token = await signActionToken(SECRET, claim);
  assert.equal((await readActionToken(SECRET, token, new Date(claim.expiresAt * 1000))).ok, true);
  assert.deepEqual(await readActionToken(SECRET, token, new Date(claim.expiresAt * 1000 + 1000)), { ok: false, reason: 'expired' });
});

Deno.test('action token: strings that are not tokens are malformed, without an exception', async () => {
  for (const value of ['', '.', 'abc', 'a.b.c', 'ä.ö', `${'A'.repeat(300)}.x`, 'abc.%%%']) {
    assert.deepEqual(await readActionToken(SECRET, value, NOW), { ok: false, reason: 'malformed' }, JSON.stringify(value));
  }
});

Deno.test('action token: only well-formed claims are signed', async () => {
  await assert.rejects(signActionToken(SECRET, { ...claim, requestId: 'not-a-uuid' }));
  await assert.rejects(signActionToken(SECRET, { ...claim, requestId: claim.requestId.toUpperCase() }));
  await assert.rejects(signActionToken(SECRET, { ...claim, expiresAt: 1.5 }));
});

Deno.test('action token: take-offer carries its offer\'s number as the fifth field, and only it', async () => {
  const token = await signActionToken(SECRET, { ...claim, action: 'take-offer', offer: 3 });
  assert.match(new TextDecoder().decode(Uint8Array.from(atob(token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))), /\|take-offer\|\d+\|3$/);
  await assert.rejects(() => signActionToken(SECRET, { ...claim, action: 'take-offer' }));
  await assert.rejects(() => signActionToken(SECRET, { ...claim, action: 'decline', offer: 1 }));
  const fourFields = await signRaw(`v1|${claim.requestId}|take-offer|${claim.expiresAt}`);
  assert.deepEqual(await readActionToken(SECRET, fourFields, NOW), { ok: false, reason: 'malformed' });
});
