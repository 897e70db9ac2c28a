// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../stack/local-config';
import { readFunctionsConfig } from '../stack/functions';
import { REPO_ROOT } from '../stack/start-stack';
import { FUNCTION_CALLERS } from './checks';
import { bookingInsert, functionCall, preflightRefusal, requestHeadersToAsk } from './site-requests';

const row = {
  id: '00000000-0000-4000-8000-000000000000', first_name: 'A', last_name: 'B', email: 'a@example.ch', phone: '+41 44 000 00 00',
  service: 'Schlafberatung', preferred_date: '2030-05-06', preferred_time: null, alternative_date: null, alternative_time: null, message: null,
};
const ORIGIN = 'https://www.example.ch';
const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });

describe("the site's requests, from the site's code", () => {
  it('the booking insert asks the preflight for its headers, x-form-proof among them, with either kind of key', async () => {
    for (const key of [LOCAL_PUBLISHABLE_KEY, LOCAL_ANON_KEY]) {
      const insert = await bookingInsert(key, row);
      expect(insert).toMatchObject({ method: 'POST', path: '/rest/v1/appointment_requests' });
      expect(requestHeadersToAsk(insert.headers)).toBe('apikey,authorization,content-profile,content-type,x-client-info,x-form-proof');
    }
  });

  it('a function call asks for the key, the client and the JSON type; Authorization only with a legacy key', async () => {
    const call = await functionCall(LOCAL_PUBLISHABLE_KEY, 'send-contact-email');
    expect(call).toMatchObject({ method: 'POST', path: '/functions/v1/send-contact-email' });
    expect(requestHeadersToAsk(call.headers)).toBe('apikey,content-type,x-client-info');
    expect(requestHeadersToAsk((await functionCall(LOCAL_ANON_KEY, 'my-data')).headers)).toBe('apikey,authorization,content-type,x-client-info');
  });

  it('leaves out the headers a browser sends without asking (CORS-safelisted)', () => {
    expect(requestHeadersToAsk(new Headers({ Accept: 'application/json', 'Content-Type': 'text/plain;charset=UTF-8', 'X-B': '1', 'x-a': '2' }))).toBe('x-a,x-b');
  });
});

describe('a preflight judged as the browser judges it', () => {
  const asked = 'apikey,authorization,content-type,x-form-proof';

  it('takes an echo or a list naming every header, from * or the origin', () => {
    expect(preflightRefusal(answer(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': asked }), ORIGIN, 'POST', asked)).toBeUndefined();
    const listed = { 'access-control-allow-origin': ORIGIN, 'access-control-allow-headers': 'Authorization, APIKEY, content-type, X-Form-Proof, x-other' };
    expect(preflightRefusal(answer(204, listed), ORIGIN, 'POST', asked)).toBeUndefined();
  });

  it('refuses a list without x-form-proof, a wildcard that leaves Authorization out, another origin, a failure status', () => {
    const fixed = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'apikey,authorization,content-type,x-client-info' };
    expect(preflightRefusal(answer(200, fixed), ORIGIN, 'POST', asked)).toBe('Access-Control-Allow-Headers lacks x-form-proof');
    expect(preflightRefusal(answer(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }), ORIGIN, 'POST', asked))
      .toBe('Access-Control-Allow-Headers lacks authorization');
    expect(preflightRefusal(answer(200, { 'access-control-allow-origin': 'https://other.example', 'access-control-allow-headers': asked }), ORIGIN, 'POST', asked))
      .toMatch(/^Access-Control-Allow-Origin https:\/\/other.example/);
    expect(preflightRefusal(answer(403, {}), ORIGIN, 'POST', asked)).toBe('status 403, not 2xx');
    // POST needs no Allow-Methods; PATCH does.
    expect(preflightRefusal(answer(200, { 'access-control-allow-origin': '*' }), ORIGIN, 'PATCH', '')).toBe('method PATCH not in Access-Control-Allow-Methods');
  });
});

describe('the functions check:deploy checks', () => {
  it('knows who calls every function supabase/config.toml deploys, and no other', async () => {
    const deployed = [...(await readFunctionsConfig(REPO_ROOT))].filter(([, fn]) => fn.enabled).map(([name]) => name);
    expect(Object.keys(FUNCTION_CALLERS).sort()).toEqual(deployed.sort());
  });
});
