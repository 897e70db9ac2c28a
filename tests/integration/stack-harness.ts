/**
 * Shared set-up of the backend integration suites: one embedded stack on free ports
 * (PGlite, or the PostgreSQL server in DATABASE_URL with a database of its own), the real
 * Deno functions, the mail catcher. Each test acts as a client of its own (X-Forwarded-For
 * and e-mail address), so the rate limits of one test never decide another.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack, type RunningStack } from '../../scripts/stack/start-stack.ts';

export const SITE_ORIGIN = 'https://site.test';

export async function startTestStack({ functions = true }: { functions?: boolean } = {}): Promise<RunningStack> {
  return startStack({
    functions,
    ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
    dataDir: null,
    isolateDatabase: true,
    smtpUrl: null,
    trustForwardedFor: true,
    quiet: true,
    functionsEnv: { ALLOWED_ORIGINS: SITE_ORIGIN, RATE_LIMIT_SALT: 'test-salt' },
  });
}

let clientCounter = 0;

/** A visitor of their own: an IP address and an e-mail address no other test uses. */
export function newVisitor() {
  clientCounter += 1;
  const tag = `${process.pid}-${clientCounter}-${randomUUID().slice(0, 8)}`;
  return {
    ip: `10.${(clientCounter >> 8) & 255}.${clientCounter & 255}.${1 + (process.pid % 250)}`,
    email: `besuch-${tag}@example.ch`,
  };
}

class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by this site');
  }
}

/** supabase-js as the site creates it, with the anon key, speaking as one visitor. */
export function browserClient(stack: RunningStack, ip: string): SupabaseClient {
  return createClient(stack.urls.api, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket without a flag and the site never uses Realtime; supabase-js
    // only needs a transport to exist. Opening a socket would fail loudly, not silently.
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
    global: { headers: { 'X-Forwarded-For': ip, Origin: SITE_ORIGIN } },
  });
}

/** A date n days from today in Zurich, as the date input sends it. */
export function zurichDate(daysFromToday: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}

/** Raw HTTP to a function, as an attacker (or curl) would call it. */
export async function callFunction(
  stack: RunningStack,
  name: string,
  body: unknown,
  { ip, origin = SITE_ORIGIN, raw, headers = {} }: { ip: string; origin?: string | null; raw?: string; headers?: Record<string, string> },
) {
  const response = await fetch(`${stack.urls.api}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${stack.anonKey}`,
      apikey: stack.anonKey,
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      ...(origin ? { Origin: origin } : {}),
      ...headers,
    },
    body: raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
