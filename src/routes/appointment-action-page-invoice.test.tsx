import { act as reactAct, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceTexts as copy } from '@/content/invoice';
import type { AppointmentActionView, InvoiceView } from '@domain/wire-types';
import { zurichIsoDate } from '@domain/dates';
import { makeView } from '@/test/appointment-action-view';
import { renderRoute } from '@/test/render-route';
import { httpError, invoke, resetSupabaseMock } from '@/test/supabase-mock';

// The page's boundary is the function client's: the tests decide what appointment-action
// answers (the page's view, the invoice buttons' presses, which are mutations of the
// feature's api) and see what is sent.
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));

const TOKEN = 'v1.Zm9v.YmFy';
type Answer = { data: unknown; error: Error | null };
let pressAnswer: Answer;
/** What the next invoice press is answered: a 200's body, or an error's status and body. */
const answerPress = (body: unknown, status = 200) => {
  pressAnswer = status === 200 ? { data: body, error: null } : { data: null, error: httpError(status, body) };
};
const isInvoicePress = (body: unknown) => String((body as { intent?: unknown }).intent).startsWith('invoice');
/** The invoice presses' bodies, in the order sent. */
const presses = () => invoke.mock.calls.map(([, options]) => options.body).filter(isInvoicePress);

/** Testing Library reads a no-break space as a space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const today = zurichIsoDate(0);
const tomorrow = zurichIsoDate(1);

async function openWith(invoicing: InvoiceView | undefined, view: Partial<AppointmentActionView> = {}) {
  const shown = makeView({ action: 'view', status: 'confirmed', ...view, ...(invoicing ? { invoicing } : {}) });
  invoke.mockImplementation(async (_name, { body }) => (isInvoicePress(body) ? pressAnswer : { data: { view: shown }, error: null }));
  window.history.replaceState(null, '', `/termin/aktion#${TOKEN}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await reactAct(async () => {
    opened = await renderRoute('/termin/aktion');
  });
  await screen.findByRole('heading', { level: 2, name: 'Die Anfrage im Überblick' });
  return opened!.user;
}

const issued = (state: 'unsent' | 'sent' | 'paid'): InvoiceView => ({
  from: today,
  priceRappen: 19000,
  invoice: {
    number: '2026-0007',
    issuedOn: today,
    amountRappen: 19000,
    state,
    sentAt: state === 'unsent' ? null : new Date().toISOString(),
    paidAt: state === 'paid' ? new Date().toISOString() : null,
  },
});

describe('the invoice on /termin/aktion', () => {
  beforeEach(() => {
    resetSupabaseMock();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('is not there without the invoice part (the visitor\'s links)', async () => {
    await openWith(undefined);
    expect(screen.queryByRole('heading', { name: copy.title })).toBeNull();
    expect(screen.queryByRole('button', { name: copy.send })).toBeNull();
  });

  it('before the appointment\'s day: «Rechnung senden» greyed, with the day it becomes possible; a press sends nothing', async () => {
    const user = await openWith({ from: tomorrow, priceRappen: 19000, invoice: null });
    const button = screen.getByRole('button', { name: copy.send });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(copy.notYet(tomorrow));
    await user.click(button);
    expect(presses()).toEqual([]);
  });

  it('from the day: one press sends it with the catalogue\'s amount, then the page shows number, date, amount and state', async () => {
    const user = await openWith({ from: today, priceRappen: 19000, invoice: null });
    expect(screen.getByText(spaced(copy.catalogueAmount(19000)))).toBeInTheDocument();
    answerPress({ result: 'issued', mail: 'sent', view: { invoicing: issued('sent') } });
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(presses()).toEqual([{ token: TOKEN, intent: 'invoice' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.sent('2026-0007'));
    expect(screen.getByText('2026-0007')).toBeInTheDocument();
    expect(screen.getByText('CHF 190.00')).toBeInTheDocument();
    expect(screen.getByText(copy.state.sent(today))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.sendAgain })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.markPaid })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.send })).toBeNull();
  });

  it('«Als bezahlt markieren» and «Rechnung erneut senden» send their intents; paid, the mark is gone', async () => {
    const user = await openWith(issued('sent'));
    answerPress({ result: 'paid', mail: 'none', view: { invoicing: issued('paid') } });
    await user.click(screen.getByRole('button', { name: copy.markPaid }));
    expect(presses().at(-1)).toEqual({ token: TOKEN, intent: 'invoice-paid' });
    expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.paid('2026-0007'));
    expect(screen.queryByRole('button', { name: copy.markPaid })).toBeNull();
    answerPress({ result: 'owed', mail: 'sent', view: { invoicing: issued('paid') } });
    await user.click(screen.getByRole('button', { name: copy.sendAgain }));
    expect(presses().at(-1)).toEqual({ token: TOKEN, intent: 'invoice-again' });
  });

  it('«Rechnung erneut senden» held back by its budget: the practice reads that nothing was sent and from when it can be sent again', async () => {
    // The page names the minute from the answer's seconds and its own clock: a clock that stands still.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T12:00:20.000Z`) });
    const user = await openWith(issued('sent'));
    const nextAt = `${today}T12:56:00.000Z`;
    answerPress({ error: 'limited', retryAfterSeconds: 3300, view: { invoicing: issued('sent') } }, 429);
    await user.click(screen.getByRole('button', { name: copy.sendAgain }));
    expect(presses().at(-1)).toEqual({ token: TOKEN, intent: 'invoice-again' });
    expect(await screen.findByRole('alert')).toHaveTextContent(spaced(copy.outcome.resentRecently('2026-0007', nextAt)));
    expect(screen.getByText(copy.state.sent(today))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.sendAgain })).toBeInTheDocument();

    answerPress({ error: 'limited', retryAfterSeconds: null, view: { invoicing: issued('sent') } }, 429);
    await user.click(screen.getByRole('button', { name: copy.sendAgain }));
    await expect.poll(() => screen.getByRole('alert').textContent).toBe(spaced(copy.outcome.resentTooOften('2026-0007')));
  });

  it('a service without a price: «Betrag (CHF)» is required and checked before sending; a valid amount is sent as typed', async () => {
    const user = await openWith({ from: today, priceRappen: null, invoice: null });
    const field = screen.getByLabelText(new RegExp(`^${copy.amount.label.replace(/[()]/g, '\\$&')}`));
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(copy.amount.missing));
    await user.type(field, '12.34');
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(copy.amount.invalid));
    expect(presses()).toEqual([]);
    await user.clear(field);
    await user.type(field, '240.50');
    answerPress({ result: 'issued', mail: 'sent', view: { invoicing: { ...issued('sent'), priceRappen: null } } });
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(presses()).toEqual([{ token: TOKEN, intent: 'invoice', amount: '240.50' }]);
  });

  it('a PDF that cannot be made: the practice reads that nothing was sent, and the invoice stays to send again', async () => {
    const user = await openWith({ from: today, priceRappen: 19000, invoice: null });
    answerPress({ error: 'invoice_failed', cause: 'invoice_pdf_failed', view: { invoicing: issued('unsent') } }, 502);
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.pdfFailed);
    expect(screen.getByText(copy.state.unsent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.sendAgain })).toBeInTheDocument();
  });
});
