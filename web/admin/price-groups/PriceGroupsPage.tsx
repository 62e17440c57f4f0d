import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { catalogueApi } from '../../api/catalogue';
import { type PriceGroup, wholesaleApi } from '../../api/wholesale';
import { errorText } from '../format';

/** "10:12, 25:15" → tiers of 12% from 10 units and 15% from 25; null when a pair is not two whole numbers. */
function parseTiers(text: string): { minquantity: number; percentoff: number }[] | null {
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

/** The merchant's price groups: a percentage off list prices, volume tiers and the categories covered. */
export default function PriceGroupsPage() {
  const qc = useQueryClient();
  const groups = useQuery({ queryKey: ['admin', 'price-groups'], queryFn: wholesaleApi.priceGroups });
  const categories = useQuery({ queryKey: ['categories'], queryFn: catalogueApi.categories });
  const [name, setName] = useState('');
  const [percent, setPercent] = useState('0');
  const [tiers, setTiers] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const categoryName = new Map((categories.data?.categories ?? []).map((c) => [c._id, c.categoryname]));

  async function create(e: FormEvent) {
    e.preventDefault();
    const parsed = parseTiers(tiers);
    if (!parsed) {
      toast.error('Write tiers as quantity:percent, separated by commas (10:12, 25:15)');
      return;
    }
    setBusy(true);
    try {
      const res = await wholesaleApi.createPriceGroup({
        name: name.trim(),
        percentoff: Number(percent),
        tiers: parsed,
        ...(chosen.length ? { categoryIds: chosen } : {}),
      });
      toast.success(res.message);
      setName('');
      setPercent('0');
      setTiers('');
      setChosen([]);
      await qc.invalidateQueries({ queryKey: ['admin', 'price-groups'] });
    } catch (err) {
      toast.error(errorText(err, 'The price group could not be created', 'Network error. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(g: PriceGroup) {
    try {
      const res = await wholesaleApi.deletePriceGroup(g._id);
      toast.success(res.message);
      await qc.invalidateQueries({ queryKey: ['admin', 'price-groups'] });
    } catch (err) {
      toast.error(errorText(err, 'The price group could not be deleted', 'Network error. Please try again.'));
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
          <li key={g._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div>
              <p className="font-medium">{g.name}</p>
              <p className="text-sm text-gray-600">
                {g.percentoff}% off · {tiersText(g)} ·{' '}
                {g.categoryIds.length ? g.categoryIds.map((id) => categoryName.get(id) ?? id).join(', ') : 'All categories'} ·{' '}
                {g.businesses === 1 ? '1 business' : `${g.businesses} businesses`}
              </p>
            </div>
            <button
              type="button"
              className="rounded border px-3 py-1 text-sm"
              onClick={() => remove(g)}
              aria-label={`Delete ${g.name}`}
            >
              Delete
            </button>
          </li>
        ))}
        {groups.data && groups.data.pricegroups.length === 0 ? (
          <li className="p-3 text-sm text-gray-600">No price groups yet.</li>
        ) : null}
      </ul>
      <form onSubmit={create} className="space-y-3 rounded-lg border p-4" aria-label="New price group">
        <h2 className="font-semibold">New price group</h2>
        <label className="block text-sm">
          Name
          <input
            className="mt-1 block w-full rounded border px-2 py-1"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
          />
        </label>
        <label className="block text-sm">
          Percent off list prices (0–60)
          <input
            className="mt-1 block w-32 rounded border px-2 py-1"
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </label>
        <label className="block text-sm">
          Volume tiers (quantity:percent, e.g. 10:12, 25:15)
          <input
            className="mt-1 block w-full rounded border px-2 py-1"
            value={tiers}
            onChange={(e) => setTiers(e.target.value)}
          />
        </label>
        <fieldset className="text-sm">
          <legend>Categories covered (none ticked = all)</legend>
          {(categories.data?.categories ?? []).map((c) => (
            <label key={c._id} className="mr-4 inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={chosen.includes(c._id)}
                onChange={(e) => setChosen((was) => (e.target.checked ? [...was, c._id] : was.filter((x) => x !== c._id)))}
              />
              {c.categoryname}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} className="rounded bg-gray-900 px-4 py-2 text-sm text-white">
          Create price group
        </button>
      </form>
    </div>
  );
}
