import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-red-500';

/** A label, the control, a hint and the field's error, wired together for screen readers. */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function TextInput({ id, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string }) {
  return <input id={id} name={rest.name ?? id} className={inputClass} {...described(id, error)} {...rest} />;
}

export function TextArea({ id, error, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; error?: string }) {
  return <textarea id={id} name={rest.name ?? id} className={inputClass} {...described(id, error)} {...rest} />;
}

export function SelectInput({
  id,
  error,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; error?: string }) {
  return (
    <select id={id} name={rest.name ?? id} className={inputClass} {...described(id, error)} {...rest}>
      {children}
    </select>
  );
}

/** What a labelled control's Field takes; the control keeps its own props, with the same id and error. */
type Labelled = { id: string; label: string; required?: boolean; error?: string; hint?: ReactNode; className?: string };

function splitLabelled<P extends Labelled>({ label, required, hint, className, ...control }: P) {
  return { field: { id: control.id, label, required, error: control.error, hint, className }, control };
}

/** A labelled text input with its hint and error (`required` marks the label; the form checks it). */
export function TextField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> & Labelled) {
  const { field, control } = splitLabelled(props);
  return (
    <Field {...field}>
      <TextInput {...control} />
    </Field>
  );
}

/**
 * A labelled select with its hint and error: a blank first option when `blank` is given (its text), then `options`,
 * then any further `children`.
 */
export function SelectField({
  blank,
  options,
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> &
  Labelled & {
    blank?: string;
    options: readonly { value: string; label: string }[];
  }) {
  const { field, control } = splitLabelled(props);
  return (
    <Field {...field}>
      <SelectInput {...control}>
        {blank === undefined ? null : <option value="">{blank}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </SelectInput>
    </Field>
  );
}

/** A row of radio buttons under a legend: `options` are [value, label] pairs. */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {options.map(([v, label]) => (
          <label key={v} className="flex items-center gap-2">
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} disabled={disabled} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
