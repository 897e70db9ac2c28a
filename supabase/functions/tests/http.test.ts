import assert from 'node:assert/strict';
import { jsonResponse, MAX_BODY_BYTES, readJsonObject } from '../_shared/http/json.ts';

function request(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/', { method: 'POST', body, headers });
}

/** A body whose Content-Length is unknown (a stream), as with chunked transfer. */
function streamed(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

Deno.test('a JSON object is read', async () => {
  assert.deepEqual(await readJsonObject(request('{"a":1,"b":"ü"}')), { ok: true, value: { a: 1, b: 'ü' } });
  assert.deepEqual(await readJsonObject(request(streamed('{"a":', '1}'))), { ok: true, value: { a: 1 } });
});

Deno.test('non-JSON, empty bodies and JSON that is not an object → 400 invalid_json', async () => {
  for (const body of ['', 'hello', '{"a":1', '[]', '[{"a":1}]', 'null', '42', '"text"', 'true']) {
    assert.deepEqual(await readJsonObject(request(body)), { ok: false, status: 400, error: 'invalid_json' }, body);
  }
  assert.deepEqual(await readJsonObject(request(null)), { ok: false, status: 400, error: 'invalid_json' });
  // Invalid UTF-8 is not silently replaced.
  assert.deepEqual(await readJsonObject(request(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))), {
    ok: false,
    status: 400,
    error: 'invalid_json',
  });
});

Deno.test('16 KB is the limit: exactly 16384 bytes pass, one more is 413', async () => {
  const exactly = `{"a":"${'x'.repeat(MAX_BODY_BYTES - 8)}"}`;
  assert.equal(new TextEncoder().encode(exactly).length, MAX_BODY_BYTES);
  assert.equal((await readJsonObject(request(exactly))).ok, true);
  const over = `{"a":"${'x'.repeat(MAX_BODY_BYTES - 7)}"}`;
  assert.deepEqual(await readJsonObject(request(over)), { ok: false, status: 413, error: 'payload_too_large' });
});

Deno.test('413 by Content-Length before reading, and by the bytes read when the header is absent or lies', async () => {
  // Declared too large: refused without reading (the body here is small).
  assert.deepEqual(await readJsonObject(request('{}', { 'content-length': '999999' })), {
    ok: false,
    status: 413,
    error: 'payload_too_large',
  });
  // No Content-Length (streamed): counted while reading.
  const big = streamed('{"a":"', 'x'.repeat(10_000), 'x'.repeat(10_000), '"}');
  assert.deepEqual(await readJsonObject(request(big)), { ok: false, status: 413, error: 'payload_too_large' });
  // A Content-Length that claims less than is sent does not get more through.
  const lying = streamed(`{"a":"${'x'.repeat(20_000)}"}`);
  assert.deepEqual(await readJsonObject(request(lying, { 'content-length': '10' })), {
    ok: false,
    status: 413,
    error: 'payload_too_large',
  });
  // Multi-byte characters count as bytes, not characters.
  const umlauts = `{"a":"${'ü'.repeat(9000)}"}`;
  assert.ok(umlauts.length < MAX_BODY_BYTES);
  assert.deepEqual(await readJsonObject(request(umlauts)), { ok: false, status: 413, error: 'payload_too_large' });
});

Deno.test('jsonResponse: JSON content type, no caching, extra headers kept', async () => {
  const response = jsonResponse(418, { error: 'x' }, { 'retry-after': '5' });
  assert.equal(response.status, 418);
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('retry-after'), '5');
  assert.deepEqual(await response.json(), { error: 'x' });
});
