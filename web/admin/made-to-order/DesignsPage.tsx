import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DESIGN_KINDS, type DesignBody, METAL_KEYS, METALS, type Metal } from '../../../contract/made-to-order';
import { type Design, madeToOrderApi } from '../../api/made-to-order';
import { SelectField, TextField } from '../../ui/form';
import { errorText } from '../format';
import { AdminListScreen } from '../ui/AdminListScreen';
import { FormModal, useDialogSave } from '../ui/FormModal';
import { type ListDialogProps, useAdminList } from '../ui/useAdminList';
import { DesignPictures } from './DesignPictures';

const KEY = ['admin', 'designs'];
const KIND_LABEL: Record<Design['kind'], string> = {
  ring: 'Ring',
  pendant: 'Pendant',
  bracelet: 'Bracelet',
  earrings: 'Earrings',
};

type Draft = {
  name: string;
  kind: Design['kind'];
  grams: Record<Metal, string>;
  gramspersize: string;
  makingType: Design['making']['type'];
  makingValue: string;
  shapes: string;
  mincarat: string;
  maxcarat: string;
  days: string;
  active: boolean;
};
type Errors = Partial<Record<string, string>>;

const draftOf = (d: Design | null): Draft => ({
  name: d?.name ?? '',
  kind: d?.kind ?? 'ring',
  grams: Object.fromEntries(METAL_KEYS.map((m) => [m, String(d?.metals.find((x) => x.metal === m)?.grams ?? '')])) as Record<
    Metal,
    string
  >,
  gramspersize: String(d?.gramspersize ?? 0),
  makingType: d?.making.type ?? 'percent',
  makingValue: String(d?.making.value ?? ''),
  shapes: d?.shapes.join(', ') ?? '',
  mincarat: String(d?.mincarat ?? ''),
  maxcarat: String(d?.maxcarat ?? ''),
  days: String(d?.days ?? ''),
  active: d?.active ?? true,
});

const decimal = (s: string, places: number) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(s.trim());

/** The draft as the server takes it, or the errors of its fields (checked as the server checks them). */
export function designFromDraft(d: Draft): { body: DesignBody } | { errors: Errors } {
  const errors: Errors = {};
  if (!d.name.trim()) errors.name = 'Please enter the design’s name';
  const metals = METAL_KEYS.filter((m) => d.grams[m].trim() !== '').map((m) => ({ metal: m, grams: Number(d.grams[m]) }));
  for (const m of METAL_KEYS) {
    const g = d.grams[m].trim();
    if (g !== '' && (!decimal(g, 3) || Number(g) <= 0)) errors[`grams-${m}`] = 'Grams must be more than 0, at most 3 decimals';
  }
  if (metals.length === 0) errors.metals = 'Give the grams of at least one metal';
  if (!decimal(d.gramspersize, 3)) errors.gramspersize = 'Grams per size must be 0 or more, at most 3 decimals';
  if (!decimal(d.makingValue, 2)) errors.makingValue = 'Making charge must be a number, at most 2 decimals';
  const shapes = [
    ...new Set(
      d.shapes
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (shapes.length === 0) errors.shapes = 'Give at least one stone shape';
  if (!decimal(d.mincarat, 3)) errors.mincarat = 'Smallest stone must be a number of carats';
  if (!decimal(d.maxcarat, 3)) errors.maxcarat = 'Largest stone must be a number of carats';
  else if (!errors.mincarat && Number(d.mincarat) > Number(d.maxcarat)) {
    errors.maxcarat = 'The smallest stone must not be larger than the largest';
  }
  if (!/^\d+$/.test(d.days.trim()) || Number(d.days) < 1 || Number(d.days) > 365) {
    errors.days = 'Making time must be a whole number of days from 1 to 365';
  }
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      name: d.name.trim(),
      kind: d.kind,
      metals,
      gramspersize: Number(d.gramspersize),
      making: { type: d.makingType, value: Number(d.makingValue) },
      shapes,
      mincarat: Number(d.mincarat),
      maxcarat: Number(d.maxcarat),
      days: Number(d.days),
      active: d.active,
    },
  };
}

function DesignModal(dialog: ListDialogProps<Design>) {
  const { editing } = dialog;
  const qc = useQueryClient();
  const [d, setD] = useState<Draft>(() => draftOf(editing));
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save, form: modal } = useDialogSave(dialog, 'Design');
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = designFromDraft(d);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await save(
      () => (editing ? madeToOrderApi.designs.update(editing._id, checked.body) : madeToOrderApi.designs.create(checked.body)),
      {
        saved: editing ? 'Design updated' : 'Design created',
        failed: editing ? 'Failed to update the design' : 'Failed to create the design',
      },
      (fields) => {
        setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    );
  }

  return (
    <FormModal {...modal} size="lg" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="design-name"
          label="Name"
          required
          error={errors.name}
          value={d.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
          disabled={saving}
        />
        <SelectField
          id="design-kind"
          label="Kind"
          value={d.kind}
          options={DESIGN_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          onChange={(e) => set({ kind: e.target.value as Design['kind'] })}
          disabled={saving}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-gray-800">
          Grams of each metal it is made in (rings: at size 12; blank: not offered)
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {METAL_KEYS.map((m) => (
            <TextField
              key={m}
              id={`grams-${m}`}
              label={METALS[m]}
              inputMode="decimal"
              error={errors[`grams-${m}`]}
              value={d.grams[m]}
              onChange={(e) => set({ grams: { ...d.grams, [m]: e.target.value } })}
              disabled={saving}
            />
          ))}
        </div>
        {errors.metals ? <p className="mt-1 text-sm text-red-600">{errors.metals}</p> : null}
      </fieldset>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <TextField
          id="gramspersize"
          label="Grams per ring size"
          hint="Added for each size above 12"
          inputMode="decimal"
          error={errors.gramspersize}
          value={d.gramspersize}
          onChange={(e) => set({ gramspersize: e.target.value })}
          disabled={saving}
        />
        <SelectField
          id="making-type"
          label="Making charge"
          value={d.makingType}
          options={[
            { value: 'percent', label: 'Percent of the metal' },
            { value: 'pergram', label: 'Rupees per gram' },
          ]}
          onChange={(e) => set({ makingType: e.target.value as Draft['makingType'] })}
          disabled={saving}
        />
        <TextField
          id="making-value"
          label={d.makingType === 'percent' ? 'Making (%)' : 'Making (₹ per gram)'}
          required
          inputMode="decimal"
          error={errors.makingValue ?? errors['making.value']}
          value={d.makingValue}
          onChange={(e) => set({ makingValue: e.target.value })}
          disabled={saving}
        />
        <TextField
          id="design-shapes"
          label="Stone shapes that fit"
          hint="Separated by commas: Oval, Cushion"
          required
          className="sm:col-span-3"
          error={errors.shapes}
          value={d.shapes}
          onChange={(e) => set({ shapes: e.target.value })}
          disabled={saving}
        />
        <TextField
          id="mincarat"
          label="Smallest stone (carats)"
          inputMode="decimal"
          required
          error={errors.mincarat}
          value={d.mincarat}
          onChange={(e) => set({ mincarat: e.target.value })}
          disabled={saving}
        />
        <TextField
          id="maxcarat"
          label="Largest stone (carats)"
          inputMode="decimal"
          required
          error={errors.maxcarat}
          value={d.maxcarat}
          onChange={(e) => set({ maxcarat: e.target.value })}
          disabled={saving}
        />
        <TextField
          id="design-days"
          label="Making time (days)"
          inputMode="numeric"
          required
          error={errors.days}
          value={d.days}
          onChange={(e) => set({ days: e.target.value })}
          disabled={saving}
        />
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} disabled={saving} />
        Offered in the shop
      </label>
      {editing ? (
        <DesignPictures
          design={editing}
          onChanged={() => qc.invalidateQueries({ queryKey: KEY })}
          notifyError={dialog.notifyError}
        />
      ) : (
        <p className="mt-4 text-sm text-gray-600">Pictures are added once the design is saved (Edit).</p>
      )}
    </FormModal>
  );
}

const makingText = (m: Design['making']) => (m.type === 'percent' ? `${m.value}% of metal` : `₹${m.value}/g`);

/** The designs a loose stone can be set in: what they are made of, what fits them, and whether the shop offers them. */
export default function DesignsPage() {
  const qc = useQueryClient();
  const list = useAdminList<Design>();
  const query = useQuery({ queryKey: KEY, queryFn: madeToOrderApi.designs.list });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  return (
    <AdminListScreen
      list={list}
      noun="Design"
      plural="Designs"
      subtitle="Rings, pendants, bracelets and earrings a loose stone is set in, priced from the day’s metal rates."
      query={query}
      loadFailed={errorText(query.error, 'Failed to fetch the designs')}
      rows={query.data?.designs ?? []}
      rowKey={(d) => d._id}
      empty='No designs yet. Click "Add Design" to create the first one.'
      columns={[
        { header: 'Name', cell: (d) => <span className="font-medium">{d.name}</span> },
        { header: 'Kind', cell: (d) => KIND_LABEL[d.kind] },
        { header: 'Metals', cell: (d) => d.metals.map((m) => `${METALS[m.metal]} ${m.grams} g`).join(', ') },
        { header: 'Making', cell: (d) => makingText(d.making) },
        { header: 'Fits', cell: (d) => `${d.shapes.join(', ')} · ${d.mincarat}–${d.maxcarat} ct` },
        { header: 'Days', cell: (d) => d.days },
        { header: 'Offered', cell: (d) => (d.active ? 'Yes' : 'No') },
      ]}
      rowName={(d) => d.name}
      onDelete={(d) =>
        list.removeRow({
          remove: () => madeToOrderApi.designs.remove(d._id),
          deleted: 'Design deleted.',
          failed: (err) => ({ text: errorText(err, 'Failed to delete the design') }),
          after: reload,
        })
      }
      dialog={DesignModal}
      reload={reload}
    />
  );
}
