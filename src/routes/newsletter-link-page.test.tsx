import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsletterLinkPages, newsletterLinkProblems } from '@/content/newsletter';
import { sendLinkAction } from '@/features/newsletter/api/newsletter-api';
import { renderRoute } from '@/test/render-route';

// The page's boundary: the tests decide what the function answers and see what is sent.
vi.mock('@/features/newsletter/api/newsletter-api', () => ({ sendLinkAction: vi.fn() }));
const send = vi.mocked(sendLinkAction);

const TOKEN = 'v1.bmV3c2xldHRlcg.c2lnbmF0dXJl';

/** Opens a link from a newsletter e-mail: the token in the fragment. */
async function openLink(path: '/newsletter/bestaetigen' | '/newsletter/abmelden', token: string | null = TOKEN) {
  window.history.replaceState(null, '', `${path}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute(path);
  });
  return opened!.user;
}

beforeEach(() => {
  send.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

describe('the newsletter link pages', () => {
  it('confirm: sends nothing until the press, then names the outcome in the focused heading and the live region', async () => {
    const copy = newsletterLinkPages.confirm;
    const user = await openLink('/newsletter/bestaetigen');
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    send.mockResolvedValue('done');
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));

    const heading = await screen.findByRole('heading', { level: 1, name: copy.done.title });
    expect(send).toHaveBeenCalledExactlyOnceWith('confirm', TOKEN);
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.done.text);
    expect(screen.queryByRole('button', { name: copy.buttonLabel })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: newsletterLinkProblems.blogLinkLabel })).toHaveAttribute('href', '/blog#newsletter');
  });

  it('unsubscribe: a refused link says so; a failed call offers another try, and the focus is never lost', async () => {
    const copy = newsletterLinkPages.unsubscribe;
    const user = await openLink('/newsletter/abmelden');

    send.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));
    const failed = await screen.findByRole('heading', { level: 1, name: newsletterLinkProblems.failed.title });
    expect(failed).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(newsletterLinkProblems.failed.text);

    send.mockResolvedValueOnce('link_invalid');
    await user.click(screen.getByRole('button', { name: newsletterLinkProblems.retryLabel }));
    const invalid = await screen.findByRole('heading', { level: 1, name: copy.invalid.title });
    expect(invalid).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.invalid.text);
    expect(send.mock.calls).toEqual([
      ['unsubscribe', TOKEN],
      ['unsubscribe', TOKEN],
    ]);
  });

  it('a link without its token says what is missing, offers no button and takes no focus', async () => {
    await openLink('/newsletter/bestaetigen', null);
    const heading = await screen.findByRole('heading', { level: 1, name: newsletterLinkProblems.missing.title });
    expect(heading).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: newsletterLinkPages.confirm.buttonLabel })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
