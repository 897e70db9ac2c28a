import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsletterLinkPages, newsletterLinkProblems } from '@/content/newsletter';
import { newsletterLinkPages as newsletterLinkPagesEn, newsletterLinkProblems as newsletterLinkProblemsEn } from '@/content/en/newsletter';
import { NEWSLETTER_FUNCTION } from '@/features/newsletter/api/newsletter-api';
import { queryRetryDelay } from '@/lib/query-client';
import { renderRoute } from '@/test/render-route';
import { httpError, invoke, resetSupabaseMock, supabaseError } from '@/test/supabase-mock';

// The page's boundary is the function client's: the tests decide what the function
// answers and see what is sent (the page's press is a mutation of the feature's api).
vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
const send = invoke;
const DONE = { data: { status: 'confirmed' }, error: null };
const REFUSED = { data: null, error: httpError(410, { error: 'link_invalid' }) };
const OFFLINE = { data: null, error: supabaseError('FunctionsFetchError') };
const sent = (action: 'confirm' | 'unsubscribe') => [NEWSLETTER_FUNCTION, { body: { action, token: TOKEN } }];

const TOKEN = 'v1.bmV3c2xldHRlcg.c2lnbmF0dXJl';

/** Opens a link from a newsletter e-mail: the token in the fragment. */
async function openLink(
  path: '/newsletter/bestaetigen' | '/newsletter/abmelden' | '/en/newsletter/confirm' | '/en/newsletter/unsubscribe',
  token: string | null = TOKEN,
) {
  window.history.replaceState(null, '', `${path}${token === null ? '' : `#${token}`}`);
  let opened: Awaited<ReturnType<typeof renderRoute>> | undefined;
  await act(async () => {
    opened = await renderRoute(path);
  });
  return opened!.user;
}

beforeEach(() => {
  resetSupabaseMock();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the newsletter link pages', () => {
  it('confirm: sends nothing until the press, then names the outcome in the focused heading and the live region', async () => {
    const copy = newsletterLinkPages.confirm;
    const user = await openLink('/newsletter/bestaetigen');
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    send.mockResolvedValue(DONE);
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));

    const heading = await screen.findByRole('heading', { level: 1, name: copy.done.title });
    expect(send).toHaveBeenCalledExactlyOnceWith(...sent('confirm'));
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.done.text);
    expect(screen.queryByRole('button', { name: copy.buttonLabel })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: newsletterLinkProblems.blogLinkLabel })).toHaveAttribute('href', '/blog#newsletter');
  });

  it('unsubscribe: a refused link says so; a failed call offers another try, and the focus is never lost', async () => {
    const copy = newsletterLinkPages.unsubscribe;
    const user = await openLink('/newsletter/abmelden');

    send.mockResolvedValueOnce(OFFLINE);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));
    const failed = await screen.findByRole('heading', { level: 1, name: newsletterLinkProblems.failed.title });
    expect(failed).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(newsletterLinkProblems.failed.text);

    send.mockResolvedValueOnce(REFUSED);
    await user.click(screen.getByRole('button', { name: newsletterLinkProblems.retryLabel }));
    const invalid = await screen.findByRole('heading', { level: 1, name: copy.invalid.title });
    expect(invalid).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.invalid.text);
    expect(send.mock.calls).toEqual([sent('unsubscribe'), sent('unsubscribe')]);
  });

  it('a press is never repeated behind the visitor\'s back: a refused link shows at once, a failed one waits for the next press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const copy = newsletterLinkPages.confirm;
    const user = await openLink('/newsletter/bestaetigen');

    send.mockResolvedValueOnce(REFUSED);
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toHaveFocus();
    expect(send).toHaveBeenCalledExactlyOnceWith(...sent('confirm'));

    cleanup();
    send.mockClear().mockResolvedValue(OFFLINE);
    const again = await openLink('/newsletter/bestaetigen');
    await again.click(screen.getByRole('button', { name: copy.buttonLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: newsletterLinkProblems.failed.title })).toHaveFocus();
    // Past the time a query's retries (1 s, 2 s, 4 s) would have taken: still the one call.
    await act(() => vi.advanceTimersByTimeAsync(queryRetryDelay(0) + queryRetryDelay(1) + queryRetryDelay(2)));
    expect(send).toHaveBeenCalledExactlyOnceWith(...sent('confirm'));
    expect(screen.getByRole('button', { name: newsletterLinkProblems.retryLabel })).toBeInTheDocument();
  });

  it('a link without its token says what is missing, offers no button and takes no focus', async () => {
    await openLink('/newsletter/bestaetigen', null);
    const heading = await screen.findByRole('heading', { level: 1, name: newsletterLinkProblems.missing.title });
    expect(heading).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: newsletterLinkPages.confirm.buttonLabel })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the newsletter link pages in English', () => {
  /** Characteristic German texts of the pages' copy, none of which an English page shows. */
  const germanTexts = [
    newsletterLinkPages.confirm.title,
    newsletterLinkPages.confirm.intro,
    newsletterLinkPages.confirm.done.text,
    newsletterLinkPages.unsubscribe.title,
    newsletterLinkPages.unsubscribe.buttonLabel,
    newsletterLinkPages.unsubscribe.invalid.text,
    newsletterLinkProblems.missing.text,
    newsletterLinkProblems.failed.text,
    newsletterLinkProblems.retryLabel,
    newsletterLinkProblems.blogLinkLabel,
  ];
  function expectNoGerman() {
    const text = document.body.textContent ?? '';
    for (const german of germanTexts) expect(text).not.toContain(german);
  }

  it('/en/newsletter/confirm confirms: English texts before and after the press, and the English blog linked', async () => {
    const copy = newsletterLinkPagesEn.confirm;
    const user = await openLink('/en/newsletter/confirm');
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(copy.intro);
    expectNoGerman();

    send.mockResolvedValue(DONE);
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.done.title })).toHaveFocus();
    expect(send).toHaveBeenCalledExactlyOnceWith(...sent('confirm'));
    expect(screen.getByRole('status')).toHaveTextContent(copy.done.text);
    expect(screen.getByRole('link', { name: newsletterLinkProblemsEn.blogLinkLabel })).toHaveAttribute('href', '/en/blog#newsletter');
    expectNoGerman();
  });

  it('/en/newsletter/unsubscribe unsubscribes: a failure and a refused link in English', async () => {
    const copy = newsletterLinkPagesEn.unsubscribe;
    const user = await openLink('/en/newsletter/unsubscribe');
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeInTheDocument();

    send.mockResolvedValueOnce(OFFLINE);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: copy.buttonLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: newsletterLinkProblemsEn.failed.title })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(newsletterLinkProblemsEn.failed.text);
    expectNoGerman();

    send.mockResolvedValueOnce(REFUSED);
    await user.click(screen.getByRole('button', { name: newsletterLinkProblemsEn.retryLabel }));
    expect(await screen.findByRole('heading', { level: 1, name: copy.invalid.title })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(copy.invalid.text);
    expect(send.mock.calls).toEqual([sent('unsubscribe'), sent('unsubscribe')]);
    expectNoGerman();
  });

  it('a link without its token says so in English', async () => {
    await openLink('/en/newsletter/confirm', null);
    expect(await screen.findByRole('heading', { level: 1, name: newsletterLinkProblemsEn.missing.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(newsletterLinkProblemsEn.missing.text);
    expect(screen.queryByRole('button', { name: newsletterLinkPagesEn.confirm.buttonLabel })).not.toBeInTheDocument();
    expectNoGerman();
  });
});
