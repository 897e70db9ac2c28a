import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { loadOnce } from '@/lib/load-once';

/** Tooltip timing from docs/product.md §9: open after 700 ms, and 300 ms to move to the next one without waiting again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/*
 * Radix Tooltip (with Floating UI and the Radix parts it shares with the notices, about
 * 20 KB gzipped) is loaded on first use: the page renders each trigger by itself, with
 * the explanation as its description for screen readers, and the first time the visitor
 * points at, focuses or taps a trigger, the Radix part (./tooltip-radix.tsx) is loaded and
 * takes over every tooltip of the provider. It takes over the trigger the page rendered
 * instead of rendering its own, so the element that has focus or the pointer stays the
 * same one: no lost focus, no second announcement.
 */

type RadixTooltips = typeof import('./tooltip-radix');

/** The Radix part once it is loaded: a provider rendered later in the visit uses it at once. */
let radixTooltips: RadixTooltips | undefined;

/** Loads the Radix part once per visit; after a failed load (offline) the next use tries again. */
export const loadRadixTooltips = loadOnce(() => import('./tooltip-radix').then((module) => (radixTooltips = module)));

/** The trigger events the page's trigger handles itself and hands on to Radix once it is there. */
const TRIGGER_EVENTS = ['onPointerMove', 'onPointerLeave', 'onPointerDown', 'onClick', 'onFocus', 'onBlur', 'onKeyDown'] as const;
export type TriggerEventName = (typeof TRIGGER_EVENTS)[number];
type TriggerHandler = (event: SyntheticEvent<HTMLElement>) => void;
export type TriggerHandlers = Partial<Record<TriggerEventName, TriggerHandler>>;

/** What Radix puts on its trigger: handlers for the trigger's events and attributes (aria-describedby, data-state). */
export interface RadixTriggerProps {
  handlers: TriggerHandlers;
  attributes: Record<string, string | undefined>;
}

/** What the visitor did with a trigger before Radix was there. */
export interface FirstUse {
  /** Focused or tapped (and not dismissed with Escape): Radix opens the tooltip at once. */
  open: boolean;
  /** Focused (and not dismissed): the focus may have scrolled the page, which Radix would take as a reason to close. */
  focused: boolean;
  /** When the pointer came to rest over the trigger, if it is still there: Radix opens the tooltip once the delay is over. */
  hoveredSince: number | null;
}

/** One tooltip of the page, as the Radix part sees it. */
export interface TooltipEntry {
  content: ReactNode;
  /** The trigger the page rendered: Radix anchors the tooltip to it and listens on it. */
  getTrigger(): HTMLElement | null;
  firstUse(): FirstUse;
  /** Radix's props for the trigger (null: Radix let go of it). */
  connect(props: RadixTriggerProps | null): void;
}

export type TooltipEntries = ReadonlyArray<readonly [id: string, entry: TooltipEntry]>;

/** The tooltips of one provider, for the Radix part to render. */
export class TooltipRegistry {
  private entries: TooltipEntries = [];
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.entries;

  /** Adds (or replaces) a tooltip; returns the function that removes it. */
  add(id: string, entry: TooltipEntry): () => void {
    this.update([...this.entries.filter(([other]) => other !== id), [id, entry]]);
    return () => this.update(this.entries.filter(([, other]) => other !== entry));
  }

  private update(entries: TooltipEntries) {
    this.entries = entries;
    for (const listener of this.listeners) listener();
  }
}

interface TooltipContextValue {
  registry: TooltipRegistry;
  /** Called on the first use of any trigger: loads Radix and lets it take over. */
  activate(): void;
}

const TooltipContext = createContext<TooltipContextValue | null>(null);

/**
 * Wraps the part of a page that has tooltips. It lives with the pages that use it, not
 * at the root, and Radix is loaded only when a visitor first uses one of its tooltips.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new TooltipRegistry());
  // Loaded on an earlier page of this visit: Radix takes over at once. (Never while
  // hydrating: nothing loads it before the page is live.)
  const [radix, setRadix] = useState(() => radixTooltips);
  const activating = useRef(false);
  const activate = useCallback(() => {
    if (activating.current) return;
    activating.current = true;
    loadRadixTooltips().then(setRadix, () => {
      // Offline: the explanation stays the trigger's description; the next use tries again.
      activating.current = false;
    });
  }, []);
  const context = useMemo(() => ({ registry, activate }), [registry, activate]);
  const Radix = radix?.RadixTooltips;

  return (
    <TooltipContext.Provider value={context}>
      {children}
      {/* Beside the page, not around it: wrapping it later would re-create every element in it. */}
      {Radix && <Radix registry={registry} delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS} />}
    </TooltipContext.Provider>
  );
}

type TriggerProps = { 'aria-describedby'?: string } & TriggerHandlers;

/**
 * A short explanation on hover, keyboard focus and tap (touch screens have no hover).
 * The trigger must be one focusable element. Until Radix is loaded, the explanation is
 * the trigger's description (a hidden element it refers to), so a screen reader reads it
 * on the very first focus; then Radix ties its tooltip to the trigger as its description.
 * A description the trigger brings itself (aria-describedby) is kept.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const context = useContext(TooltipContext);
  if (!context) throw new Error('Tooltip must be used inside <TooltipProvider>');
  const { registry, activate } = context;
  const descriptionId = `${useId()}-tooltip`;
  const trigger = useRef<HTMLElement>(null);
  const radixHandlers = useRef<TriggerHandlers | null>(null);
  const [radixAttributes, setRadixAttributes] = useState<Record<string, string | undefined> | null>(null);
  const firstUse = useRef({ focused: false, tapped: false, dismissed: false, hoveredSince: null as number | null });

  useLayoutEffect(
    () =>
      registry.add(descriptionId, {
        content,
        getTrigger: () => trigger.current,
        firstUse: () => {
          const { focused, tapped, dismissed, hoveredSince } = firstUse.current;
          return { open: (focused || tapped) && !dismissed, focused: focused && !dismissed, hoveredSince };
        },
        connect: (props) => {
          radixHandlers.current = props?.handlers ?? null;
          // A tap is handed over once; focus and pointer are read as they are.
          if (props) firstUse.current.tapped = false;
          const attributes = props?.attributes ?? null;
          setRadixAttributes((current) => (sameAttributes(current, attributes) ? current : attributes));
        },
      }),
    [registry, descriptionId, content],
  );

  /** What the trigger does itself before Radix is there (and goes on noting after). */
  const own: Required<TriggerHandlers> = {
    onPointerMove: (event) => {
      if ((event as PointerEvent<HTMLElement>).pointerType === 'touch') return;
      firstUse.current.hoveredSince ??= performance.now();
      activate();
    },
    onPointerLeave: () => {
      firstUse.current.hoveredSince = null;
    },
    // Radix closes on pointerdown; a tap or click should show the explanation instead.
    onPointerDown: (event) => {
      event.preventDefault();
      activate();
    },
    onClick: () => {
      Object.assign(firstUse.current, { tapped: true, dismissed: false });
      activate();
    },
    onFocus: () => {
      Object.assign(firstUse.current, { focused: true, dismissed: false });
      activate();
    },
    onBlur: () => {
      Object.assign(firstUse.current, { focused: false, tapped: false });
    },
    onKeyDown: (event) => {
      if ((event as KeyboardEvent<HTMLElement>).key === 'Escape') firstUse.current.dismissed = true;
    },
  };

  const childProps = children.props;
  const handlers = Object.fromEntries(
    TRIGGER_EVENTS.map((name) => [
      name,
      (event: SyntheticEvent<HTMLElement>) => {
        // As with Radix's asChild: the element's own handler first, then the tooltip's.
        (childProps[name] as TriggerHandler | undefined)?.(event);
        own[name](event);
        radixHandlers.current?.[name]?.(event);
      },
    ]),
  );
  // As with asChild, too: attributes the element sets itself win over Radix's.
  const attributes = Object.fromEntries(
    Object.entries(radixAttributes ?? {}).filter(([name]) => childProps[name as keyof TriggerProps] === undefined),
  );
  const ownDescription = childProps['aria-describedby'];
  const describedBy = ownDescription ?? (radixAttributes ? radixAttributes['aria-describedby'] : descriptionId);

  return (
    <>
      {cloneElement(children, {
        ...attributes,
        ...handlers,
        'aria-describedby': describedBy,
        ref: trigger,
      } as TriggerProps)}
      {!radixAttributes && !ownDescription && (
        <span id={descriptionId} hidden>
          {content}
        </span>
      )}
    </>
  );
}

function sameAttributes(a: Record<string, string | undefined> | null, b: Record<string, string | undefined> | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}
