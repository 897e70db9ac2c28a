/**
 * Reading a JSON body within a size limit, and writing JSON answers. Pure web APIs
 * (Request, Response, streams): no network, no environment.
 */

export const MAX_BODY_BYTES = 16 * 1024;

export type JsonObject = Record<string, unknown>;

export type BodyResult =
  | { ok: true; value: JsonObject }
  | { ok: false; status: 413; error: 'payload_too_large' }
  | { ok: false; status: 400; error: 'invalid_json' };

const TOO_LARGE = { ok: false, status: 413, error: 'payload_too_large' } as const;
const INVALID_JSON = { ok: false, status: 400, error: 'invalid_json' } as const;

/**
 * The body as a JSON object. Too large is decided by Content-Length when the caller
 * states one, and always by the bytes actually read (a missing or false Content-Length
 * does not get more through); reading stops at the limit.
 */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return TOO_LARGE;
  }
  if (!request.body) return INVALID_JSON;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  } catch {
    return INVALID_JSON;
  }

  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return INVALID_JSON;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return INVALID_JSON;
  return { ok: true, value: parsed as JsonObject };
}

export function jsonResponse(status: number, body: JsonObject, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function emptyResponse(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { ...headers, 'cache-control': 'no-store' } });
}
