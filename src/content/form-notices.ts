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

/**
 * What a field says when its value would be refused by the form's function (the same
 * field schemas, @contract/schemas): shown by the browser next to the field, like its
 * own "please fill in" message, before anything is sent.
 */
export const fieldProblemTexts = {
  blank: 'Bitte füllen Sie dieses Feld aus.',
  tooLong: (maxLength: number) => `Bitte kürzen Sie den Text auf höchstens ${maxLength} Zeichen.`,
  notAnEmail: 'Bitte geben Sie eine vollständige E-Mail-Adresse ein, z. B. name@beispiel.ch.',
  invisibleCharacters: 'Dieses Feld enthält unsichtbare Steuer- oder Formatzeichen. Bitte tippen Sie den Text neu ein.',
} as const;
