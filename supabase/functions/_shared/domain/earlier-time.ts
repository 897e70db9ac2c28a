/**
 * «Früherer Termin gewünscht» (docs/appointment-lifecycle.md, «An earlier time»): a visitor
 * with a confirmed appointment asks to be told when an earlier time frees up for their
 * service. The rules the functions and the database share; the database's copy is generated
 * from this file (`npm run db:rules`, 20261122000100_rules.sql). Pure.
 */
import { cancellationNoticeHours } from './practice.ts';

/**
 * At most one offer mail per visitor in this many hours: a day of cancellations does not
 * fill a mailbox, and the first offer's link still works when the next one could come.
 */
export const EARLIER_OFFER_INTERVAL_HOURS = 24;

/**
 * The wish ends by itself once the appointment starts within this many hours, and no time
 * within them is offered: the cancellation notice (practice.ts), so that the time a visitor
 * leaves behind could still be cancelled or moved online by anyone else, and a visitor is
 * never asked to come at short notice.
 */
export const EARLIER_WISH_NOTICE_HOURS = cancellationNoticeHours;
