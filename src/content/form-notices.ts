/**
 * Texts the two forms share: the failure notice (docs/product.md §8), the label while
 * sending, and the privacy line under each submit button.
 */
export const sendFailedNotice = {
  title: 'Fehler beim Senden',
  description: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut oder kontaktieren Sie uns direkt.',
} as const;

export const sendingLabel = 'Wird gesendet...';

export const privacyNote = {
  text: 'Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. Mehr dazu in unserer',
  linkLabel: 'Datenschutzerklärung',
} as const;

export const noScriptNote =
  'Das Formular braucht JavaScript. Sie erreichen uns auch per Telefon oder E-Mail (siehe unten auf der Seite).';
