/**
 * What the action page says and offers on the three links of «An earlier time»
 * (docs/appointment-lifecycle.md): 'earlier' (the confirmation's «Früherer Termin
 * gewünscht»), 'take-earlier' (an offer mail's «Diesen früheren Termin nehmen») and
 * 'end-earlier' (ends the wish). Plain functions of the view, beside ./action-state.ts.
 */
import type { Language } from '@/lib/language';
import type { AppointmentActionKind, AppointmentActionView } from '@domain/wire-types';
import { actionWords, type ActionWords } from './action-words';

export type EarlierAction = 'earlier' | 'take-earlier' | 'end-earlier';
export const isEarlierAction = (action: AppointmentActionKind): action is EarlierAction =>
  action === 'earlier' || action === 'take-earlier' || action === 'end-earlier';

/** What ./action-state.ts's ViewDescription holds, with this page's controls (no import: action-state imports this module). */
export interface EarlierDescription {
  headline: string;
  lines: string[];
  control: EarlierAction | null;
  callUs: boolean;
  bookAgain: boolean;
}
type ViewDescription = EarlierDescription;

const describe = (headline: string, lines: string[], extra: Partial<ViewDescription> = {}): ViewDescription => ({
  headline,
  lines,
  control: null,
  callUs: false,
  bookAgain: false,
  ...extra,
});

const current = (view: AppointmentActionView, w: ActionWords) =>
  view.confirmed ? w.dates.formatDateTimeLong(view.confirmed.date, view.confirmed.time) : '';

/** The appointment can still be moved online: confirmed and before the notice (the function decides in the end). */
const beforeNotice = (view: AppointmentActionView, now: number) =>
  view.status === 'confirmed' && view.cancelUntil !== null && now < Date.parse(view.cancelUntil);

function describeWish(view: AppointmentActionView, now: number, w: ActionWords): ViewDescription {
  const texts = w.copy.earlier;
  const lines = [texts.current(current(view, w))];
  if (view.earlier?.wanted) return describe(texts.wantedHeadline, [...lines, texts.wanted, texts.ends]);
  if (!beforeNotice(view, now)) return describe(texts.headline, [...lines, texts.tooLate], { callUs: true });
  return describe(texts.headline, [...lines, texts.howItWorks, texts.ends], { control: 'earlier' });
}

/**
 * Still waiting after an offer: when the next offer mail can come – at the earliest the
 * time the function answers (one a day at most), else as soon as a time frees.
 */
const stillWanted = (view: AppointmentActionView, w: ActionWords) =>
  view.earlier?.nextOfferFrom
    ? w.copy.earlier.stillWantedFrom(w.dates.formatInstantLong(new Date(view.earlier.nextOfferFrom)))
    : w.copy.earlier.stillWanted;

function describeOffer(view: AppointmentActionView, w: ActionWords): ViewDescription {
  const texts = w.copy.earlier;
  const offer = view.earlier?.offer ?? null;
  if (offer === null) return describe(texts.expiredHeadline, [texts.expired]);
  const offered = w.dates.formatDateTimeLong(offer.date, offer.time);
  switch (offer.status) {
    case 'open':
      return describe(texts.offerHeadline, [texts.offer(offered), texts.current(current(view, w)), texts.offerWhatHappens], { control: 'take-earlier' });
    case 'yours':
      return describe(texts.yoursHeadline, [texts.yours(offered)]);
    case 'taken':
      return describe(texts.takenHeadline, [texts.taken(offered), ...(view.earlier?.wanted ? [stillWanted(view, w)] : [])]);
    case 'expired':
      return describe(texts.expiredHeadline, [texts.expired]);
  }
}

function describeEnd(view: AppointmentActionView, w: ActionWords): ViewDescription {
  const texts = w.copy.earlier;
  if (!view.earlier?.wanted) return describe(texts.endedHeadline, [texts.ended]);
  return describe(texts.endHeadline, [texts.current(current(view, w)), texts.endWhatHappens], { control: 'end-earlier' });
}

/** Headline, explanation and the button for an earlier-time link, in the page's language. */
export function describeEarlier(view: AppointmentActionView & { action: EarlierAction }, now: number, language: Language): ViewDescription {
  const w = actionWords(language);
  const texts = w.copy.earlier;
  if (view.status !== 'confirmed' && view.action !== 'end-earlier') return describe(texts.headline, [texts.notConfirmed], { bookAgain: true });
  switch (view.action) {
    case 'earlier':
      return describeWish(view, now, w);
    case 'take-earlier':
      return describeOffer(view, w);
    case 'end-earlier':
      return describeEnd(view, w);
  }
}

/** Whether the request is in the state this link leads to, so a pending mail is its own: only a taken offer owes mails (the moved ones). */
export const earlierProducedByLink = (view: AppointmentActionView) => view.action === 'take-earlier' && view.earlier?.offer?.status === 'yours';

/** The notice after a successful press. */
export function earlierSuccessText(view: AppointmentActionView & { action: EarlierAction }, language: Language): string {
  const texts = actionWords(language).copy.earlier;
  switch (view.action) {
    case 'earlier':
      return texts.done;
    case 'take-earlier':
      return texts.took;
    case 'end-earlier':
      return texts.ended;
  }
}

/** The notice after a refused press: taken by someone else («leider schon vergeben»), or the appointment changed. */
export function earlierConflictText(view: AppointmentActionView, language: Language) {
  const texts = actionWords(language).copy.earlier;
  return view.earlier?.offer?.status === 'taken' ? texts.takenNotice : texts.conflictNotice;
}
