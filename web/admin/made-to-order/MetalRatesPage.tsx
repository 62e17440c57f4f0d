import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type MetalRate, madeToOrderApi } from '../../api/made-to-order';
import { Button, Input } from '../../ui/form';
import { errorText, formatDateTime, formatINR } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const KEY = ['admin', 'metal-rates'];

/** What the merchant typed for a rate: '' (left as it is) or rupees per gram, more than 0, at most 2 decimals. */
export function checkRate(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'Rate must be a number of rupees with at most 2 decimals';
  if (Number(t) <= 0) return 'Rate must be more than 0';
  if (Number(t) > 1_000_000) return 'Rate must be at most ₹10,00,000 a gram';
  return undefined;
}

function RateState({ rate }: { rate: MetalRate }) {
  if (rate.updatedAt === null) return <span className="text-xs text-gray-500">Not given yet: sold as “Price on request”</span>;
  return (
    <span className={`text-xs ${rate.current ? 'text-gray-500' : 'text-amber-800'}`} data-testid="rate-state">
      {rate.current ? 'Given' : 'Older than 3 days: “Price on request” until updated. Given'} {formatDateTime(rate.updatedAt)}
    </span>
  );
}

/** The day's rate per gram of each metal and purity, typed by the merchant (or fetched daily when METAL_RATES_URL is set). */
export default function MetalRatesPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: madeToOrderApi.rates.list });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rates = query.data?.rates ?? [];

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const [metal, text] of Object.entries(draft)) {
      const error = checkRate(text);
      if (error) found[metal] = error;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const changed = Object.entries(draft)
      .filter(([, text]) => text.trim() !== '')
      .map(([metal, text]) => ({ metal: metal as MetalRate['metal'], pergram: Number(text.trim()) }));
    if (changed.length === 0) {
      notice.info('Type a new rate first');
      return;
    }
    setBusy(true);
    try {
      const res = await madeToOrderApi.rates.save(changed);
      qc.setQueryData(KEY, res);
      setDraft({});
      notice.success(changed.length === 1 ? 'Rate saved' : `${changed.length} rates saved`);
    } catch (err) {
      notice.error(errorText(err, 'The rates could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader
        title="Metal rates"
        subtitle="Rate per gram of each metal and purity, used to price pieces made to order. A rate older than 3 days is not sold at: the piece shows “Price on request”."
      />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the metal rates')}</LoadError>
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading metal rates"
          className="h-48 animate-pulse rounded-xl bg-gray-100"
        />
      ) : (
        <form onSubmit={save} noValidate aria-label="Metal rates">
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm">
            {rates.map((rate) => {
              const id = `rate-${rate.metal}`;
              return (
                <li key={rate.metal} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="metal-rate">
                  <label htmlFor={id} className="w-full font-medium text-gray-900 sm:w-56">
                    {rate.label}
                  </label>
                  <span className="w-32 text-sm text-gray-800" data-testid="rate-now">
                    {rate.pergram === null ? '—' : `${formatINR(rate.pergram)}/g`}
                  </span>
                  <div className="w-40">
                    <Input
                      id={id}
                      inputMode="decimal"
                      placeholder="New rate per gram"
                      value={draft[rate.metal] ?? ''}
                      aria-invalid={errors[rate.metal] ? true : undefined}
                      aria-describedby={errors[rate.metal] ? `${id}-error` : undefined}
                      onChange={(e) => setDraft((d) => ({ ...d, [rate.metal]: e.target.value }))}
                      disabled={busy}
                    />
                    {errors[rate.metal] ? (
                      <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
                        {errors[rate.metal]}
                      </p>
                    ) : null}
                  </div>
                  <RateState rate={rate} />
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save rates'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
