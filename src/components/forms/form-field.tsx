import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

const controlClasses =
  'mt-1.5 block w-full rounded-lg border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-ink-muted/80 hover:border-night-300 focus-visible:border-night-600 ' +
  'disabled:cursor-not-allowed disabled:bg-sand-100';

interface FieldShellProps {
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}

/**
 * Label, control and optional hint, wired together: the label is tied to the control,
 * the hint is its description, and required fields show a * that screen readers skip
 * (they announce the control's own required state instead).
 */
function FieldShell({ label, required, hint, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hinweis` : undefined;
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
      {children({ id, describedBy: hintId })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; hint?: string; className?: string };

export function TextField({ label, hint, className, required, ...input }: Common & ComponentProps<'input'>) {
  return (
    <FieldShell label={label} hint={hint} required={required} className={className}>
      {({ id, describedBy }) => (
        <input id={id} aria-describedby={describedBy} required={required} className={controlClasses} {...input} />
      )}
    </FieldShell>
  );
}

export function TextAreaField({ label, hint, className, required, ...textarea }: Common & ComponentProps<'textarea'>) {
  return (
    <FieldShell label={label} hint={hint} required={required} className={className}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          required={required}
          className={cn(controlClasses, 'resize-y')}
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
  className,
  required,
  options,
  placeholder,
  ...select
}: Common & ComponentProps<'select'> & { options: readonly SelectOption[]; placeholder: string }) {
  return (
    <FieldShell label={label} hint={hint} required={required} className={className}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
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
