/**
 * The Radix part of the tooltips, loaded on first use (./tooltip.tsx). It renders nothing
 * where the triggers are: each Radix tooltip takes over the trigger the page rendered
 * (its handlers are called from the trigger's own, its attributes are set on it) and puts
 * its content in a portal, as before.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type Ref, type SyntheticEvent } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { TooltipEntry, TooltipRegistry, TriggerEventName, TriggerHandlers } from './tooltip';

/**
 * Radix closes a tooltip when the page scrolls, and focusing a trigger by keyboard
 * scrolls it into view, which closed the tooltip the moment it opened
 * (radix-ui/primitives#1944). Closes within this window after a focus are ignored.
 */
const FOCUS_SCROLL_GRACE_MS = 400;

/** The trigger events the page's trigger hands on (the names in ./tooltip.tsx). */
const HANDED_ON: ReadonlySet<string> = new Set<TriggerEventName>([
  'onPointerMove',
  'onPointerLeave',
  'onPointerDown',
  'onClick',
  'onFocus',
  'onBlur',
  'onKeyDown',
]);

interface RadixTooltipsProps {
  registry: TooltipRegistry;
  delayDuration: number;
  skipDelayDuration: number;
}

/** Every tooltip of one provider, under one Radix provider (which keeps the skip delay between them). */
export function RadixTooltips({ registry, delayDuration, skipDelayDuration }: RadixTooltipsProps) {
  const entries = useSyncExternalStore(registry.subscribe, registry.snapshot, registry.snapshot);
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      {entries.map(([id, entry]) => (
        <RadixTooltip key={id} entry={entry} delayDuration={delayDuration} />
      ))}
    </TooltipPrimitive.Provider>
  );
}

function RadixTooltip({ entry, delayDuration }: { entry: TooltipEntry; delayDuration: number }) {
  // Focused or tapped before Radix was there: open now.
  const [open, setOpen] = useState(() => entry.firstUse().open);
  const focusedAt = useRef(-Infinity);

  useLayoutEffect(() => {
    // Focused before Radix was there: the scroll that focus caused may reach Radix only
    // now, after it mounted open, so the grace below starts at the mount.
    if (entry.firstUse().focused) focusedAt.current = performance.now();
  }, [entry]);

  useEffect(() => {
    // The pointer came to rest on the trigger before Radix was there: open when the
    // delay since then is over, if it is still there.
    const { hoveredSince } = entry.firstUse();
    if (hoveredSince === null) return;
    const timer = window.setTimeout(
      () => {
        if (entry.firstUse().hoveredSince === hoveredSince) setOpen(true);
      },
      Math.max(0, hoveredSince + delayDuration - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, [entry, delayDuration]);

  useEffect(() => {
    if (!open) return;
    // Escape always closes, even right after focusing. Radix listens on the document in
    // the capture phase, so this listens one step earlier, on the window.
    const allowEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') focusedAt.current = -Infinity;
    };
    window.addEventListener('keydown', allowEscape, true);
    return () => window.removeEventListener('keydown', allowEscape, true);
  }, [open]);

  function handleOpenChange(next: boolean) {
    const justFocused = performance.now() - focusedAt.current < FOCUS_SCROLL_GRACE_MS;
    if (!next && justFocused) return;
    setOpen(next);
  }

  return (
    <TooltipPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      {/* The trigger itself prevents pointerdown, which would close the tooltip (./tooltip.tsx). */}
      <TooltipPrimitive.Trigger
        asChild
        onFocus={() => {
          focusedAt.current = performance.now();
        }}
        onClick={() => setOpen(true)}
      >
        <TakeOverTrigger entry={entry} />
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-xs rounded-lg bg-night-900 px-3 py-2 text-sm leading-snug text-white shadow-card"
        >
          {entry.content}
          <TooltipPrimitive.Arrow className="fill-night-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

type TakeOverTriggerProps = { entry: TooltipEntry; ref?: Ref<HTMLElement> } & Record<string, unknown>;

/**
 * Stands in for the trigger element under Radix's Trigger: it gives Radix's refs the
 * trigger the page rendered (Radix anchors the tooltip to it and listens on it) and hands
 * the props Radix gives it to that trigger. Renders nothing.
 */
function TakeOverTrigger({ entry, ref, ...radixProps }: TakeOverTriggerProps) {
  const latestRef = useRef(ref);
  useLayoutEffect(() => {
    latestRef.current = ref;
  });
  useLayoutEffect(() => {
    const trigger = entry.getTrigger();
    assignRef(latestRef.current, trigger);
    return () => assignRef(latestRef.current, null);
  }, [entry]);

  useLayoutEffect(() => {
    const handlers: TriggerHandlers = {};
    const attributes: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(radixProps)) {
      if (typeof value === 'function') {
        if (HANDED_ON.has(name)) handlers[name as TriggerEventName] = value as (event: SyntheticEvent<HTMLElement>) => void;
        else if (import.meta.env.DEV) console.error(`Tooltip: Radix's trigger handler ${name} is not handed on`);
      } else {
        attributes[name] = value === undefined ? undefined : String(value);
      }
    }
    entry.connect({ handlers, attributes });
  });
  useLayoutEffect(() => () => entry.connect(null), [entry]);
  return null;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
