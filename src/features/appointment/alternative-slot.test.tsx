import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slotFieldTexts } from '@/content/appointment';
import { bookableDay } from '@/test/booking-days';
import { renderRoute } from '@/test/render-route';
import { insert, invoke, resetSupabaseMock } from '@/test/supabase-mock';
import { resetFormProofMock } from '@/test/form-proof-mock';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/**
 * An alternative time needs its day: the database and the function refuse a time without
 * one, so the form says so at the date field before anything is sent.
 */
const field = (label: string) => screen.getAllByLabelText(new RegExp(`^${label}\\*?$`))[0] as HTMLInputElement | HTMLSelectElement;
const fieldset = (legend: string) => screen.getByRole('group', { name: legend });

describe('the Alternativtermin', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the date when only a time is chosen, and sends nothing', async () => {
    const { user } = await renderRoute('/termin-vereinbaren');
    await user.type(field('Vorname'), 'Beat');
    await user.type(field('Nachname'), 'Keller');
    await user.type(field('E-Mail'), 'beat.keller@example.ch');
    await user.type(field('Telefon'), '+41 79 555 12 34');
    await user.selectOptions(field('Leistung'), 'follow-up');
    await user.type(within(fieldset('Wunschtermin')).getByLabelText(/^Datum/), bookableDay(10));
    const alternative = within(fieldset('Alternativtermin'));
    await user.selectOptions(alternative.getByLabelText('Uhrzeit'), '18:00');
    const date = alternative.getByLabelText(/^Datum/) as HTMLInputElement;
    await waitFor(() => expect(date.validationMessage).toBe(slotFieldTexts.timeWithoutDate));

    await user.click(screen.getByRole('button', { name: /Termin anfragen/ }));
    expect(insert).not.toHaveBeenCalled();
    expect(invoke).not.toHaveBeenCalled();

    // With the day, or without the time, it is fine.
    await user.type(date, bookableDay(12));
    await waitFor(() => expect(date.validationMessage).toBe(''));
  });
});
