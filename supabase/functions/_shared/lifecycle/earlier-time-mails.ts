/**
 * «An earlier time»'s mail (docs/appointment-lifecycle.md): the offer of a freed time to a
 * visitor who asked for one, with the link that takes it and the link that ends the wish
 * (each opens the action page; only its button acts); the confirmation's link that asks
 * for it is appointment-emails.ts's (EARLIER_LINK_LABEL). German, Swiss spelling. Pure: the links are signed with the settings passed in.
 */
import { formatDateTimeLong, zurichInstant } from '../domain/dates.ts';
import type { MailSettings } from '../mail/layout.ts';
import { mailKey } from '../mail/mail-keys.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { EARLIER_WISH_NOTICE_HOURS } from '../domain/earlier-time.ts';
import { actionUrl, type LinkSettings } from './action-links.ts';
import { type Appointment, appointmentFields, visitorMail } from './appointment-emails.ts';

export const OFFER_TAKE_LABEL = 'Wer zuerst bestätigt, erhält den Termin. Hier können Sie ihn nehmen:';
export const OFFER_TAKE_TEXT = 'Diesen früheren Termin nehmen';
export const OFFER_END_LABEL = 'Möchten Sie keine früheren Termine mehr angeboten bekommen? Über diesen Link beenden Sie Ihren Wunsch mit einem Klick auf «Wunsch beenden»:';
export const OFFER_END_TEXT = 'Keine früheren Termine mehr';

/** A freed time offered to one visitor: its number (the take link names it), day and start. */
export interface EarlierOffer {
  number: number;
  date: string;
  time: string;
}

/** The offer's links: take that time (until it begins), end the wish (until the appointment begins). */
export async function offerLinks(settings: LinkSettings, appointment: Appointment, offer: EarlierOffer) {
  return {
    take: await actionUrl(settings, appointment.id, 'take-earlier', zurichInstant(offer.date, offer.time), offer.number),
    end: await actionUrl(settings, appointment.id, 'end-earlier', zurichInstant(appointment.confirmed_date, appointment.confirmed_time)),
  };
}

/** The offer mail: the freed time with the appointment's own service and length, the current one, and both links. */
export async function earlierOfferMail(appointment: Appointment, offer: EarlierOffer, settings: MailSettings, links: LinkSettings): Promise<OutgoingMail> {
  const offered = formatDateTimeLong(offer.date, offer.time);
  const { take, end } = await offerLinks(links, appointment, offer);
  const fields = appointmentFields({ ...appointment, confirmed_date: offer.date, confirmed_time: offer.time });
  return visitorMail(appointment, settings, `Früherer Termin frei: ${offered}`, [
    { text: 'Sie haben sich einen früheren Termin gewünscht. Dieser Zeitpunkt ist eben frei geworden:' },
    { fields },
    { text: `Ihr jetziger Termin ist am ${formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time)}. ` +
      'Wenn Sie den früheren nehmen, entfällt er, und Sie erhalten die Bestätigung mit dem neuen Kalendereintrag. ' +
      'Sonst bleibt alles, wie es ist.' },
    { label: OFFER_TAKE_LABEL, link: take, linkText: OFFER_TAKE_TEXT },
    { text: `Wir schreiben Ihnen höchstens einmal am Tag. Ihr Wunsch endet von selbst ${EARLIER_WISH_NOTICE_HOURS} Stunden vor Ihrem Termin.` },
    { label: OFFER_END_LABEL, link: end, linkText: OFFER_END_TEXT },
  ]);
}

/** The offer mail's idempotency key: one mail per offer, whoever sends it. */
export const earlierOfferMailKey = (offer: number) => mailKey('earlier-offer', { offer });
