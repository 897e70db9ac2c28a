/**
 * practice-calendar: the practice's calendar feeds (one for the practice, one per
 * advisor) at private addresses, for subscribing in a calendar app; GET only, no key.
 * docs/appointment-lifecycle.md, «The practice's calendar feeds».
 */
import { serveFunction } from '../_shared/runtime.ts';
import { createCalendarHandler, FUNCTION_NAME } from './calendar-handler.ts';

serveFunction(FUNCTION_NAME, createCalendarHandler);
