/**
 * A prerendered page looks alive before React runs it (src/main.tsx hydrates after the
 * hero image is painted), so on a slow phone a tap on the menu button or the video's
 * pause control can land on markup without handlers and do nothing. This remembers the
 * last such press and hands it over once the page has hydrated.
 *
 * Only plain `type="button"` buttons that were enabled: links work without JavaScript,
 * and a form's submit button is disabled until hydration (src/components/forms), so a
 * press the visitor saw refused is never carried out later.
 */
export function rememberEarlyButtonPress(target: EventTarget = window): () => HTMLButtonElement | undefined {
  let pressed: HTMLButtonElement | undefined;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type !== 'button' || button.disabled || button.getAttribute('aria-disabled') === 'true') return;
    pressed = button;
  };
  // A click is also what Enter and Space on a focused button produce.
  target.addEventListener('click', onClick, { capture: true, passive: true });
  /** Stops listening and returns the pressed button, if it is still on the page. */
  return () => {
    target.removeEventListener('click', onClick, { capture: true });
    return pressed?.isConnected ? pressed : undefined;
  };
}
