import { useCopy } from '@/content/copy';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { loadOnce } from '@/lib/load-once';
import { uiTextCopy } from '@/content/ui-text';
import { NoticeCloseSymbol, noticeCloseClassName, noticeClassName, NoticeSymbol, noticeViewportClassName } from './notice-parts';

export interface ToastMessage {
  title: string;
  description: string;
  variant?: 'success' | 'destructive';
  /**
   * Notices of one source (e.g. one form): a new one replaces the one still showing, so a
   * success after a failed try never stands next to the stale error.
   */
  group?: string;
}

export interface ShownToast extends ToastMessage {
  id: number;
}

/*
 * The notices are Radix toasts (./toaster-radix.tsx, about 12 KB gzipped with the Radix
 * parts it shares with the tooltips), loaded only when they are needed: prepareToasts()
 * starts the download when a form is sent, so the notice does not wait for it, and a
 * notice that is due before it has arrived waits in the Toaster's state. If it cannot be
 * loaded (offline) or takes too long, the notices are shown in a plain fallback, so a
 * visitor always learns whether the request was sent.
 */

type RadixToastsModule = typeof import('./toaster-radix');

/** The Radix code once it is loaded; the Toasters on the page are told when it arrives. */
let radixToasts: RadixToastsModule | undefined;
const loadListeners = new Set<() => void>();

/** Starts loading the notices' Radix code (once per visit; after a failure, again). */
export const prepareToasts = loadOnce(() =>
  import('./toaster-radix').then((module) => {
    radixToasts = module;
    for (const listener of loadListeners) listener();
    return module;
  }),
);

function subscribeToLoad(listener: () => void) {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

/** How long a due notice waits for the Radix code before the fallback shows it. */
export const TOAST_FALLBACK_AFTER_MS = 3000;

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

/** Shows a notice: `const toast = useToast(); toast({ title, description })`. */
export function useToast(): (message: ToastMessage) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <Toaster>');
  return toast;
}

interface NoticeState {
  toasts: ShownToast[];
  /** The Radix code could not be had in time: the notices showing are in the fallback. */
  fallback: boolean;
}

type NoticeAction = { type: 'show'; toast: ShownToast } | { type: 'remove'; id: number } | { type: 'fallback' };

function reduceNotices(state: NoticeState, action: NoticeAction): NoticeState {
  switch (action.type) {
    case 'show': {
      const { group } = action.toast;
      const others = state.toasts.filter((shown) => group === undefined || shown.group !== group);
      return { ...state, toasts: [...others, action.toast] };
    }
    case 'remove': {
      const toasts = state.toasts.filter((shown) => shown.id !== action.id);
      // Once the fallback's notices are gone, the next ones are Radix toasts again (if loaded by then).
      return { toasts, fallback: state.fallback && toasts.length > 0 };
    }
    case 'fallback':
      return { ...state, fallback: state.toasts.length > 0 };
  }
}

/**
 * Provides useToast() to its children and shows the notices: Radix toasts, announced to
 * screen readers through a live region, reachable with F8, dismissible with Escape, a
 * swipe or the close button; in the fallback, a status or alert with a close button.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [{ toasts, fallback }, dispatch] = useReducer(reduceNotices, { toasts: [], fallback: false });
  // Loaded already (a form was sent, or an earlier page used it): the Radix toasts are
  // rendered, with their F8 region, before the notice is due. Never while hydrating.
  const radix = useSyncExternalStore(subscribeToLoad, () => radixToasts, () => undefined);
  const show = useCallback(
    (message: ToastMessage) => dispatch({ type: 'show', toast: { ...message, id: Date.now() + Math.random() } }),
    [],
  );
  const remove = useCallback((id: number) => dispatch({ type: 'remove', id }), []);

  const waiting = toasts.length > 0 && !radix && !fallback;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    const giveUp = () => {
      if (current) dispatch({ type: 'fallback' });
    };
    const timer = window.setTimeout(giveUp, TOAST_FALLBACK_AFTER_MS);
    prepareToasts().catch(giveUp);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [waiting]);

  const Radix = radix?.RadixToasts;
  return (
    <ToastContext.Provider value={show}>
      {children}
      {fallback ? <FallbackNotices toasts={toasts} onRemove={remove} /> : Radix && <Radix toasts={toasts} onRemove={remove} />}
    </ToastContext.Provider>
  );
}

/** The notices without Radix: the same look, no timer (they stay until closed or replaced). */
function FallbackNotices({ toasts, onRemove }: { toasts: readonly ShownToast[]; onRemove: (id: number) => void }) {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <section aria-label={uiText.notices.fallbackRegion} className={noticeViewportClassName}>
      <ol className="flex flex-col gap-3">
        {toasts.map((toast) => (
          <FallbackNotice key={toast.id} toast={toast} onRemove={onRemove} />
        ))}
      </ol>
    </section>
  );
}

function FallbackNotice({ toast, onRemove }: { toast: ShownToast; onRemove: (id: number) => void }) {
  const { uiText } = useCopy(uiTextCopy);
  const { id, title, description, variant = 'success' } = toast;
  // The live region is put in the page empty and filled a frame later, as Radix does,
  // so that screen readers announce it.
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFilled(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <li data-variant={variant} className={noticeClassName(variant)}>
      <NoticeSymbol variant={variant} />
      <div role={variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true">
        {filled && (
          <>
            <div className="font-semibold">{title}</div>
            <div className="mt-1 text-sm">{description}</div>
          </>
        )}
      </div>
      <button type="button" aria-label={uiText.notices.close} className={noticeCloseClassName} onClick={() => onRemove(id)}>
        <NoticeCloseSymbol />
      </button>
    </li>
  );
}
