import assert from 'node:assert/strict';
import { invoiceFileName, invoiceSubject } from '../_shared/domain/invoice.ts';
import { INVOICE_PDF_FAILED, invoiceMail, sendInvoiceMail } from '../_shared/invoices/invoice-mail.ts';
import type { InvoiceMailClaim, InvoiceStore, StoredInvoice } from '../_shared/invoices/store.ts';
import { pressInvoice } from '../appointment-action/invoice-action.ts';
import { appointmentState, FakeMailer } from './helpers.ts';
import { SAMPLE_INVOICE } from './sample-invoice.ts';

/** The PDF tests' sample invoice, as the store answers it with its mail still owed. */
const INVOICE: StoredInvoice = {
  ...SAMPLE_INVOICE,
  appointment_id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b',
  appointment_request_id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b',
  paid_at: null,
  sent_at: null,
  mail_key: `invoice/${SAMPLE_INVOICE.number}/1`,
  mail_pending: true,
  language: 'de',
};
const TOKEN = '0b7c7f34-1d2e-4b43-9a8f-5f6e7d8c9b0a';

/** An invoice store whose one mail is claimable once, and a record of the claim's ends. */
function fakeInvoices(claim: InvoiceMailClaim = { status: 'claimed', mail: { invoice: INVOICE, email: 'anna@example.ch', claim: { token: TOKEN, takenAt: performance.now() } } }) {
  const finished: [string, string, string | undefined][] = [];
  const invoices: InvoiceStore = {
    issue: () => Promise.resolve({ result: 'issued', invoice: INVOICE }),
    resend: () => Promise.resolve({ result: 'owed', invoice: INVOICE }),
    markPaid: () => Promise.resolve({ result: 'paid', invoice: INVOICE }),
    of: () => Promise.resolve(INVOICE),
    claimMail: () => Promise.resolve(claim),
    claimDueMails: () => Promise.resolve([]),
    open: () => Promise.resolve([]),
  };
  const store = {
    finishMail: (token: string, outcome: 'sent' | 'failed' | 'dropped', cause?: string) => {
      finished.push([token, outcome, cause]);
      return Promise.resolve('finished' as const);
    },
  };
  return { invoices, store, finished };
}

const pdf = () => Promise.resolve(new TextEncoder().encode('%PDF-1.3 test'));

Deno.test('the invoice mail: its subject, the PDF attached as rechnung-<number>.pdf, its key', () => {
  const mail = invoiceMail(INVOICE, 'anna@example.ch', new TextEncoder().encode('%PDF'), { practiceEmail: 'praxis@example.ch' }, 'invoice/2026-0042/1');
  assert.equal(mail.subject, 'Rechnung 2026-0042 – Ruhepol Schlafberatung');
  assert.equal(mail.subject, invoiceSubject(INVOICE.number));
  assert.equal(mail.to, 'anna@example.ch');
  assert.equal(mail.idempotencyKey, 'invoice/2026-0042/1');
  assert.deepEqual(mail.attachments, [{ filename: invoiceFileName(INVOICE.number), content: btoa('%PDF'), encoding: 'base64', contentType: 'application/pdf' }]);
  assert.match(mail.text, /CHF\u00a0190\.00/);
  assert.doesNotMatch(mail.text, /undefined|null/);
});

Deno.test('sent once: the claimed mail goes out with its PDF and the claim ends as sent', async () => {
  const { invoices, store, finished } = fakeInvoices();
  const mailer = new FakeMailer();
  assert.equal(await sendInvoiceMail(invoices, store, mailer, 'invoice/2026-0042/1', { practiceEmail: 'praxis@example.ch' }, pdf), 'sent');
  assert.equal(mailer.sent.length, 1);
  assert.deepEqual(finished, [[TOKEN, 'sent', undefined]]);
  // Sent already (another press): nothing more.
  const again = fakeInvoices({ status: 'already_sent' });
  assert.equal(await sendInvoiceMail(again.invoices, again.store, mailer, 'invoice/2026-0042/1', { practiceEmail: 'praxis@example.ch' }, pdf), 'already_sent');
  assert.equal(mailer.attempts, 1);
});

Deno.test('a PDF that cannot be made sends nothing: the claim is released with its cause, and the page answers 502 invoice_failed', async () => {
  const { invoices, store, finished } = fakeInvoices();
  const mailer = new FakeMailer();
  const broken = () => Promise.reject(new Error('ValidationError'));
  assert.deepEqual(await sendInvoiceMail(invoices, store, mailer, 'invoice/2026-0042/1', { practiceEmail: 'praxis@example.ch' }, broken), { failed: INVOICE_PDF_FAILED });
  assert.equal(mailer.attempts, 0);
  assert.deepEqual(finished, [[TOKEN, 'failed', INVOICE_PDF_FAILED]]);

  const answers: [number, Record<string, unknown>][] = [];
  const request = appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber' });
  const response = await pressInvoice({
    answer: (status, body) => {
      answers.push([status, body]);
      return new Response(JSON.stringify(body), { status });
    },
    store: store as never,
    mailer,
    invoices: fakeInvoices().invoices,
    mail: { practiceEmail: 'praxis@example.ch' },
    now: new Date('2026-12-11T12:00:00Z'),
    action: 'practice',
    request,
    intent: 'invoice',
    amount: undefined,
    view: (invoicing) => ({ invoicing: invoicing as never }),
    render: broken,
  });
  assert.equal(response.status, 502);
  assert.equal(answers[0]![1].error, 'invoice_failed');
  assert.equal(answers[0]![1].cause, INVOICE_PDF_FAILED);
  assert.equal(mailer.attempts, 0);
});

Deno.test('a failed send releases the claim with the transport\'s cause', async () => {
  const { invoices, store, finished } = fakeInvoices();
  const mailer = new FakeMailer();
  mailer.fail = 'all';
  assert.deepEqual(await sendInvoiceMail(invoices, store, mailer, 'invoice/2026-0042/1', { practiceEmail: 'praxis@example.ch' }, pdf), { failed: 'smtp_ECONNREFUSED' });
  assert.deepEqual(finished, [[TOKEN, 'failed', 'smtp_ECONNREFUSED']]);
});
