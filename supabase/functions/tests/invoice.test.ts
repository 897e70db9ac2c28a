import assert from 'node:assert/strict';
import {
  creditorReference,
  formatInvoiceAmount,
  ibanRefusal,
  invoiceDueDate,
  invoiceFileName,
  isCreditorReference,
  parseInvoiceAmount,
} from '../_shared/domain/invoice.ts';
import { DEMO_IBAN, practiceBilling } from '../_shared/domain/practice.ts';

Deno.test('IBAN: the demo account and real CH/LI accounts pass; typos, other countries and QR-IBANs are refused', () => {
  assert.equal(ibanRefusal(DEMO_IBAN), null);
  assert.equal(ibanRefusal('CH93 0076 2011 6238 5295 7'), null, 'as printed, with spaces');
  assert.equal(ibanRefusal('li21 0881 0000 2324 013a a'), null, 'Liechtenstein, lower case');
  assert.equal(ibanRefusal('CH9300762011623852958'), 'check_digits');
  assert.equal(ibanRefusal('CH9300762011623852975'), 'check_digits', 'two digits swapped');
  assert.equal(ibanRefusal('DE89370400440532013000'), 'country');
  assert.equal(ibanRefusal('CH930076201162385295'), 'format', 'one digit short');
  assert.equal(ibanRefusal(''), 'format');
  assert.equal(ibanRefusal('CH4431999123000889012'), 'qr_iban', 'a QR-IBAN takes QR references, not RF');
  assert.equal(ibanRefusal(practiceBilling.iban), null);
});

Deno.test('creditor reference: ISO 11649 RF with MOD 97-10 check digits, derived from the invoice number', () => {
  assert.equal(isCreditorReference('RF18539007547034'), true, 'the standard\'s example');
  assert.equal(isCreditorReference('RF18 5390 0754 7034'), true);
  assert.equal(isCreditorReference('RF19539007547034'), false);
  const reference = creditorReference('2026-0001');
  assert.match(reference, /^RF[0-9]{2}20260001$/);
  assert.equal(isCreditorReference(reference), true);
  for (const number of ['2026-0002', '2026-0042', '2027-9999', '2030-0100']) {
    const ref = creditorReference(number);
    assert.equal(isCreditorReference(ref), true, ref);
    assert.equal(ref.slice(4), number.replace('-', ''));
  }
  assert.notEqual(creditorReference('2026-0001'), creditorReference('2026-0010'));
  assert.throws(() => creditorReference('26-1'));
});

Deno.test('amount typed in «Betrag (CHF)»: francs with up to two decimals in 5-Rappen steps, CHF 1.00 – 9\'999.95', () => {
  assert.equal(parseInvoiceAmount('190'), 19000);
  assert.equal(parseInvoiceAmount(' 190.00 '), 19000);
  assert.equal(parseInvoiceAmount('95,5'), 9550);
  assert.equal(parseInvoiceAmount("1'250.50"), 125050);
  assert.equal(parseInvoiceAmount('CHF 240.–'), 24000);
  assert.equal(parseInvoiceAmount('9999.95'), 999995);
  for (const refused of ['', 'abc', '0', '0.95', '12.34', '10000', '1.234', '-5', '1e3', "12'34"]) {
    assert.equal(parseInvoiceAmount(refused), null, refused);
  }
});

Deno.test('amount printed with the Rappen, the due date 30 days on, the file name', () => {
  assert.equal(formatInvoiceAmount(19000), 'CHF\u00a0190.00');
  assert.equal(formatInvoiceAmount(125050), "CHF\u00a01'250.50");
  assert.equal(invoiceDueDate('2026-12-11'), '2027-01-10');
  assert.equal(invoiceFileName('2026-0001'), 'rechnung-2026-0001.pdf');
});
