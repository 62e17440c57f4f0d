import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { countryName, ISO_COUNTRIES } from '../../../contract/countries';
import type { ShippingZone, shippingZoneRoutes } from '../../../contract/shipping-zones';
import { routeCaller } from '../../api/client';
import { Button, Input, Select } from '../../ui/form';
import { errorText } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const call = routeCaller<typeof shippingZoneRoutes>();
const KEY = ['admin', 'shipping-zones'];

type RateDraft = { _id?: string; name: string; price: string; freeabove: string; mindays: string; maxdays: string };
type ZoneDraft = { key: string; _id?: string; name: string; countries: string[]; rates: RateDraft[] };

let drafts = 0;
const toDraft = (z: ShippingZone): ZoneDraft => ({
  key: z._id,
  _id: z._id,
  name: z.name,
  countries: z.countries,
  rates: z.rates.map((r) => ({
    _id: r._id,
    name: r.name,
    price: String(r.price),
    freeabove: r.freeabove === null ? '' : String(r.freeabove),
    mindays: String(r.mindays),
    maxdays: String(r.maxdays),
  })),
});
const emptyRate = (): RateDraft => ({ name: '', price: '0', freeabove: '', mindays: '3', maxdays: '7' });

/** Every ISO country by its name, for the pickers. */
const BY_NAME = ISO_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));

/** The shipping zones: the countries each ships to (by name) and its rates (price, free above, delivery days). */
export default function ShippingZonesPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: async () => (await call('GET /a1/api/shipping/zones')).zones });
  const [edited, setEdited] = useState<ZoneDraft[] | null>(null);
  const [busy, setBusy] = useState(false);
  const zones = edited ?? (query.data ?? []).map(toDraft);
  const zoneOf = useMemo(() => {
    const m = new Map<string, string>();
    for (const z of zones) for (const c of z.countries) m.set(c, z.name);
    return m;
  }, [zones]);

  const change = (key: string, f: (z: ZoneDraft) => ZoneDraft) => setEdited(zones.map((z) => (z.key === key ? f(z) : z)));
  const changeRate = (key: string, i: number, patch: Partial<RateDraft>) =>
    change(key, (z) => ({ ...z, rates: z.rates.map((r, k) => (k === i ? { ...r, ...patch } : r)) }));

  async function save() {
    setBusy(true);
    try {
      const body = zones.map((z) => ({
        ...(z._id ? { _id: z._id } : {}),
        name: z.name,
        countries: z.countries,
        rates: z.rates.map((r) => ({
          ...(r._id ? { _id: r._id } : {}),
          name: r.name,
          price: Number(r.price),
          freeabove: r.freeabove.trim() === '' ? null : Number(r.freeabove),
          mindays: Number(r.mindays),
          maxdays: Number(r.maxdays),
        })),
      }));
      const res = await call('PUT /a1/api/admin/shipping/zones', { body: { zones: body } });
      qc.setQueryData(KEY, res.zones);
      setEdited(null);
      notice.success('Shipping zones saved');
    } catch (err) {
      notice.error(errorText(err, 'The shipping zones could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader
        title="Shipping zones"
        subtitle="Each country ships by the rates of its zone; a country in no zone cannot be shipped to. A rate is free once the cart's subtotal reaches its free-above amount."
      />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the shipping zones')}</LoadError>
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading shipping zones"
          className="h-48 animate-pulse rounded-xl bg-gray-100"
        />
      ) : (
        <div className="space-y-4">
          {zones.map((z) => (
            <section
              key={z.key}
              aria-label={`Zone ${z.name}`}
              className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
              data-testid="shipping-zone"
            >
              <div className="flex flex-wrap items-end gap-3">
                <label className="text-sm font-medium text-gray-900">
                  Zone name
                  <Input
                    value={z.name}
                    disabled={busy}
                    onChange={(e) => change(z.key, (d) => ({ ...d, name: e.target.value }))}
                  />
                </label>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setEdited(zones.filter((d) => d.key !== z.key))}
                >
                  Remove zone
                </Button>
              </div>
              <div>
                <p className="text-sm font-medium text-gray-900">Countries ({z.countries.length})</p>
                <ul className="mt-1 flex max-h-40 flex-wrap gap-1 overflow-y-auto">
                  {z.countries
                    .map((c) => ({ c, name: countryName(c) }))
                    .sort((a, b) => a.name.localeCompare(b.name))
                    .map(({ c, name }) => (
                      <li key={c} className="flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs">
                        {name}
                        <button
                          type="button"
                          aria-label={`Remove ${name}`}
                          disabled={busy}
                          className="text-gray-500 hover:text-red-700"
                          onClick={() => change(z.key, (d) => ({ ...d, countries: d.countries.filter((x) => x !== c) }))}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                </ul>
                <label className="mt-2 block text-sm text-gray-700">
                  Add a country
                  <Select
                    value=""
                    disabled={busy}
                    onChange={(e) => {
                      const code = e.target.value;
                      if (code) change(z.key, (d) => ({ ...d, countries: [...d.countries, code] }));
                    }}
                  >
                    <option value="">Choose a country…</option>
                    {BY_NAME.filter((c) => !z.countries.includes(c.code)).map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                        {zoneOf.has(c.code) ? ` (in ${zoneOf.get(c.code)})` : ''}
                      </option>
                    ))}
                  </Select>
                </label>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="text-left text-gray-600">
                      <th className="px-1 font-medium">Rate</th>
                      <th className="px-1 font-medium">Price (₹)</th>
                      <th className="px-1 font-medium">Free above (₹)</th>
                      <th className="px-1 font-medium">Fewest days</th>
                      <th className="px-1 font-medium">Most days</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {z.rates.map((r, i) => (
                      <tr key={r._id ?? `new-${i}`} data-testid="shipping-rate">
                        {(['name', 'price', 'freeabove', 'mindays', 'maxdays'] as const).map((f) => (
                          <td key={f} className="px-1 py-1">
                            <Input
                              aria-label={`${z.name} rate ${i + 1} ${f}`}
                              inputMode={f === 'name' ? undefined : 'decimal'}
                              value={r[f]}
                              placeholder={f === 'freeabove' ? 'Never' : undefined}
                              disabled={busy}
                              onChange={(e) => changeRate(z.key, i, { [f]: e.target.value })}
                            />
                          </td>
                        ))}
                        <td className="px-1">
                          <button
                            type="button"
                            className="text-xs text-red-700 underline"
                            disabled={busy}
                            onClick={() => change(z.key, (d) => ({ ...d, rates: d.rates.filter((_, k) => k !== i) }))}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <button
                  type="button"
                  className="mt-2 text-sm font-medium text-brand-700 underline"
                  disabled={busy}
                  onClick={() => change(z.key, (d) => ({ ...d, rates: [...d.rates, emptyRate()] }))}
                >
                  Add a rate
                </button>
              </div>
            </section>
          ))}
          <div className="flex flex-wrap justify-between gap-3">
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() =>
                setEdited([...zones, { key: `new-zone-${++drafts}`, name: 'New zone', countries: [], rates: [emptyRate()] }])
              }
            >
              Add a zone
            </Button>
            <Button type="button" disabled={busy || edited === null} onClick={() => void save()}>
              {busy ? 'Saving…' : 'Save zones'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
