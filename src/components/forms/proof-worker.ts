/// <reference lib="webworker" />
/**
 * Solves a form challenge off the main thread, so typing and scrolling stay smooth while
 * the browser works. One message in (the challenge), one out (the solution or an error).
 */
import { solveFormChallenge } from './proof-solver';
import type { FormChallenge } from '@domain/wire-types';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<FormChallenge>) => {
  try {
    scope.postMessage({ solution: await solveFormChallenge(event.data) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
