/**
 * The pieces every e-mail is built from, German with Swiss spelling: the fields as text and
 * as an HTML table, the HTML document and its buttons, the signature, the marks a
 * practice mail can carry («[Prüfen]», «[Verspätet]»), a requested slot and a service with
 * its price. Every value is HTML-escaped here, so the templates cannot forget it. Pure: no
 * network, no environment.
 */
import { formatChf, serviceCatalog, type ServiceCatalogEntry } from '../domain/catalog.ts';
import { formatInstantLong, formatSlotLong, formatTime } from '../domain/dates.ts';
import { escapeHtml } from '../domain/html.ts';
import { practiceContact } from '../domain/practice.ts';
import type { OutgoingMail } from './types.ts';

/** The fixed parts of every mail: who receives the practice's copies. */
export interface MailSettings {
  practiceEmail: string;
}

export const NOT_GIVEN = 'nicht angegeben';

/** Subjects are one line whatever reaches them; validation already refuses line breaks. */
export function oneLine(value: string): string {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}


export function findService(label: string): ServiceCatalogEntry | undefined {
  return serviceCatalog.find((service) => service.label === label);
}

/** 'Schlafberatung – CHF 190.–' or 'Schlafberatung & Beratung zu Hause – Preis auf Anfrage'. */
export function serviceWithPrice(label: string): string {
  const service = findService(label);
  if (!service) return label;
  return `${label} – ${service.priceChf === null ? 'Preis auf Anfrage' : formatChf(service.priceChf)}`;
}

export type Field = { label: string; value: string; href?: string; multiline?: boolean };

export function textFields(fields: readonly Field[]): string {
  const width = Math.max(...fields.filter((f) => !f.multiline).map((f) => f.label.length)) + 2;
  return fields
    .map((field) =>
      field.multiline ? `\n${field.label}:\n${field.value.replace(/\r\n?/g, '\n')}` : `${`${field.label}:`.padEnd(width)}${field.value}`
    )
    .join('\n');
}

const CELL = 'padding:6px 12px 6px 0;vertical-align:top;text-align:left';

export function htmlFields(fields: readonly Field[]): string {
  const rows = fields
    .filter((field) => !field.multiline)
    .map((field) => {
      const value = field.href
        ? `<a href="${escapeHtml(field.href)}">${escapeHtml(field.value)}</a>`
        : escapeHtml(field.value);
      return `<tr><th scope="row" style="${CELL};font-weight:600;white-space:nowrap">${escapeHtml(field.label)}</th>` +
        `<td style="${CELL}">${value}</td></tr>`;
    })
    .join('\n');
  const blocks = fields
    .filter((field) => field.multiline)
    .map((field) =>
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(field.label)}</h2>\n` +
      `<div style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px">${escapeHtml(field.value)}</div>`
    )
    .join('\n');
  return `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>\n${blocks}`;
}

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="de-CH">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;margin:0;padding:16px;overflow-wrap:break-word">
${body}
</body>
</html>
`;
}

export const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;

const BUTTON_STYLES: Record<'primary' | 'secondary', string> = {
  primary: 'border:2px solid #1e3a5f;background:#1e3a5f;color:#ffffff',
  // The same shape, outlined: clearly a button, yet plainly not one of the actions.
  secondary: 'border:2px solid #1e3a5f;background:#ffffff;color:#1e3a5f',
};

/** A link drawn as a button (inline styles only: mail clients drop style sheets). `href` is escaped here. */
export function htmlButton(href: string, label: string, variant: 'primary' | 'secondary'): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;` +
    `${BUTTON_STYLES[variant]};font-weight:600;text-decoration:none">${escapeHtml(label)}</a>`;
}

/**
 * A practice mail the server has doubts about (the form was sent faster than a person
 * fills it in): delivered, never dropped, but marked in the subject and at the top, so
 * the practice decides. Nothing the visitor typed is added.
 */
export function markAsDoubtful(mail: OutgoingMail, reason: string): OutgoingMail {
  const note = `Bitte prüfen: ${reason}`;
  return {
    ...mail,
    subject: oneLine(`[Prüfen] ${mail.subject}`),
    text: `${note}\n\n${mail.text}`,
    html: mail.html.replace(/(<body[^>]*>\n)/, `$1<p style="margin:0 0 16px;padding:8px 12px;background:#fef3c7">${escapeHtml(note)}</p>\n`),
  };
}

/** The note at the top of a late practice mail (markAsDelayed): when the form's data came in. */
export const delayedNote = (receivedAt: Date) =>
  `Verspätet zugestellt: eingegangen am ${formatInstantLong(receivedAt)}; der E-Mail-Versand war bis jetzt gestört.`;

/**
 * A practice mail the outbox delivers late (after a mail outage or the daily cap): the
 * subject and the top say so, so that the practice knows why the 24 hours started earlier.
 */
export function markAsDelayed(mail: OutgoingMail, receivedAt: Date): OutgoingMail {
  const note = delayedNote(receivedAt);
  return {
    ...mail,
    subject: oneLine(`[Verspätet] ${mail.subject}`),
    text: `${note}\n\n${mail.text}`,
    html: mail.html.replace(/(<body[^>]*>\n)/, `$1<p style="margin:0 0 16px;padding:8px 12px;background:#e0f2fe">${escapeHtml(note)}</p>\n`),
  };
}

export const signatureLines = [
  'Freundliche Grüsse',
  practiceContact.name,
  practiceContact.address,
  `Telefon ${practiceContact.phone.display}`,
  practiceContact.email,
  practiceContact.website,
];

/** How a visitor reaches the practice about any automatic mail. */
export const REPLY_HINT = `Bei Fragen erreichen Sie uns unter ${practiceContact.phone.display} oder mit «Antworten» auf diese E-Mail.`;

export function htmlSignature(): string {
  return `<p style="margin:24px 0 0">${signatureLines.map(escapeHtml).join('<br>')}</p>`;
}


/** 'Freitag, 11. Dezember 2026, 09:30 Uhr', or the date with a note when no time was chosen. */
export function requestedSlot(date: string | null, time: string | null): string {
  if (date === null) return time === null ? 'keiner' : `${formatTime(time)} (ohne Datum)`;
  return formatSlotLong(date, time);
}

