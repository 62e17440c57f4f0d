import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { catalogueApi } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { type PriceGroup, wholesaleApi } from '../../api/wholesale';
import { errorText } from '../format';
import { notice } from '../ui/Notice';

type Tier = { minquantity: number; percentoff: number };
type Field = 'name' | 'percentoff' | 'tiers' | 'categoryIds';
type Errors = Partial<Record<Field, string>>;
type Values = { name: string; percent: string; tiers: string; chosen: string[] };
type Body = { name: string; percentoff: number; tiers: Tier[]; categoryIds: string[] };

const TIERS_UNREAD = 'Write tiers as quantity:percent, separated by commas (10:12, 25:15)';
const PERCENT_RANGE = 'Percent off must be a whole number from 0 to 60';
const EMPTY: Values = { name: '', percent: '0', tiers: '', chosen: [] };

/** "10:12, 25:15" → tiers of 12% from 10 units and 15% from 25; null when a pair is not two whole numbers. */
function parseTiers(text: string): Tier[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const tiers = parts.map((p) => /^(\d+)\s*:\s*(\d+)$/.exec(p));
  if (tiers.some((m) => m === null)) return null;
  return tiers.map((m) => ({ minquantity: Number(m?.[1]), percentoff: Number(m?.[2]) }));
}

const tiersText = (g: PriceGroup) =>
  g.tiers.length ? g.tiers.map((t) => `${t.percentoff}% from ${t.minquantity}`).join(', ') : 'No tiers';

/** A group as its form shows it: the tiers written back as `quantity:percent`. */
const valuesOf = (g: PriceGroup): Values => ({
  name: g.name,
  percent: String(g.percentoff),
  tiers: g.tiers.map((t) => `${t.minquantity}:${t.percentoff}`).join(', '),
  chosen: [...g.categoryIds],
});

/** What the form can tell before asking the shop (the contract's own words); the rest is the server's to say. */
function check(v: Values): { body: Body | null; errors: Errors } {
  const errors: Errors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Name is required';
  const percent = v.percent.trim();
  if (!/^\d+$/.test(percent) || Number(percent) > 60) errors.percentoff = PERCENT_RANGE;
  const tiers = parseTiers(v.tiers);
  if (!tiers) errors.tiers = TIERS_UNREAD;
  if (Object.keys(errors).length || !tiers) return { body: null, errors };
  return { body: { name, percentoff: Number(percent), tiers, categoryIds: v.chosen }, errors };
}

/** The shop's refusal beside the field it names: a 400's fields (`tiers.0.percentoff` is the tiers'), a name taken (409). */
function serverErrors(err: unknown): Errors | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 409) return { name: err.body?.message ?? 'Another price group has this name' };
  const errors: Errors = {};
  for (const e of err.body?.errors ?? []) {
    const field = e.path.split('.')[0] as Field;
    if (['name', 'percentoff', 'tiers', 'categoryIds'].includes(field) && !errors[field]) {
      errors[field] =
        field === 'tiers' && e.path !== 'tiers' ? `Tier ${Number(e.path.split('.')[1]) + 1}: ${e.message}` : e.message;
    }
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The form of a price group, new or edited: name, percent off, tiers typed as `quantity:percent, …` and the
 * categories ticked (none = all). Each problem shows under its field; `save` answers the shop's message.
 */
function GroupForm({
  title,
  start,
  submitLabel,
  categories,
  save,
  onCancel,
}: {
  title: string;
  start: Values;
  submitLabel: string;
  categories: { _id: string; categoryname: string }[];
  save: (body: Body) => Promise<string>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    setBusy(true);
    try {
      notice.success(await save(checked.body));
      setValues(start);
    } catch (err) {
      const named = serverErrors(err);
      if (named) setErrors(named);
      else notice.error(errorText(err, 'The price group could not be saved', 'Network error. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const field = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined,
  });
  const problem = (f: Field) =>
    errors[f] ? (
      <span id={`${id}-${f}-error`} className="mt-1 block text-sm text-red-700" data-testid={`error-${f}`}>
        {errors[f]}
      </span>
    ) : null;
  const box = (f: Field) => `mt-1 block rounded border px-2 py-1 ${errors[f] ? 'border-red-500' : ''}`;

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border p-4" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <label className="block text-sm">
        Name
        <input
          className={`${box('name')} w-full`}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          maxLength={100}
          {...field('name')}
        />
        {problem('name')}
      </label>
      <label className="block text-sm">
        Percent off list prices (0–60)
        <input
          className={`${box('percentoff')} w-32`}
          inputMode="numeric"
          value={values.percent}
          onChange={(e) => set({ percent: e.target.value })}
          {...field('percentoff')}
        />
        {problem('percentoff')}
      </label>
      <label className="block text-sm">
        Volume tiers (quantity:percent, e.g. 10:12, 25:15)
        <input
          className={`${box('tiers')} w-full`}
          value={values.tiers}
          onChange={(e) => set({ tiers: e.target.value })}
          {...field('tiers')}
        />
        {problem('tiers')}
      </label>
      <fieldset className="text-sm" {...field('categoryIds')}>
        <legend>Categories covered (none ticked = all)</legend>
        {categories.map((c) => (
          <label key={c._id} className="mr-4 inline-flex items-center gap-1">
            <input
              type="checkbox"
              checked={values.chosen.includes(c._id)}
              onChange={(e) =>
                set({ chosen: e.target.checked ? [...values.chosen, c._id] : values.chosen.filter((x) => x !== c._id) })
              }
            />
            {c.categoryname}
          </label>
        ))}
        {problem('categoryIds')}
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className="rounded bg-gray-900 px-4 py-2 text-sm text-white disabled:opacity-60">
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy} className="rounded border px-4 py-2 text-sm">
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The merchant's price groups: a percentage off list prices, volume tiers and the categories covered. */
export default function PriceGroupsPage() {
  const qc = useQueryClient();
  const groups = useQuery({ queryKey: ['admin', 'price-groups'], queryFn: wholesaleApi.priceGroups });
  const categories = useQuery({ queryKey: ['categories'], queryFn: catalogueApi.categories });
  const [editing, setEditing] = useState<string | null>(null);
  const all = categories.data?.categories ?? [];
  const categoryName = new Map(all.map((c) => [c._id, c.categoryname]));
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'price-groups'] });

  async function remove(g: PriceGroup) {
    try {
      const res = await wholesaleApi.deletePriceGroup(g._id);
      notice.success(res.message);
      await refresh();
    } catch (err) {
      notice.error(errorText(err, 'The price group could not be deleted', 'Network error. Please try again.'));
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Price groups</h1>
      <p className="text-sm text-gray-600">
        A business in a group pays the best of the group’s percentage, its volume tier and a running sale — never both. Give a
        group to a business on the Businesses screen.
      </p>
      {groups.isError ? <p role="alert">Price groups could not be loaded.</p> : null}
      <ul className="divide-y rounded-lg border" aria-label="Price groups">
        {(groups.data?.pricegroups ?? []).map((g) => (
          <li key={g._id} className="p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">{g.name}</p>
                <p className="text-sm text-gray-600">
                  {g.percentoff}% off · {tiersText(g)} ·{' '}
                  {g.categoryIds.length ? g.categoryIds.map((id) => categoryName.get(id) ?? id).join(', ') : 'All categories'} ·{' '}
                  {g.businesses === 1 ? '1 business' : `${g.businesses} businesses`}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="rounded border px-3 py-1 text-sm"
                  onClick={() => setEditing(editing === g._id ? null : g._id)}
                  aria-label={`Edit ${g.name}`}
                  aria-expanded={editing === g._id}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="rounded border px-3 py-1 text-sm"
                  onClick={() => remove(g)}
                  aria-label={`Delete ${g.name}`}
                >
                  Delete
                </button>
              </div>
            </div>
            {editing === g._id ? (
              <div className="mt-3">
                <GroupForm
                  title={`Edit ${g.name}`}
                  start={valuesOf(g)}
                  submitLabel="Save changes"
                  categories={all}
                  onCancel={() => setEditing(null)}
                  save={async (body) => {
                    const res = await wholesaleApi.updatePriceGroup(g._id, body);
                    setEditing(null);
                    await refresh();
                    return res.message;
                  }}
                />
              </div>
            ) : null}
          </li>
        ))}
        {groups.data && groups.data.pricegroups.length === 0 ? (
          <li className="p-3 text-sm text-gray-600">No price groups yet.</li>
        ) : null}
      </ul>
      <GroupForm
        title="New price group"
        start={EMPTY}
        submitLabel="Create price group"
        categories={all}
        save={async (body) => {
          const { categoryIds, ...rest } = body;
          const res = await wholesaleApi.createPriceGroup({ ...rest, ...(categoryIds.length ? { categoryIds } : {}) });
          await refresh();
          return res.message;
        }}
      />
    </div>
  );
}
