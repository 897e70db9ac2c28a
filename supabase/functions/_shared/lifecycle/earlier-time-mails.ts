/**
 * «An earlier time»'s mail (docs/appointment-lifecycle.md): the offer of a freed time to a
 * visitor who asked for one, with the link that takes it and the link that ends the wish
 * (each opens the action page; only its button acts); the confirmation's link that asks
 * for it is appointment-emails.ts's (EARLIER_LINK_LABEL). In the request's language (German
 * with Swiss spelling, or English: ./appointment-mail-texts.ts), its links to the action page
 * of that language. Pure: the links are signed with the settings passed in.
 */
import { zurichInstant } from '../domain/dates.ts';
import type { MailSettings } from '../mail/layout.ts';
import { DATE_FORMATS } from '../mail/layout-en.ts';
import { mailKey } from '../mail/mail-keys.ts';
import type { OutgoingMail } from '../mail/types.ts';
import { actionUrl, type LinkSettings } from './action-links.ts';
import { type Appointment, appointmentFields, textsFor, visitorMail } from './appointment-emails.ts';
import { APPOINTMENT_MAIL_TEXTS } from './appointment-mail-texts.ts';

/** The German words of the offer's links (every language's: APPOINTMENT_MAIL_TEXTS[language].earlier). */
export const OFFER_TAKE_LABEL = APPOINTMENT_MAIL_TEXTS.de.earlier.takeLabel;
export const OFFER_TAKE_TEXT = APPOINTMENT_MAIL_TEXTS.de.earlier.takeText;
export const OFFER_END_LABEL = APPOINTMENT_MAIL_TEXTS.de.earlier.endLabel;
export const OFFER_END_TEXT = APPOINTMENT_MAIL_TEXTS.de.earlier.endText;

/** A freed time offered to one visitor: its number (the take link names it), day and start. */
export interface EarlierOffer {
  number: number;
  date: string;
  time: string;
}

/** The offer's links, to the action page of the request's language: take that time (until it begins), end the wish (until the appointment begins). */
export async function offerLinks(settings: LinkSettings, appointment: Appointment, offer: EarlierOffer) {
  const { language } = appointment;
  return {
    take: await actionUrl(settings, appointment.id, 'take-earlier', zurichInstant(offer.date, offer.time), offer.number, language),
    end: await actionUrl(settings, appointment.id, 'end-earlier', zurichInstant(appointment.confirmed_date, appointment.confirmed_time), undefined, language),
  };
}

/** The offer mail: the freed time with the appointment's own service and length, the current one, and both links. */
export async function earlierOfferMail(appointment: Appointment, offer: EarlierOffer, settings: MailSettings, links: LinkSettings): Promise<OutgoingMail> {
  const { formatDateTimeLong } = DATE_FORMATS[appointment.language];
  const { earlier } = textsFor(appointment);
  const offered = formatDateTimeLong(offer.date, offer.time);
  const { take, end } = await offerLinks(links, appointment, offer);
  const fields = appointmentFields({ ...appointment, confirmed_date: offer.date, confirmed_time: offer.time });
  return visitorMail(appointment, settings, earlier.subject(offered), [
    { text: earlier.lead },
    { fields },
    { text: earlier.current(formatDateTimeLong(appointment.confirmed_date, appointment.confirmed_time)) },
    { label: earlier.takeLabel, link: take, linkText: earlier.takeText },
    { text: earlier.howOften },
    { label: earlier.endLabel, link: end, linkText: earlier.endText },
  ]);
}

/** The offer mail's idempotency key: one mail per offer, whoever sends it. */
export const earlierOfferMailKey = (offer: number) => mailKey('earlier-offer', { offer });
