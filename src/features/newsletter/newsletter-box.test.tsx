import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogPage as blogPageDe } from '@/content/blog';
import { blogPage } from '@/content/en/blog';
import { emailSuggestionTexts } from '@/content/en/email-suggestion';
import { fieldProblemTexts, sendFailedNotice, sendingLabel } from '@/content/en/form-notices';
import { emailSuggestionTexts as emailSuggestionTextsDe } from '@/content/email-suggestion';
import { sendFailedNotice as sendFailedNoticeDe } from '@/content/form-notices';
import { resetFormProofMock } from '@/test/form-proof-mock';
import { renderRoute } from '@/test/render-route';
import { httpError, invoke, resetSupabaseMock } from '@/test/supabase-mock';

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

/**
 * The newsletter box on an English page (/en/blog; the German box's tests are the blog
 * page's): the blog's English copy, and the box's own texts, messages and link in English.
 */
const copy = blogPage.newsletter;
const section = () => screen.getByRole('region', { name: copy.title });
const input = () => within(section()).getByLabelText(copy.inputLabel) as HTMLInputElement;
const button = () => within(section()).getByRole('button', { name: new RegExp(`${copy.buttonLabel}|${sendingLabel.replace(/\./g, '\\.')}`) });

/** Characteristic German texts of the box, none of which an English page shows. */
const germanTexts = [blogPageDe.newsletter.text, blogPageDe.newsletter.privacyNote.text, blogPageDe.newsletter.inputLabel, sendFailedNoticeDe.title];
function expectNoGerman() {
  const text = document.body.textContent ?? '';
  for (const german of germanTexts) expect(text).not.toContain(german);
}

describe('the newsletter box in English', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows its English texts and links the English privacy notice', async () => {
    await renderRoute('/en/blog');
    expect(within(section()).getByText(copy.text)).toBeInTheDocument();
    expect(input()).toHaveAttribute('placeholder', copy.placeholder);
    expect(button()).toHaveTextContent(copy.buttonLabel);
    expect(within(section()).getByRole('link', { name: copy.privacyNote.linkLabel })).toHaveAttribute('href', '/en/privacy#newsletter');
    expectNoGerman();
  });

  it('refuses an address in English, offers the address meant in English, and sends with the English notice', async () => {
    const { user } = await renderRoute('/en/blog');
    await user.type(input(), 'anna@localhost');
    await user.click(button());
    expect(input().validationMessage).toBe(fieldProblemTexts.notAnEmail);
    expect(invoke).not.toHaveBeenCalled();

    await user.clear(input());
    await user.type(input(), 'beat@bluewin.con');
    await user.tab();
    expect(within(section()).getByText(emailSuggestionTexts.question('beat@bluewin.ch'))).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(emailSuggestionTextsDe.question('beat@bluewin.ch'));
    await user.click(within(section()).getByRole('button', { name: emailSuggestionTexts.take }));
    expect(input()).toHaveValue('beat@bluewin.ch');

    await user.click(button());
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(copy.successNotice.title)).toBeInTheDocument();
    expectNoGerman();
  });

  it('keeps the address and shows the English failure notice when the function fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    invoke.mockResolvedValue({ data: null, error: httpError(502) });
    const { user } = await renderRoute('/en/blog');
    await user.type(input(), 'anna@example.ch');
    await user.click(button());
    expect(await screen.findByText(sendFailedNotice.title)).toBeInTheDocument();
    expect(screen.getByText(sendFailedNotice.description)).toBeInTheDocument();
    expect(input()).toHaveValue('anna@example.ch');
    expectNoGerman();
  });
});
