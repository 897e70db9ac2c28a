import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';
import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { characterCount } from '@domain/field-rules';

const controlClasses =
  'mt-1.5 block w-full rounded-lg border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-ink-muted/80 hover:border-night-300 focus-visible:border-night-600 ' +
  'disabled:cursor-not-allowed disabled:bg-sand-100';

interface FieldShellProps {
  label: string;
  required?: boolean;
  hint?: string;
  /** See `Common.message`. */
  message?: string;
  /** See `Common.after`. */
  after?: ReactNode;
  /** See `Common.describedBy`. */
  describedBy?: string;
  className?: string;
  children: (ids: { id: string; describedBy?: string; invalid?: true }) => ReactNode;
}

/**
 * Label, control, optional hint and message, wired together: the label is tied to the
 * control, the message and the hint are its description, and required fields show a *
 * that screen readers skip (they announce the control's own required state instead). A
 * message marks the control invalid (aria-invalid); its region is there from the start,
 * so a screen reader announces a message when it appears, and it says what is wrong in
 * words – the icon and the colour only repeat it.
 */
function FieldShell({ label, required, hint, message, after, describedBy: alsoDescribedBy, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hinweis` : undefined;
  const messageId = `${id}-meldung`;
  const hasMessage = message !== undefined && message !== '';
  const describedBy = [hasMessage && messageId, alsoDescribedBy, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-night-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-800">
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: hasMessage || undefined })}
      {message !== undefined && (
        <p id={messageId} aria-live="polite" className="text-sm font-medium text-red-800">
          {hasMessage && (
            <span className="mt-1.5 flex gap-1.5">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{message}</span>
            </span>
          )}
        </p>
      )}
      {after}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = {
  label: string;
  hint?: string;
  className?: string;
  /**
   * What is wrong with the value, shown under the control and tied to it ('' for nothing
   * wrong). Fields that can get one pass a string from the start, so that its live region
   * exists before the first message; fields that never do leave it out.
   */
  message?: string;
  /** What follows the control and its message (the e-mail field's suggestion, email-field.tsx). */
  after?: ReactNode;
  /** Further ids the control is described by, besides its message and hint (the suggestion while there is one). */
  describedBy?: string;
};

/**
 * A field's limit, said while the visitor edits: `limit` instead of maxLength, which makes
 * the browser stop typing and cut a pasted text at the limit without a word (a surname of
 * 120 characters arrived as its first 100). The whole value stays; once it is longer the
 * field says by how much, and the form's own check refuses it on sending with the field
 * schema's limit and message. Counted in characters (code points), as the functions and
 * Postgres count: an emoji is one.
 */
function useLimit(limit: number | undefined, message: string | undefined) {
  const { fieldProblemTexts } = useCopy(formNoticesCopy);
  const [length, setLength] = useState(0);
  const over = limit !== undefined && length > limit ? fieldProblemTexts.overLimit(length, limit) : '';
  return {
    // With a limit the message's live region is there from the start, so the first one is announced.
    message: limit === undefined ? message : message || over,
    measure: (value: string) => {
      if (limit !== undefined) setLength(characterCount(value));
    },
  };
}

type Limited = {
  /** The field schema's limit, in characters: said at the field once the value is longer, never cut (useLimit). */
  limit?: number;
};

export function TextField({ label, hint, message, after, describedBy, className, required, limit, onChange, ...input }: Common & Limited & ComponentProps<'input'>) {
  const limited = useLimit(limit, message);
  return (
    <FieldShell
      label={label}
      hint={hint}
      message={limited.message}
      after={after}
      describedBy={describedBy}
      required={required}
      className={className}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          required={required}
          className={controlClasses}
          onChange={(event) => {
            limited.measure(event.currentTarget.value);
            onChange?.(event);
          }}
          {...input}
        />
      )}
    </FieldShell>
  );
}

/** A text area; `limit` as TextField's. */
export function TextAreaField({
  label,
  hint,
  message,
  className,
  required,
  limit,
  onChange,
  ...textarea
}: Common & Limited & ComponentProps<'textarea'>) {
  const limited = useLimit(limit, message);
  return (
    <FieldShell label={label} hint={hint} message={limited.message} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          required={required}
          className={cn(controlClasses, 'resize-y')}
          onChange={(event) => {
            limited.measure(event.currentTarget.value);
            onChange?.(event);
          }}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not selectable (its label should say why). */
  disabled?: boolean;
}

export function SelectField({
  label,
  hint,
  message,
  className,
  required,
  options,
  placeholder,
  ...select
}: Common & ComponentProps<'select'> & { options: readonly SelectOption[]; placeholder: string }) {
  return (
    <FieldShell label={label} hint={hint} message={message} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          required={required}
          className={controlClasses}
          {...select}
        >
          {/* The empty first option is what a required select counts as "nothing chosen"; form.reset() returns to it. */}
          <option value="">
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
