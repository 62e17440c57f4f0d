import type { InputHTMLAttributes, ReactNode } from 'react';
import { TEXT_ATTRIBUTES, WEIGHT_ATTRIBUTES } from '../../../contract/catalogue';
import { Field, Input, Select, Textarea } from '../../ui/form';
import type { FieldProps, ProductFields, TextAttribute, WeightAttribute } from './productFormState';

type Labelled = { state: FieldProps; k: keyof ProductFields; label: string; required?: boolean; className?: string };

/** The id, name, value, change and error of the product field `k` (its id is pf-<k>). */
const bind = ({ fields, set, err }: FieldProps, k: keyof ProductFields) => ({
  id: `pf-${k}`,
  name: k,
  value: fields[k],
  onChange: set(k),
  error: err(k),
});

/** A labelled product field: a text input, or a text area of `rows` lines. */
export function ProductInput({
  state,
  k,
  label,
  required,
  className,
  rows,
  ...input
}: Labelled & { rows?: number } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required'>) {
  return (
    <Field id={`pf-${k}`} label={label} required={required} error={state.err(k)} className={className}>
      {rows ? <Textarea rows={rows} {...bind(state, k)} /> : <Input {...bind(state, k)} {...input} />}
    </Field>
  );
}

/** A labelled product select; `children` are its options. */
export function ProductSelect({
  state,
  k,
  label,
  required,
  children,
  ...select
}: Labelled & { children: ReactNode; disabled?: boolean; onChange?: (e: { target: { value: string } }) => void }) {
  return (
    <Field id={`pf-${k}`} label={label} required={required} error={state.err(k)}>
      <Select {...bind(state, k)} {...select}>
        {children}
      </Select>
    </Field>
  );
}

const TEXT_LABELS: Record<TextAttribute, string> = {
  treatment: 'Treatment',
  cut: 'Cut',
  certification: 'Certification',
  shape: 'Shape',
  composition: 'Composition',
  origin: 'Origin',
  excatdimensions: 'Exact Dimensions',
  dimensiontype: 'Dimension Type',
  refractiveindex: 'Refractive Index',
  specificgravity: 'Specific Gravity',
  returnpolicy: 'Return Policy',
};
const WEIGHT_LABELS: Record<WeightAttribute, string> = {
  weightcarrat: 'Weight (carat)',
  weightratti: 'Weight (ratti)',
  weightkachiratti: 'Weight (kachi ratti)',
  weightpakkiratti: 'Weight (pakki ratti)',
  weightgrams: 'Weight (grams)',
};

/** The stone's text attributes (treatment, cut, origin…). */
export function GemSpecificationsFieldset(form: FieldProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={form.disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Gemstone specifications</legend>
      {TEXT_ATTRIBUTES.map((k) => (
        <ProductInput key={k} state={form} k={k} label={TEXT_LABELS[k]} className={k === 'returnpolicy' ? 'sm:col-span-2' : ''} />
      ))}
    </fieldset>
  );
}

/** The stone's weights in each unit. */
export function WeightsFieldset(form: FieldProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3" disabled={form.disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Weights</legend>
      <p className="text-sm text-gray-600 sm:col-span-3">
        Enter the carat weight: shoppers see its ratti worked out with the ratti setting (Settings). The ratti fields are shown
        only for a piece without a carat weight.
      </p>
      {WEIGHT_ATTRIBUTES.map((k) => (
        <ProductInput key={k} state={form} k={k} label={WEIGHT_LABELS[k]} type="number" min={0} step="any" />
      ))}
    </fieldset>
  );
}
