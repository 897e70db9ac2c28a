/**
 * my-data: «Meine Daten» – shows, exports and erases what is stored about one mailbox, and
 * sends the link asked for on the page. What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createMyDataHandler, FUNCTION_NAME } from './my-data-handler.ts';

serveFunction(FUNCTION_NAME, createMyDataHandler);
