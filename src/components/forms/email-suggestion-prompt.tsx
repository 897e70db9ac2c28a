import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useCopy } from '@/content/copy';
import { emailSuggestionCopy } from '@/content/email-suggestion';
import { suggestEmail } from './email-suggestion';

/**
 * Puts a value into an input as typing would: through the prototype's setter (React tracks
 * the value it last saw on the element itself) and with an input event, so the form's own
 * onInput (field-check.ts, clearFieldMessage) takes an old message away as after an edit.
 */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The suggestion for an e-mail field (email-suggestion.ts): worked out when the visitor
 * leaves the field, gone as soon as they edit it again or the form is reset (after
 * sending). It never touches the field's validity: the form sends whatever the field holds.
 * Spread `inputProps` on the <input>, add `promptId` to its aria-describedby while there is
 * a `suggestion`, and render <EmailSuggestionPrompt> with `promptId`, `suggestion` and `take`.
 */
export function useEmailSuggestion() {
  const promptId = `${useId()}-vorschlag`;
  const input = useRef<HTMLInputElement>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setSuggestion(null);
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLInputElement>) => {
      const next = event.relatedTarget;
      const prompt = document.getElementById(promptId);
      // Pressed straight from the field, a send button below the prompt would move away
      // under the pointer as the prompt appears, and the press would send nothing.
      const sendingPast =
        next instanceof HTMLButtonElement &&
        next.type === 'submit' &&
        prompt !== null &&
        (prompt.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      if (!sendingPast) setSuggestion(suggestEmail(event.currentTarget.value));
    },
    [promptId],
  );
  const onInput = useCallback(() => setSuggestion(null), []);

  /** The button: the suggestion into the field, and the focus back to it (the button is gone). */
  const take = useCallback(() => {
    const element = input.current;
    if (!element || suggestion === null) return;
    typeInto(element, suggestion);
    setSuggestion(null);
    element.focus();
  }, [suggestion]);

  return { suggestion, promptId, take, inputProps: { ref: input, onBlur, onInput } };
}

/**
 * «Meinten Sie anna@gmail.com?» («Did you mean …?» on an English page) and a button that takes it. The polite live region is
 * there from the start, empty, so a screen reader announces the question when it appears;
 * the button is described by the question, for a visitor who reaches it with Tab.
 */
export function EmailSuggestionPrompt({
  promptId,
  suggestion,
  take,
  className,
}: {
  promptId: string;
  suggestion: string | null;
  take: () => void;
  className?: string;
}) {
  const { emailSuggestionTexts: texts } = useCopy(emailSuggestionCopy);
  const questionId = `${promptId}-frage`;
  return (
    <div id={promptId} aria-live="polite" className={className}>
      {suggestion !== null && (
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-night-800">
          <span id={questionId} className="min-w-0 [overflow-wrap:anywhere]">
            {texts.question(suggestion)}
          </span>
          <button
            type="button"
            aria-describedby={questionId}
            onClick={take}
            className="min-h-6 rounded-sm font-semibold text-night-700 underline underline-offset-4 hover:text-night-900"
          >
            {texts.take}
          </button>
        </p>
      )}
    </div>
  );
}
