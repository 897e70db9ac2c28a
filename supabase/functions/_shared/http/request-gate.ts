/**
 * What every function checks before its own work, in this order: the CORS preflight, the
 * origin, the method, its configuration, the caller's API key. Answers are JSON with the
 * CORS headers an allowed origin needs, and each request is logged once (one line, no
 * body or personal data) by the `answer` the gate hands on.
 */
import { CALLER_MESSAGES, checkCaller } from './api-keys.ts';
import type { FunctionConfig } from '../config.ts';
import { CORS_ALLOW_METHODS, corsHeaders, decideCors } from './cors.ts';
import { emptyResponse, jsonResponse, type JsonObject } from './json.ts';
import type { Mailer } from '../mail/transport.ts';
import type { Store } from '../database/store.ts';
import type { NewsletterStore } from '../newsletter/store.ts';
import type { EarlierStore } from '../lifecycle/earlier-time.ts';
import type { InvoiceStore } from '../invoices/store.ts';
import type { MyDataStore } from '../my-data/store.ts';
import type { SleepDiaryStore } from '../sleep-diary/store.ts';
import type { PracticeLinkStore } from '../lifecycle/practice-link-store.ts';

export interface LogLine {
  fn: string;
  status: number;
  ms: number;
  code: string;
  field?: string;
  cause?: string;
  /** The visitor's acknowledgement: 'owed' on the answer's line (sent after it), then its own line (code 'acknowledgement') says how it went. */
  ack?: 'owed' | 'sent' | 'skipped' | 'failed';
  /** The request looked automated and its mail went out marked for checking. */
  doubt?: 'fast';
  /** Of `ms`, the time spent handing e-mails to the mail service (SMTP or Resend). */
  mailMs?: number;
}

export type LogDetails = Omit<LogLine, 'fn' | 'status' | 'ms'>;

export function defaultLog(line: LogLine) {
  (line.status >= 500 ? console.error : console.log)(JSON.stringify(line));
}

/** Answers the request (JSON, with the CORS headers) and logs it. */
export type Answer = (status: number, body: JsonObject, details: LogDetails, headers?: Record<string, string>) => Response;

export interface GateOptions {
  fn: string;
  config: FunctionConfig;
  /** The methods besides OPTIONS; anything else is a 405. */
  methods: readonly ('GET' | 'POST')[];
  /** Which key the caller must present: the site's publishable keys, or the project's secret key (scheduled jobs). */
  caller: 'client' | 'server';
  /** False when the function lacks its database or mail transport: a 500 like a configuration problem. */
  ready: boolean;
  log?: (line: LogLine) => void;
}

const SERVER_CALLER_MESSAGES: typeof CALLER_MESSAGES = {
  missing_api_key: "No apikey header: this function is called by the project's scheduled job with its secret key.",
  invalid_api_key: "The apikey header is not this project's secret key.",
};

/** What every function is built from: its settings, database and mail (null when not configured), a clock and a log. */
export interface FunctionDeps {
  config: FunctionConfig;
  store: Store | null;
  mailer: Mailer | null;
  /**
   * The newsletter's database calls (../newsletter/store.ts), for the newsletter function
   * and the outbox; null when not configured. Absent (the tests of other functions), the
   * outbox leaves the newsletter out.
   */
  newsletter?: NewsletterStore | null;
  /** «Meine Daten»'s database calls (../my-data/store.ts), for the my-data function and the calendar feeds' tombstones. */
  myData?: MyDataStore | null;
  /** «An earlier time»'s database calls (../lifecycle/earlier-time.ts), for the action function and the outbox. */
  earlier?: EarlierStore | null;
  /** The invoices' database calls (../invoices/store.ts), for the action function, «Meine Daten» and the outbox. */
  invoices?: InvoiceStore | null;
  /** The sleep diary's database calls (../sleep-diary/store.ts), for the sleep-diary function. */
  sleepDiary?: SleepDiaryStore | null;
  /** The renewals of the practice's links (../lifecycle/practice-link-store.ts), for the action function and the outbox. */
  practiceLinks?: PracticeLinkStore | null;
  now?: () => Date;
  log?: (line: LogLine) => void;
}

/** A request past the gate, with what the function's own work needs (all configured). */
export interface OpenedRequest {
  answer: Answer;
  store: Store;
  mailer: Mailer;
  practiceEmail: string;
}

/**
 * The gate for a function built from FunctionDeps: `response` when the request is
 * answered already (preflight, origin, method, configuration, key), else what it needs.
 */
export function openFunctionRequest(
  request: Request,
  deps: FunctionDeps,
  options: Pick<GateOptions, 'fn' | 'methods' | 'caller'>,
): { response: Response } | OpenedRequest {
  const { store, mailer, config } = deps;
  const gate = openRequest(request, { ...options, config, ready: Boolean(store && mailer && config.mail), log: deps.log });
  if ('response' in gate) return gate;
  return { answer: gate.answer, store: store!, mailer: mailer!, practiceEmail: config.mail!.practiceEmail };
}

/** Either the request is answered already (`response`), or it may go on with `answer`. */
export function openRequest(request: Request, options: GateOptions): { response: Response } | { answer: Answer } {
  const started = performance.now();
  const { config } = options;
  const log = options.log ?? defaultLog;
  const cors = corsHeaders(decideCors(request.headers.get('origin'), config.allowedOrigins));
  const allowed = 'access-control-allow-origin' in cors;
  const hasOrigin = request.headers.has('origin');

  const finish = (response: Response, details: LogDetails): Response => {
    log({ fn: options.fn, status: response.status, ms: Math.round(performance.now() - started), ...details });
    return response;
  };
  const answer: Answer = (status, body, details, headers = {}) => finish(jsonResponse(status, body, { ...cors, ...headers }), details);
  const done = (response: Response) => ({ response });

  if (request.method === 'OPTIONS') {
    if (hasOrigin && !allowed) return done(answer(403, { error: 'origin_not_allowed' }, { code: 'origin_not_allowed' }));
    return done(finish(emptyResponse(204, { ...cors, allow: CORS_ALLOW_METHODS }), { code: 'preflight' }));
  }
  if (hasOrigin && !allowed) return done(answer(403, { error: 'origin_not_allowed' }, { code: 'origin_not_allowed' }));
  if (!(options.methods as readonly string[]).includes(request.method)) {
    const allow = [...options.methods, 'OPTIONS'].join(', ');
    return done(answer(405, { error: 'method_not_allowed' }, { code: 'method_not_allowed' }, { allow }));
  }
  const configError = config.problems[0]?.code;
  if (configError || !options.ready) {
    const code = configError ?? 'server_not_configured';
    return done(answer(500, { error: code }, { code }));
  }
  // What verify_jwt did before the new API keys: only the expected key gets in.
  const server = options.caller === 'server';
  const keys = server ? (config.supabase ? [config.supabase.secretKey] : []) : config.clientKeys;
  const caller = checkCaller(request.headers, keys);
  if (!caller.ok) {
    const message = (server ? SERVER_CALLER_MESSAGES : CALLER_MESSAGES)[caller.error];
    return done(answer(401, { error: caller.error, message }, { code: caller.error }));
  }
  return { answer };
}
