import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FX_RATE_MAX_AGE_MS } from '../../../contract/currency-rules';
import { type AdminCurrencies, currencyApi } from '../../api/currencies';
import { Button, Input, Select } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const KEY = ['admin', 'currencies'];

type Row = { code: string; rate: string; updatedAt: string | null };

/** What the merchant typed for a rate: units of the currency per rupee, a number above 0 with at most 10 decimals. */
export function checkFxRate(text: string): string | undefined {
  const t = text.trim();
  if (!/^\d+(\.\d{1,10})?$/.test(t)) return 'Enter the rate as a number (units per rupee, at most 10 decimals)';
  if (Number(t) <= 0) return 'A rate must be more than 0';
  return undefined;
}

/** 0.0118 US$ per rupee reads as "1 USD = ₹84.75". */
const rupeesPerUnit = (code: string, rate: string) => {
  const r = Number(rate);
  return r > 0 ? `1 ${code} = ₹${(1 / r).toLocaleString('en-IN', { maximumFractionDigits: 2 })}` : '';
};

const rowsOf = (data: AdminCurrencies): Row[] =>
  data.currencies.filter((c) => c.code !== 'INR').map((c) => ({ code: c.code, rate: String(c.rate), updatedAt: c.updatedAt }));

function RefreshState({ refresh }: { refresh: AdminCurrencies['refresh'] }) {
  if (!refresh.enabled) {
    return (
      <p className="mb-4 text-sm text-gray-600">
        The rates are typed here. Set FX_RATES_URL on the server to refresh them every day.
      </p>
    );
  }
  return (
    <div className="mb-4 rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm" data-testid="fx-refresh">
      <p className="text-gray-800">
        Refreshed daily from the rates source.{' '}
        {refresh.lastSuccessAt ? `Last refreshed ${formatDateTime(refresh.lastSuccessAt)}.` : 'Not refreshed yet.'}
      </p>
      {refresh.lastError ? (
        <p role="alert" className="mt-1 text-red-700">
          Last attempt{refresh.lastAttemptAt ? ` (${formatDateTime(refresh.lastAttemptAt)})` : ''} failed: {refresh.lastError}.
          The rates below were kept.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The currencies a buyer abroad may pay in (INR is always there): each with its rate in units per rupee, when it
 * was set, and the daily refresh's state. A rate older than 7 days is never charged at.
 */
export default function CurrenciesPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: currencyApi.admin.list });
  const [edited, setEdited] = useState<Row[] | null>(null);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rows = edited ?? (query.data ? rowsOf(query.data) : []);
  const enabled = new Set(rows.map((r) => r.code));
  const addable = currencyApi.supported.filter((c) => !enabled.has(c));
  const now = Date.now();

  const change = (code: string, rate: string) => setEdited(rows.map((r) => (r.code === code ? { ...r, rate } : r)));

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const r of rows) {
      const error = checkFxRate(r.rate);
      if (error) found[r.code] = error;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = await currencyApi.admin.save(rows.map((r) => ({ code: r.code, rate: Number(r.rate.trim()) })));
      qc.setQueryData(KEY, res);
      setEdited(null);
      notice.success('Currencies saved');
    } catch (err) {
      notice.error(errorText(err, 'The currencies could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader
        title="Currencies"
        subtitle="Buyers abroad see prices converted and may pay in these currencies. The rate is units of the currency per rupee; a rate older than 7 days is never charged at."
      />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the currencies')}</LoadError>
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading currencies"
          className="h-48 animate-pulse rounded-xl bg-gray-100"
        />
      ) : query.data ? (
        <form onSubmit={save} noValidate aria-label="Currencies">
          <RefreshState refresh={query.data.refresh} />
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
            <li className="flex flex-wrap items-center gap-x-4 px-4 py-3 text-sm text-gray-600">
              <span className="w-16 font-medium text-gray-900">INR</span> Indian rupee, the shop's own: always there.
            </li>
            {rows.map((r) => {
              const id = `fx-${r.code}`;
              const stale = r.updatedAt !== null && now - new Date(r.updatedAt).getTime() > FX_RATE_MAX_AGE_MS;
              return (
                <li key={r.code} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="currency-row">
                  <label htmlFor={id} className="w-16 font-medium text-gray-900">
                    {r.code}
                  </label>
                  <div className="w-44">
                    <Input
                      id={id}
                      inputMode="decimal"
                      value={r.rate}
                      aria-invalid={errors[r.code] ? true : undefined}
                      aria-describedby={errors[r.code] ? `${id}-error` : undefined}
                      onChange={(e) => change(r.code, e.target.value)}
                      disabled={busy}
                    />
                    {errors[r.code] ? (
                      <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
                        {errors[r.code]}
                      </p>
                    ) : null}
                  </div>
                  <span className="w-40 text-sm text-gray-700">{rupeesPerUnit(r.code, r.rate)}</span>
                  <span className={`text-xs ${stale ? 'text-amber-800' : 'text-gray-500'}`}>
                    {r.updatedAt === null
                      ? 'New: saved with the rest'
                      : `${stale ? 'Older than 7 days: not charged at until updated. ' : ''}Set ${formatDateTime(r.updatedAt)}`}
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    className="ml-auto"
                    onClick={() => setEdited(rows.filter((x) => x.code !== r.code))}
                    disabled={busy}
                  >
                    Remove {r.code}
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
            <div className="flex items-end gap-2">
              <label className="text-sm text-gray-700">
                Add a currency
                <Select className="mt-1 w-32" value={adding} onChange={(e) => setAdding(e.target.value)} disabled={busy}>
                  <option value="">Choose…</option>
                  {addable.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </label>
              <Button
                type="button"
                variant="secondary"
                disabled={!adding || busy}
                onClick={() => {
                  setEdited([...rows, { code: adding, rate: '', updatedAt: null }]);
                  setAdding('');
                }}
              >
                Add
              </Button>
            </div>
            <Button type="submit" disabled={busy || edited === null}>
              {busy ? 'Saving…' : 'Save currencies'}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
