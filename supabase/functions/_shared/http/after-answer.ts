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

/** EdgeRuntime.waitUntil where it exists; elsewhere the task simply runs on. */
export function runAfterAnswer(task: Promise<void>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?: (promise: Promise<unknown>) => void } }).EdgeRuntime;
  runtime?.waitUntil?.(task);
}

/**
 * Starts `work` after a macrotask – the answer is on its way before it begins – and hands it
 * to `background`. `work` should not throw; if it does, `onError` has the error.
 */
export function afterAnswer(background: Background, work: () => Promise<void>, onError: (error: unknown) => void): void {
  background(
    new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(work)
      .catch(onError),
  );
}
