/**
 * sleep-diary: the page /schlaftagebuch – a visitor's nights before their appointment, with
 * their consent. What it accepts and answers: ../README.md.
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createSleepDiaryHandler, FUNCTION_NAME } from './sleep-diary-handler.ts';

serveFunction(FUNCTION_NAME, createSleepDiaryHandler);
