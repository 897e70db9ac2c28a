/**
 * Work a function does after its answer has left: the mails whose sending must not show in
 * the answer's time (the forms' acknowledgements, «Meine Daten»'s link, the newsletter's
 * confirmation). Hosted Supabase and `supabase start` keep the instance alive for a task
 * handed to EdgeRuntime.waitUntil (Supabase docs, guides/functions/background-tasks); plain
 * Deno (the local stack, docs/local-stack.md) has no EdgeRuntime and keeps running the task
 * by itself, its process living on between requests. Whatever such a task sends is an outbox
 * row claimed for it: if the instance stops first, the claim lapses and the outbox sends it.
 */

/** Hands a task that runs after the answer to the platform; the tests collect them instead. */
export type Background = (task: Promise<void>) => void;

/**
 * On the platform, the work after an answer begins this long after it, not at once. The
 * answer still has its way to go when the handler returns – out of the isolate, through the
 * gateway – and a mail sent meanwhile (a TLS handshake, the provider's call, the local
 * catcher storing it beside the gateway) competes with it: under load an acknowledged
 * address's answer then came about 25 ms later than a held-back one's (the contact form's
 * timing test, tests/integration/contact-function.test.ts). Started after the answer is
 * out, the work leaves the answer's time alone. Short against the instance's wall clock
 * (EdgeRuntime.waitUntil keeps it for minutes) and against the visitor's wait for a mail.
 */
export const AFTER_ANSWER_DELAY_MS = 250;

/** EdgeRuntime.waitUntil where it exists; elsewhere the task simply runs on. */
export function runAfterAnswer(task: Promise<void>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (promise: Promise<unknown>) => void } }).EdgeRuntime;
  runtime?.waitUntil?.(task);
}

/**
 * Starts `work` after the answer – on the platform AFTER_ANSWER_DELAY_MS later, with a
 * background the tests hand in after a macrotask – and hands it to `background`. `work`
 * should not throw; if it does, `onError` has the error.
 */
export function afterAnswer(background: Background, work: () => Promise<void>, onError: (error: unknown) => void): void {
  const delayMs = background === runAfterAnswer ? AFTER_ANSWER_DELAY_MS : 0;
  background(
    new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(work)
      .catch(onError),
  );
}
