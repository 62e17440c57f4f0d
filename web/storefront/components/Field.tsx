import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * One labelled field of a shopper's form: the label, the control (children), then the field's problem, or while it
 * has none a hint. The problem is `<id>-error`; `invalidProps` points the control at it.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="mt-1 text-xs text-gray-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A control's `aria-invalid` and `aria-describedby` while its field shows a problem. */
export const invalidProps = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  error?: string;
  hint?: string;
};

/** A labelled text input with its problem (or hint) under it; `children` come right under the input. */
export function TextField({ id, label, value, onChange, error, hint, children, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} {...input} value={value} onChange={(e) => onChange(e.target.value)} {...invalidProps(id, error)} />
      {children}
    </Field>
  );
}

/** A form's submit button: disabled, and saying what is happening, while the form is busy. */
export function SubmitButton({
  busy,
  busyText,
  className,
  disabled = false,
  children,
}: {
  busy: boolean;
  busyText: string;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={busy || disabled} className={className}>
      {busy ? busyText : children}
    </button>
  );
}
