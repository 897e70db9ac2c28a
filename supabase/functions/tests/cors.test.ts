import assert from 'node:assert/strict';
import { corsHeaders, decideCors, parseAllowedOrigins } from '../_shared/http/cors.ts';

const ALLOWED = ['https://www.ruhepol-schlafberatung.ch', 'http://localhost:5173'];

Deno.test('ALLOWED_ORIGINS: comma-separated origins, normalised; paths and junk are reported', () => {
  assert.deepEqual(parseAllowedOrigins(' https://www.ruhepol-schlafberatung.ch , http://localhost:5173/ ,,'), {
    origins: ALLOWED,
    invalid: [],
  });
  assert.deepEqual(parseAllowedOrigins('HTTPS://WWW.Example.CH'), { origins: ['https://www.example.ch'], invalid: [] });
  assert.deepEqual(parseAllowedOrigins('*,https://a.ch/kontakt,localhost:5173,ftp://a.ch,https://a.ch?x=1'), {
    origins: [],
    invalid: ['*', 'https://a.ch/kontakt', 'localhost:5173', 'ftp://a.ch', 'https://a.ch?x=1'],
  });
  assert.deepEqual(parseAllowedOrigins(undefined), { origins: [], invalid: [] });
});

Deno.test('an allowed origin gets the CORS headers, echoing that exact origin', () => {
  const decision = decideCors('http://localhost:5173', ALLOWED);
  assert.deepEqual(decision, { kind: 'allowed', origin: 'http://localhost:5173' });
  const headers = corsHeaders(decision);
  assert.equal(headers['access-control-allow-origin'], 'http://localhost:5173');
  assert.equal(headers['access-control-allow-headers'], 'authorization, x-client-info, apikey, content-type');
  assert.equal(headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
  assert.equal(headers.vary, 'Origin');
});

Deno.test('a foreign origin gets no Access-Control headers, only Vary', () => {
  for (const origin of ['https://evil.example', 'null', '', 'https://www.ruhepol-schlafberatung.ch.evil.example', 'http://www.ruhepol-schlafberatung.ch']) {
    const decision = decideCors(origin, ALLOWED);
    assert.deepEqual(decision, { kind: 'forbidden' }, origin);
    assert.deepEqual(corsHeaders(decision), { vary: 'Origin' });
  }
});

Deno.test('no Origin header (curl, servers) is not a browser: neither allowed nor forbidden', () => {
  const decision = decideCors(null, ALLOWED);
  assert.deepEqual(decision, { kind: 'no-origin' });
  assert.deepEqual(corsHeaders(decision), { vary: 'Origin' });
  assert.deepEqual(decideCors('https://www.ruhepol-schlafberatung.ch', []), { kind: 'forbidden' });
});
