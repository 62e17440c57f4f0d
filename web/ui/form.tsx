import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * The web app's form controls, for the storefront and the back-office alike: Input, Select, Textarea, Checkbox,
 * RadioGroup, Field (a label, the control, a hint and the field's problem), TextField and SelectField (a Field with
 * its control), Button, IconButton and SubmitButton. A control whose field shows a problem is marked invalid and
 * points at it (`<id>-error`), and its border turns red.
 */

/**
 * How much room a control takes: `compact` in the back-office and filter bars, `roomy` in a shopper's forms (16 px
 * text, so a phone does not zoom into the field).
 */
type Density = 'compact' | 'roomy';

const CONTROL =
  'block w-full rounded-md border border-gray-300 bg-white px-3 text-gray-900 placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 aria-[invalid=true]:border-red-500';
const DENSITY: Record<Density, string> = { compact: 'py-2 text-sm shadow-sm', roomy: 'py-2.5 text-base' };

/** The look of a text control, for a control that is not one of these (a file picker's label, a search box). */
export const controlClass = (density: Density = 'compact', extra = '') => `${CONTROL} ${DENSITY[density]} ${extra}`.trim();

/** A control's `aria-invalid` and `aria-describedby` while its field shows a problem. */
export const invalidProps = (id: string | undefined, error?: string) =>
  id && error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

type Control = { density?: Density; error?: string };

/** A text input (`name` is its id unless given). */
export function Input({ id, error, density, className = '', ...rest }: InputHTMLAttributes<HTMLInputElement> & Control) {
  return (
    <input id={id} name={rest.name ?? id} className={controlClass(density, className)} {...invalidProps(id, error)} {...rest} />
  );
}

export function Textarea({ id, error, density, className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Control) {
  return (
    <textarea
      id={id}
      name={rest.name ?? id}
      className={controlClass(density, className)}
      {...invalidProps(id, error)}
      {...rest}
    />
  );
}

export function Select({
  id,
  error,
  density,
  className = '',
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & Control) {
  return (
    <select id={id} name={rest.name ?? id} className={controlClass(density, className)} {...invalidProps(id, error)} {...rest}>
      {children}
    </select>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({
  label,
  checked,
  onChange,
  name,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
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

/**
 * One labelled field: the label (a star when `required`; the form checks it), the control (children), a hint and
 * the field's problem (`<id>-error`, which `invalidProps` points the control at).
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
  className,
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
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} data-testid={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a labelled control's Field takes; the control keeps its own props, with the same id and error. */
type Labelled = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** The field's box (the control's own look is `controlClassName`). */
  className?: string;
  controlClassName?: string;
};

function splitLabelled<P extends Labelled>({ label, required, hint, className, controlClassName, ...control }: P) {
  return {
    field: { id: control.id, label, required, error: control.error, hint, className },
    control: { ...control, className: controlClassName },
  };
}

/**
 * A labelled text input with its hint and problem; `children` come right under the input. `onValue` is given the
 * text typed (or `onChange` the event).
 */
export function TextField({
  children,
  onValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> &
  Labelled & { density?: Density; onValue?: (value: string) => void }) {
  const { field, control } = splitLabelled(props);
  return (
    <Field {...field}>
      <Input {...control} {...(onValue ? { onChange: (e) => onValue(e.target.value) } : {})} />
      {children}
    </Field>
  );
}

/**
 * A labelled select with its hint and problem: a blank first option when `blank` is given (its text), then
 * `options`, then any further `children`.
 */
export function SelectField({
  blank,
  options,
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> &
  Labelled & {
    density?: Density;
    blank?: string;
    options: readonly { value: string; label: string }[];
  }) {
  const { field, control } = splitLabelled(props);
  return (
    <Field {...field}>
      <Select {...control}>
        {blank === undefined ? null : <option value="">{blank}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </Select>
    </Field>
  );
}

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-600 disabled:bg-brand-700/60',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
  ghost: 'text-gray-700 hover:bg-gray-100 disabled:text-gray-400',
};
type Variant = keyof typeof VARIANTS;

/** The look of a button, for a link or label that acts as one. */
export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

/** A square icon button; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  children,
  tone = 'gray',
  className = '',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label: string;
  children: ReactNode;
  tone?: 'gray' | 'blue' | 'red' | 'green';
}) {
  const tones = {
    gray: 'text-gray-600 hover:bg-gray-100',
    blue: 'text-blue-700 hover:bg-blue-50',
    red: 'text-red-600 hover:bg-red-50',
    green: 'text-green-700 hover:bg-green-50',
  };
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex size-9 items-center justify-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-40 ${tones[tone]} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A form's submit button: disabled, and saying what is happening, while the form is busy. */
export function SubmitButton({
  busy,
  busyText,
  className = buttonClass('primary'),
  disabled = false,
  children,
}: {
  busy: boolean;
  busyText: string;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={busy || disabled} className={className}>
      {busy ? busyText : children}
    </button>
  );
}
