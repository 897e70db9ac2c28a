import { act as reactAct, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceTexts as copy } from '@/content/invoice';
import type { AppointmentActionView, InvoiceView } from '@domain/wire-types';
import { zurichIsoDate } from '@domain/dates';
import { showAppointment } from '@/features/appointment-action/api/action-api';
import { pressInvoiceButton } from '@/features/invoice/api/invoice-api';
import { makeView } from '@/test/appointment-action-view';
import { renderRoute } from '@/test/render-route';
import { resetSupabaseMock } from '@/test/supabase-mock';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/appointment-action/api/action-api', async (original) => ({
  ...(await original<typeof import('@/features/appointment-action/api/action-api')>()),
  showAppointment: vi.fn(),
  actOnAppointment: vi.fn(),
}));
vi.mock('@/features/invoice/api/invoice-api', async (original) => ({
  ...(await original<typeof import('@/features/invoice/api/invoice-api')>()),
  pressInvoiceButton: vi.fn(),
}));
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
const show = vi.mocked(showAppointment);
const press = vi.mocked(pressInvoiceButton);

/** Testing Library reads a no-break space as a space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const today = zurichIsoDate(0);
const tomorrow = zurichIsoDate(1);

async function openWith(invoicing: InvoiceView | undefined, view: Partial<AppointmentActionView> = {}) {
  show.mockResolvedValue({ kind: 'view', view: makeView({ action: 'view', status: 'confirmed', ...view, ...(invoicing ? { invoicing } : {}) }) });
  window.history.replaceState(null, '', '/termin/aktion#v1.Zm9v.YmFy');
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
    show.mockReset();
    press.mockReset();
    resetSupabaseMock();
    window.sessionStorage.clear();
  });

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
    expect(press).not.toHaveBeenCalled();
  });

  it('from the day: one press sends it with the catalogue\'s amount, then the page shows number, date, amount and state', async () => {
    const user = await openWith({ from: today, priceRappen: 19000, invoice: null });
    expect(screen.getByText(spaced(copy.catalogueAmount(19000)))).toBeInTheDocument();
    press.mockResolvedValue({ kind: 'done', result: 'issued', mail: 'sent', invoicing: issued('sent') });
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(press).toHaveBeenCalledTimes(1);
    expect(press).toHaveBeenCalledWith(expect.any(String), 'invoice', undefined);
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
    press.mockResolvedValue({ kind: 'done', result: 'paid', mail: 'none', invoicing: issued('paid') });
    await user.click(screen.getByRole('button', { name: copy.markPaid }));
    expect(press).toHaveBeenLastCalledWith(expect.any(String), 'invoice-paid', undefined);
    expect(await screen.findByRole('status')).toHaveTextContent(copy.outcome.paid('2026-0007'));
    expect(screen.queryByRole('button', { name: copy.markPaid })).toBeNull();
    press.mockResolvedValue({ kind: 'done', result: 'owed', mail: 'sent', invoicing: issued('paid') });
    await user.click(screen.getByRole('button', { name: copy.sendAgain }));
    expect(press).toHaveBeenLastCalledWith(expect.any(String), 'invoice-again', undefined);
  });

  it('«Rechnung erneut senden» held back by its budget: the practice reads that nothing was sent and from when it can be sent again', async () => {
    const user = await openWith(issued('sent'));
    const nextAt = '2026-11-27T13:05:00.000Z';
    press.mockResolvedValue({ kind: 'limited', nextAt, invoicing: issued('sent') });
    await user.click(screen.getByRole('button', { name: copy.sendAgain }));
    expect(press).toHaveBeenLastCalledWith(expect.any(String), 'invoice-again', undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(spaced(copy.outcome.resentRecently('2026-0007', nextAt)));
    expect(screen.getByText(copy.state.sent(today))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.sendAgain })).toBeInTheDocument();

    press.mockResolvedValue({ kind: 'limited', nextAt: null, invoicing: issued('sent') });
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
    expect(press).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '240.50');
    press.mockResolvedValue({ kind: 'done', result: 'issued', mail: 'sent', invoicing: { ...issued('sent'), priceRappen: null } });
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(press).toHaveBeenCalledWith(expect.any(String), 'invoice', '240.50');
  });

  it('a PDF that cannot be made: the practice reads that nothing was sent, and the invoice stays to send again', async () => {
    const user = await openWith({ from: today, priceRappen: 19000, invoice: null });
    press.mockResolvedValue({ kind: 'invoice_failed', cause: 'invoice_pdf_failed', invoicing: issued('unsent') });
    await user.click(screen.getByRole('button', { name: copy.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.outcome.pdfFailed);
    expect(screen.getByText(copy.state.unsent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.sendAgain })).toBeInTheDocument();
  });
});
