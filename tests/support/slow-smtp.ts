/**
 * A mail provider that takes its time, for the suites that check "exactly once":
 * a real SMTP server (smtp-server) that receives every message whole and then answers the
 * end of its data – "250 OK", the moment a provider takes responsibility for it (RFC 5321
 * 4.1.1.4) – only after a delay chosen per message, or never. It counts what it received
 * by Message-ID and by whatever the test looks for in the text, so a test can tell how
 * often one mail reached the provider, however the senders overlapped.
 *
 * - `delayMs`: the answer's delay for every message (default 0);
 * - `answerAfter(mail)`: per message, a delay in ms or 'never' (accepted, never answered:
 *   the sender's time limit decides); overrides `delayMs` when it returns a value.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { HOST, listen } from '../../scripts/stack/ports.ts';

export interface ReceivedMail {
  /** The Message-ID header without angle brackets ('' when the message had none). */
  messageId: string;
  subject: string;
  to: string[];
  text: string;
  /** When the whole message had arrived (Date.now()). */
  receivedAt: number;
  /** When the provider answered 250 (Date.now()); null while it has not (or never will). */
  answeredAt: number | null;
}

export type AnswerDelay = number | 'never' | undefined;

export interface SlowSmtp {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  readonly url: string;
  /** Every message received, in order of arrival: a repeat is a second entry. */
  readonly received: ReceivedMail[];
  delayMs: number;
  answerAfter: (mail: ReceivedMail) => AnswerDelay;
  /** Messages received whose answer is still to come. */
  inFlight(): ReceivedMail[];
  /** How often each value of `keyOf` was received (e.g. per Message-ID). */
  count(keyOf: (mail: ReceivedMail) => string | undefined): Map<string, number>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSlowSmtp(): Promise<SlowSmtp> {
  const received: ReceivedMail[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = {
    delayMs: 0,
    answerAfter: ((_mail: ReceivedMail) => undefined) as (mail: ReceivedMail) => AnswerDelay,
  };

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // A message never answered keeps its connection: close() should not wait the default 30 s.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((list) =>
              list.value.map((address) => (address.address ?? '').toLowerCase())
            );
            const mail: ReceivedMail = {
              messageId: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
              subject: parsed.subject ?? '',
              to,
              text: parsed.text ?? '',
              receivedAt: Date.now(),
              answeredAt: null,
            };
            received.push(mail);
            const delay = state.answerAfter(mail) ?? state.delayMs;
            if (delay === 'never') return;
            const answer = () => {
              mail.answeredAt = Date.now();
              callback(null, 'Queued');
            };
            if (delay <= 0) return answer();
            const timer = setTimeout(() => {
              timers.delete(timer);
              answer();
            }, delay);
            timers.add(timer);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  // A sender that gives up closes its connection mid-answer; that is the point, not an error.
  server.on('error', () => {});
  const port = await listen(server.server, 0);

  return {
    url: `smtp://${HOST}:${port}`,
    received,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get answerAfter() {
      return state.answerAfter;
    },
    set answerAfter(value: (mail: ReceivedMail) => AnswerDelay) {
      state.answerAfter = value;
    },
    inFlight: () => received.filter((mail) => mail.answeredAt === null),
    count(keyOf) {
      const counts = new Map<string, number>();
      for (const mail of received) {
        const key = keyOf(mail);
        if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
    clear() {
      received.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
