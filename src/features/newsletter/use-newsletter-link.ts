import { useEffect, useRef, useState } from 'react';
import { languages } from '@/lib/language';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import { pagePath } from '@/lib/site-pages';
import { type LinkAction, type LinkOutcome } from './api/newsletter-api';
import { useLinkActionMutation } from './api/newsletter-queries';

export type LinkStep = 'reading' | 'ready' | 'sending' | 'done' | 'missing' | 'invalid' | 'failed';

/** The confirm page's path in each language (/newsletter/bestaetigen, /en/newsletter/confirm). */
const CONFIRM_PATHS: readonly string[] = languages.map((language) => pagePath('newsletter-bestaetigen', language));

/** The path decides what the link does: the confirm link of the double opt-in (in either language), or the unsubscribe link. */
export function linkActionOf(pathname: string): LinkAction {
  return CONFIRM_PATHS.includes(pathname.replace(/\/+$/, '')) ? 'confirm' : 'unsubscribe';
}

/** What the press has come to, as the mutation reports it. */
export interface LinkPress {
  status: 'idle' | 'pending' | 'success' | 'error';
  data?: LinkOutcome | undefined;
}

/**
 * The page's step from the token read (null: not read yet – the prerendered HTML, where the
 * token does not exist; '': the link has none) and the press: nothing is sent before it.
 */
export function linkStep(token: string | null, press: LinkPress): LinkStep {
  if (token === null) return 'reading';
  if (token === '') return 'missing';
  switch (press.status) {
    case 'idle':
      return 'ready';
    case 'pending':
      return 'sending';
    case 'error':
      return 'failed';
    case 'success':
      return press.data === 'done' ? 'done' : 'invalid';
  }
}

/**
 * The state of /newsletter/bestaetigen#<token> and /newsletter/abmelden#<token>: the
 * token is read from the fragment after mount and cleared from the address (kept in this
 * tab's sessionStorage for a reload, src/lib/link-token.ts); `send` is the button's press,
 * one at a time. Once the press is answered, the heading (which then names the outcome)
 * takes the focus, because the pressed button goes away.
 */
export function useNewsletterLink(action: LinkAction) {
  const storageKey = `newsletter-${action}-token`;
  // The token as read after mount, in memory for the press; the state is what the page
  // shows of it (null: not read yet, '': none).
  const read = useRef('');
  const [token, setToken] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const press = useLinkActionMutation(action);
  // The button stays focusable while sending (aria-disabled), so a second press arrives
  // here; a ref, because it can come before the mutation's pending state is rendered.
  const sending = useRef(false);

  useEffect(() => {
    read.current = takeTokenFromAddress(storageKey) || keptToken(storageKey);
    setToken(read.current);
  }, [storageKey]);

  // How many presses were answered: each answer moves the focus, also a second failure or
  // a refusal right after a failure, whose steps may follow each other without a render
  // of 'sending' between them.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (answers > 0) heading.current?.focus();
  }, [answers]);

  function send() {
    if (sending.current || read.current === '') return;
    sending.current = true;
    press.mutate(read.current, {
      onSettled: () => {
        sending.current = false;
        setAnswers((count) => count + 1);
      },
      onError: (error) => console.error(error),
    });
  }

  return { step: linkStep(token, press), send, heading };
}
