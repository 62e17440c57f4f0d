import { TEXT_ATTRIBUTES, WEIGHT_ATTRIBUTES } from '../../../contract/catalogue';
import { Field, TextInput } from '../ui/Field';
import type { FieldProps, TextAttribute, WeightAttribute } from './productFormState';

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
export function GemSpecificationsFieldset({ fields, set, err, disabled }: FieldProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Gemstone specifications</legend>
      {TEXT_ATTRIBUTES.map((k) => (
        <Field
          key={k}
          id={`pf-${k}`}
          label={TEXT_LABELS[k]}
          error={err(k)}
          className={k === 'returnpolicy' ? 'sm:col-span-2' : ''}
        >
          <TextInput id={`pf-${k}`} name={k} value={fields[k]} onChange={set(k)} error={err(k)} />
        </Field>
      ))}
    </fieldset>
  );
}

/** The stone's weights in each unit. */
export function WeightsFieldset({ fields, set, err, disabled }: FieldProps) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Weights</legend>
      {WEIGHT_ATTRIBUTES.map((k) => (
        <Field key={k} id={`pf-${k}`} label={WEIGHT_LABELS[k]} error={err(k)}>
          <TextInput
            id={`pf-${k}`}
            name={k}
            type="number"
            min={0}
            step="any"
            value={fields[k]}
            onChange={set(k)}
            error={err(k)}
          />
        </Field>
      ))}
    </fieldset>
  );
}
