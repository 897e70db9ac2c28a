/**
 * The invoice as a PDF: one A4 page with the practice's name and address, the visitor's
 * name, the invoice's number and date, the appointment (day, time, service, length,
 * advisor), the amount and the payment term, and at the bottom the payment part with the
 * receipt (Zahlteil, Empfangsschein) of the Swiss QR bill (Swiss Payment Standards,
 * implementation guidelines QR-bill 2.3). The QR code and the payment part are
 * `swissqrbill`'s, the PDF is PDFKit's: nothing here encodes either. Made from the stored
 * invoice whenever it is mailed or fetched again, so it is never stored; the same invoice
 * gives the same page. What goes into the QR bill – the IBAN, the amount, the RF reference
 * derived from the number, the number as the additional information – is qrBillData's.
 *
 * The visitor's name is the one text on the page that the practice did not write. It is
 * printed in an embedded Noto Sans subset (./name-font.ts, made by `npm run fonts` from the
 * characters the name rule accepts: Latin, Greek, Cyrillic), not in the standard Helvetica,
 * whose WinAnsi encoding has no Greek or Cyrillic and most of Latin Extended (a PDF drew
 * «Ὀδυσσεύς» as «H;CÃ…»). The rule refuses the scripts this font cannot set right
 * (domain/field-rules.ts NAME_OTHER_SCRIPT). Everything else stays in Helvetica: the
 * practice's own texts are German or English (WinAnsi has both), and a standard font costs
 * no bytes and no parsing.
 *
 * The page is in the invoice's language (./invoice-texts.ts): its texts, dates and the
 * service's name, and the payment part's labels (swissqrbill's 'DE' or 'EN', the standard's
 * own forms); amounts stay CHF, the QR code's data the same but for the additional
 * information's word («Rechnung» / «Invoice»).
 */
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { creditorReference, formatInvoiceAmount, invoiceDueDate, normalizeIban } from '../domain/invoice.ts';
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages.ts';
import { addressLine, advisorName, type InvoiceCreditor, practiceBilling, practiceContact } from '../domain/practice.ts';
import { DATE_FORMATS, mailLayout } from '../mail/layout-en.ts';
import { INVOICE_TEXTS, QR_BILL_LANGUAGES } from './invoice-texts.ts';
import { NAME_FONT_TRUETYPE_BASE64 } from './name-font.ts';
import type { StoredInvoice } from './store.ts';

/** What an invoice PDF is made from: the stored invoice's fields it prints, and its language (German when absent). */
export type InvoiceContent =
  & Pick<
    StoredInvoice,
    'number' | 'first_name' | 'last_name' | 'service' | 'appointment_date' | 'appointment_time' | 'minutes' | 'advisor' | 'amount_rappen' | 'issued_on'
  >
  & { language?: Language };

const languageOf = (invoice: { language?: Language }): Language => invoice.language ?? DEFAULT_LANGUAGE;

/** The texts the page prints in German (every language's: INVOICE_TEXTS[language].pdf; the payment part's own are the library's). */
export const invoiceTexts = INVOICE_TEXTS.de.pdf;

/**
 * What the QR bill's fields may hold: SIX's extended Latin set (Swiss Implementation
 * Guidelines QR-bill 2.3, character set; in force for QR bills since 21 November 2025) –
 * Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €. swissqrbill checks lengths,
 * not characters: a text outside the set would go into the QR code as it is and be refused
 * by the payer's bank.
 */
export const QR_BILL_CHARACTERS = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/u;

/**
 * The QR bill's data (swissqrbill's Data) for `invoice`, paid to `creditor`. No debtor: the
 * bill's «Zahlbar durch» is optional (the payer's bank fills it in, or the payer by hand in
 * the empty box the library draws), and one would need the visitor's postal address, which
 * the site does not ask for (a debtor is a structured address: name, postal code, town,
 * country). So none of the visitor's text goes into the QR code, and a name in Greek or
 * Cyrillic needs no transliteration there. Throws when a text is outside QR_BILL_CHARACTERS
 * (the practice's own data: a name or street mistyped in domain/practice.ts).
 */
export function qrBillData(invoice: InvoiceContent, creditor: InvoiceCreditor = practiceBilling) {
  const data = {
    currency: 'CHF' as const,
    amount: invoice.amount_rappen / 100,
    reference: creditorReference(invoice.number),
    message: INVOICE_TEXTS[languageOf(invoice)].pdf.additionalInformation(invoice.number),
    creditor: {
      account: normalizeIban(creditor.iban),
      name: creditor.name,
      address: creditor.street,
      buildingNumber: creditor.buildingNumber,
      zip: creditor.postalCode,
      city: creditor.locality,
      country: creditor.country,
    },
  };
  for (const text of [data.reference, data.message, ...Object.values(data.creditor)]) {
    if (!QR_BILL_CHARACTERS.test(text)) throw new Error(`Not in the QR bill's character set: «${text}»`);
  }
  return data;
}

const MM = 72 / 25.4;
const LEFT = 25 * MM;
const WIDTH = 210 * MM - 2 * LEFT;
/** Where the title («Rechnung <number>») starts. */
export const TITLE_Y = 75 * MM;
/**
 * The recipient's field (the name, as in a letter's address window): 65 mm wide, from 50 mm
 * down to 3 mm above the title. Whatever the name, it is printed inside it.
 */
export const NAME_BOX = { x: 120 * MM, y: 50 * MM, width: 65 * MM, height: 22 * MM } as const;
/**
 * The name's font sizes: the full 11 pt for any usual name, smaller in half points for a long
 * one. The smallest is what the forms' longest name in the widest letter needs (201
 * characters, supabase/functions/tests/invoice-pdf.test.ts tries them).
 */
export const NAME_SIZES = { largest: 11, smallest: 5, step: 0.5 } as const;
/** Below this size a long name is broken between any two letters rather than shrunk further. */
const BREAK_ANYWHERE_BELOW = 8;
/** The family the name font is registered under in each document. */
export const NAME_FONT = 'InvoiceName';

let nameFontBytes: { marks: Uint8Array; plain: Uint8Array } | undefined;
/**
 * The name font's TrueType bytes (about 140 KB), decoded once per isolate, in two forms:
 * as made (`marks`), and with its glyph positioning table (GPOS) hidden by renaming its tag
 * in the table directory (`plain`), so that fontkit never reads it. The table only places
 * combining marks on their letters, which a name without a mark left after NFC never
 * needs – nearly every name –, and fontkit parses it anew for each document: about 40 ms of
 * CPU per PDF. The bytes are otherwise the same, and pdfkit embeds a subset of its own
 * making (glyphs, metrics, no layout tables) either way.
 */
function nameFonts(): { marks: Uint8Array; plain: Uint8Array } {
  if (nameFontBytes === undefined) {
    const binary = atob(NAME_FONT_TRUETYPE_BASE64);
    const marks = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) marks[i] = binary.charCodeAt(i);
    const plain = marks.slice();
    const view = new DataView(plain.buffer);
    // The sfnt table directory: 12 bytes of header (the table count at offset 4), then 16 bytes a table, the tag first.
    for (let i = 0, tables = view.getUint16(4); i < tables; i++) {
      const at = 12 + 16 * i;
      if (String.fromCharCode(...plain.subarray(at, at + 4)) === 'GPOS') plain.set([0x78, 0x50, 0x4f, 0x53], at); // 'xPOS'
    }
    nameFontBytes = { marks, plain };
  }
  return nameFontBytes;
}

/** A combining mark: what needs the font's mark positioning. */
const COMBINING_MARK = /\p{M}/u;

/**
 * Registers the name font with `doc` as NAME_FONT (pdfkit embeds only the glyphs the page
 * uses): with mark positioning where `name` holds a combining mark, without otherwise.
 */
// deno-lint-ignore no-explicit-any -- pdfkit ships no types
export function registerNameFont(doc: any, name = ''): void {
  const fonts = nameFonts();
  doc.registerFont(NAME_FONT, COMBINING_MARK.test(name) ? fonts.marks : fonts.plain);
}

/** The name as printed: first and last name, composed (NFC), so «Zoe\u0308» prints as the one letter «ë» it reads as. */
export function recipientName(invoice: Pick<InvoiceContent, 'first_name' | 'last_name'>): string {
  return `${invoice.first_name} ${invoice.last_name}`.normalize('NFC');
}

/** A letter with the marks on it: never split across lines. */
const GRAPHEME = /\P{M}\p{M}*|\p{M}+/gu;

/**
 * The name's lines at the current size when each may be `width` wide. By words (breaking
 * at spaces and after hyphens) where `anywhere` is false, a word longer than a line broken
 * between letters; between any two letters where it is true. Widths are the font's, in
 * points, measured piece by piece.
 */
function wrapName(name: string, width: number, measure: (text: string) => number, anywhere: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const newLine = () => {
    if (line !== '') lines.push(line);
    line = '';
    used = 0;
  };
  const letters = (text: string) => {
    for (const letter of text.match(GRAPHEME) ?? []) {
      const w = measure(letter);
      if (line !== '' && used + w > width) newLine();
      line += letter;
      used += w;
    }
  };
  const space = measure(' ');
  for (const [i, word] of name.split(/ +/).entries()) {
    // A space where a line breaks is not printed.
    if (i > 0 && line !== '') {
      if (used + space <= width) {
        line += ' ';
        used += space;
      } else newLine();
    }
    if (anywhere) {
      letters(word);
      continue;
    }
    for (const piece of word.split(/(?<=[-\u2010])(?=.)/u)) {
      const w = measure(piece);
      if (used + w <= width) {
        line += piece;
        used += w;
        continue;
      }
      if (line.trimEnd() !== '') {
        line = line.trimEnd();
        newLine();
      } else line = '';
      if (w <= width) {
        line = piece;
        used = w;
      } else letters(piece);
    }
  }
  line = line.trimEnd();
  newLine();
  return lines;
}

/** The name's size and lines in NAME_BOX. */
export interface NameLayout {
  size: number;
  lines: string[];
}

/**
 * Lays the name out in NAME_BOX: the largest size of NAME_SIZES at which its lines fit the
 * box's height, by words; below BREAK_ANYWHERE_BELOW also between any two letters, which
 * fills lines that long words would leave half empty. Leaves `doc` at the name font.
 */
// deno-lint-ignore no-explicit-any -- pdfkit ships no types
export function layoutName(doc: any, name: string): NameLayout {
  doc.font(NAME_FONT);
  // Widths scale with the size: each piece is measured once, at 1000 pt.
  const unit = new Map<string, number>();
  const unitWidth = (text: string) => {
    let width = unit.get(text);
    if (width === undefined) {
      doc.fontSize(1000);
      width = doc.widthOfString(text) / 1000;
      unit.set(text, width);
    }
    return width;
  };
  // A line measured piece by piece leaves out the kerning between pieces: 1 % to spare for it.
  const width = NAME_BOX.width * 0.99;
  let layout: NameLayout | undefined;
  for (let size = NAME_SIZES.largest; size >= NAME_SIZES.smallest && layout === undefined; size -= NAME_SIZES.step) {
    doc.fontSize(size);
    const lineHeight = doc.currentLineHeight(true);
    const fits = (lines: string[]) => lines.length * lineHeight <= NAME_BOX.height;
    const measure = (text: string) => unitWidth(text) * size;
    const byWords = wrapName(name, width, measure, false);
    if (fits(byWords)) layout = { size, lines: byWords };
    else if (size < BREAK_ANYWHERE_BELOW) {
      const anywhere = wrapName(name, width, measure, true);
      if (fits(anywhere)) layout = { size, lines: anywhere };
    }
  }
  // Only a name longer than the forms take gets here: the smallest size, lines as they fall.
  layout ??= { size: NAME_SIZES.smallest, lines: wrapName(name, width, (text) => unitWidth(text) * NAME_SIZES.smallest, true) };
  doc.fontSize(layout.size);
  return layout;
}

/** The invoice's PDF bytes. Throws when the data is not a valid QR bill (swissqrbill's ValidationError). */
export function invoicePdf(invoice: InvoiceContent, creditor: InvoiceCreditor = practiceBilling): Promise<Uint8Array> {
  const language = languageOf(invoice);
  const texts = INVOICE_TEXTS[language].pdf;
  const { formatDateLong, formatDateShort } = DATE_FORMATS[language];
  // Validated first: a bill that cannot be made throws before any page is written.
  const bill = new SwissQRBill(qrBillData(invoice, creditor), { language: QR_BILL_LANGUAGES[language] });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: texts.title(invoice.number), Author: practiceContact.name, Subject: texts.title(invoice.number) },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(bytes);
    });
  });

  // The sender: the practice's name, its registered address, how to reach it.
  doc.font('Helvetica-Bold').fontSize(14).text(practiceContact.name, LEFT, 20 * MM);
  doc.font('Helvetica').fontSize(9).fillColor('#333333')
    .text(`${creditor.street} ${creditor.buildingNumber}, ${creditor.postalCode} ${creditor.locality}`)
    .text(texts.practice(addressLine(practiceContact.practiceAddress)))
    .text(`${practiceContact.phone.display} · ${practiceContact.email}`)
    .text(practiceContact.website.replace(/^https:\/\//, ''));

  // The recipient: the name (the site asks for no postal address), in the name font, inside its box.
  const recipient = recipientName(invoice);
  registerNameFont(doc, recipient);
  doc.fillColor('black');
  const name = layoutName(doc, recipient);
  name.lines.forEach((line, i) => {
    doc.text(line, NAME_BOX.x, NAME_BOX.y + i * doc.currentLineHeight(true), { lineBreak: false });
  });

  doc.font('Helvetica-Bold').fontSize(18).text(texts.title(invoice.number), LEFT, TITLE_Y);
  const row = (label: string, value: string, y: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5);
    doc.text(label, LEFT, y, { width: 45 * MM });
    doc.text(value, LEFT + 45 * MM, y, { width: WIDTH - 45 * MM });
  };
  let y = 88 * MM;
  row(texts.date, formatDateShort(invoice.issued_on), y);
  row(texts.due, formatDateShort(invoiceDueDate(invoice.issued_on)), (y += 6 * MM));

  y += 14 * MM;
  doc.moveTo(LEFT, y - 3 * MM).lineTo(LEFT + WIDTH, y - 3 * MM).lineWidth(0.5).strokeColor('#999999').stroke();
  row(texts.appointment, INVOICE_TEXTS[language].appointment(formatDateLong(invoice.appointment_date), invoice.appointment_time), y);
  row(texts.service, `${mailLayout(language).serviceName(invoice.service)} (${texts.minutes(invoice.minutes)})`, (y += 6 * MM));
  if (invoice.advisor !== null) row(texts.advisor, advisorName(invoice.advisor), (y += 6 * MM));
  row(texts.amount, formatInvoiceAmount(invoice.amount_rappen), (y += 6 * MM));
  y += 9 * MM;
  doc.moveTo(LEFT, y - 3 * MM).lineTo(LEFT + WIDTH, y - 3 * MM).stroke();
  row(texts.total, formatInvoiceAmount(invoice.amount_rappen), y, true);

  doc.font('Helvetica').fontSize(10).text(texts.term, LEFT, y + 14 * MM, { width: WIDTH });

  // The payment part with the receipt, at the bottom of this page (105 mm high, full width).
  bill.attachTo(doc);
  doc.end();
  return done;
}
