import { useEffect, useRef } from 'react';
import type { BotSignals } from '@domain/wire-types';
import { useCopy } from '@/content/copy';
import { uiTextCopy } from '@/content/ui-text';

/**
 * Two quiet signals beside the form proof (form-proof.ts), without bothering people with
 * a captcha: a field no person sees or fills, and how long the form was open before it
 * was sent (a hint only: the backend marks a very fast one for checking). The backend
 * decides; the client only reports.
 */
export const HONEYPOT_FIELD = 'website';

export type { BotSignals };
/** What the form itself reports; the proof (form-proof.ts) is added when the request is sent. */
export type FormSignals = Omit<BotSignals, 'altcha'>;

/** Hidden from sight, from the tab order and from screen readers; bots that fill every field fill this too. */
export function HoneypotField() {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label>
        {uiText.honeypotLabel}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function useBotSignals() {
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  return {
    /** The signals of a form at the moment it is sent. */
    read(form: HTMLFormElement): FormSignals {
      const value = new FormData(form).get(HONEYPOT_FIELD);
      return {
        website: typeof value === 'string' ? value : '',
        elapsedMs: shownAt.current === null ? 0 : Math.round(performance.now() - shownAt.current),
      };
    },
    /** After a successful send the emptied form counts as new. */
    restart() {
      shownAt.current = performance.now();
    },
  };
}
