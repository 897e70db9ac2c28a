/**
 * The pages the newsletter's e-mails link to: /newsletter/bestaetigen (the confirm link of
 * the double opt-in) and /newsletter/abmelden (the visible unsubscribe link of every
 * newsletter). Each shows what the link will do and does it when the visitor presses the
 * button: a mail scanner that opens links confirms or deletes nothing.
 */
import { localized } from './copy';
import * as newsletterEn from './en/newsletter';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '@domain/newsletter';
import { practice } from './practice';

interface LinkPageCopy {
  title: string;
  intro: string;
  buttonLabel: string;
  pendingLabel: string;
  done: { title: string; text: string };
  /** The function refused the link (410): expired, changed, or the address is gone. */
  invalid: { title: string; text: string };
}

export const newsletterLinkPages: { confirm: LinkPageCopy; unsubscribe: LinkPageCopy } = {
  confirm: {
    title: 'Newsletter bestätigen',
    intro: `Bestätigen Sie, dass Sie den Newsletter der ${practice.name} erhalten möchten: eine kurze E-Mail, sobald im Blog ein neuer Artikel erscheint.`,
    buttonLabel: 'Anmeldung bestätigen',
    pendingLabel: 'Wird bestätigt …',
    done: {
      title: 'Anmeldung bestätigt',
      text: 'Vielen Dank! Sie erhalten eine E-Mail, sobald ein neuer Artikel erscheint. Abmelden können Sie sich in jeder dieser E-Mails mit einem Klick.',
    },
    invalid: {
      title: 'Link nicht mehr gültig',
      text: `Dieser Link gilt nicht mehr: Ein Bestätigungslink gilt drei Tage, danach löschen wir die Adresse wieder. Melden Sie sich noch einmal an; eine neue Bestätigungs-E-Mail senden wir an dieselbe Adresse allerdings erst ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tage nach der letzten.`,
    },
  },
  unsubscribe: {
    title: 'Newsletter abbestellen',
    intro: 'Möchten Sie keinen Newsletter mehr erhalten? Mit einem Klick löschen wir Ihre Adresse aus unserem Verteiler.',
    buttonLabel: 'Newsletter abbestellen',
    pendingLabel: 'Wird abgemeldet …',
    done: {
      title: 'Sie sind abgemeldet',
      text: 'Wir haben Ihre Adresse gelöscht und senden Ihnen keinen Newsletter mehr.',
    },
    invalid: {
      title: 'Link ungültig',
      text: `Dieser Link ist unvollständig oder verändert. Öffnen Sie bitte den Link aus unserer E-Mail noch einmal, oder schreiben Sie uns an ${practice.email}: Wir tragen Sie dann aus.`,
    },
  },
};

/** What every state without a usable link says, on both pages. */
export const newsletterLinkProblems = {
  missing: {
    title: 'Link unvollständig',
    text: 'Diesem Link fehlt ein Teil. Öffnen Sie bitte den Link aus unserer E-Mail noch einmal, am besten durch Antippen oder Anklicken statt durch Kopieren.',
  },
  failed: {
    title: 'Das hat nicht geklappt',
    text: 'Wir konnten Ihre Anfrage gerade nicht verarbeiten. Bitte versuchen Sie es in einem Moment noch einmal.',
  },
  retryLabel: 'Noch einmal versuchen',
  blogLinkLabel: 'Zum Blog und zur Anmeldung',
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(newsletterCopy)`. */
export const newsletterCopy = localized({ newsletterLinkPages, newsletterLinkProblems }, newsletterEn);
