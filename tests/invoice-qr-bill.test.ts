// @vitest-environment node
/**
 * The invoice's PDF read by tools no one here wrote: the function's code makes it under
 * Deno (supabase/functions/tests/render-invoice-pdf.ts), poppler's `pdfinfo` says it is one
 * A4 page, `pdftoppm` renders it at 300 dpi and zxing-cpp's `ZXingReader` reads the QR code,
 * whose payload must be a valid Swiss QR bill (implementation guidelines 2.3: SPC, 0200,
 * coding 1, the IBAN, the creditor, the amount, CHF, SCOR and an RF reference with valid
 * check digits derived from the number, the number as the additional information, EPD),
 * placed in the payment part at the bottom of the page. Without the Debian packages
 * (poppler-utils, zxing-cpp-tools) the suite is skipped, and fails under CI=true (.ci/run
 * installs them).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditorReference, isCreditorReference } from '../supabase/functions/_shared/domain/invoice.ts';
import { practiceBilling } from '../supabase/functions/_shared/domain/practice.ts';
import { SAMPLE_INVOICE } from '../supabase/functions/tests/sample-invoice.ts';
import { pdfTools, renderInvoice, run } from './support/pdf-tools.ts';

const { tools, describeWithTools } = pdfTools(['pdfinfo', 'pdftoppm', 'ZXingReader']);

const invoice = SAMPLE_INVOICE;

describeWithTools('the invoice PDF’s QR bill, read by ZXingReader', () => {
  let dir: string;
  let info: string;
  let decoded: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'invoice-qr-'));
    const pdf = path.join(dir, 'rechnung.pdf');
    writeFileSync(pdf, await renderInvoice(invoice));
    info = (await run(tools.pdfinfo, [pdf])).stdout;
    await run(tools.pdftoppm, ['-r', '300', '-png', '-singlefile', pdf, path.join(dir, 'page')]);
    decoded = (await run(tools.ZXingReader, [path.join(dir, 'page.png')])).stdout;
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is one A4 page', () => {
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });

  it('carries a valid Swiss QR bill: SPC 0200, the IBAN, the amount, SCOR with the RF reference, the number, EPD', () => {
    expect(decoded).toMatch(/^Format:\s+QRCode$/m);
    const text = /^Text:\s+"([\s\S]*?)"$/m.exec(decoded)?.[1];
    expect(text, decoded).toBeDefined();
    const lines = text!.split('\n');
    // The guidelines' 31 elements (Trailer EPD included), one a line, no alternative schemes.
    expect(lines).toHaveLength(31);
    expect(lines.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(lines[3]).toBe(practiceBilling.iban);
    // Creditor, structured address (S): name, street, number, postal code, town, country.
    expect(lines.slice(4, 11)).toEqual([
      'S', practiceBilling.name, practiceBilling.street, practiceBilling.buildingNumber, practiceBilling.postalCode, practiceBilling.locality, 'CH',
    ]);
    // No ultimate creditor (7 empty), the amount and currency.
    expect(lines.slice(11, 18)).toEqual(['', '', '', '', '', '', '']);
    expect(lines.slice(18, 20)).toEqual(['190.00', 'CHF']);
    // No debtor (the site asks for no postal address): 7 empty.
    expect(lines.slice(20, 27)).toEqual(['', '', '', '', '', '', '']);
    expect(lines[27]).toBe('SCOR');
    expect(lines[28]).toBe(creditorReference(invoice.number));
    expect(isCreditorReference(lines[28]!)).toBe(true);
    expect(lines[28]!.endsWith('20260042')).toBe(true);
    expect(lines[29]).toContain(invoice.number);
    expect(lines[30]).toBe('EPD');
  });

  it('sits in the payment part at the bottom of the page', () => {
    // 300 dpi: the page is 2480 × 3508 pixels; the payment part is its lowest 105 mm (1240 px).
    const corners = /^Position:\s+(.*)$/m.exec(decoded)![1]!.trim().split(/\s+/).map((point) => point.split('x').map(Number) as [number, number]);
    for (const [, y] of corners) expect(y).toBeGreaterThan(3508 - 1240);
  });
});
