import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminApi, type TaxRow } from '../../api/admin';
import { IconButton, Input } from '../../ui/form';
import { errorText, fieldErrorsOf } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const KEY = ['admin', 'tax'];

type Draft = { hsn: string; gstrate: string };
type Errors = { hsn?: string; gstrate?: string };

export function checkTax(d: Draft): Errors {
  const e: Errors = {};
  if (!/^\d{4,8}$/.test(d.hsn.trim())) e.hsn = 'HSN code must be 4 to 8 digits';
  const rate = d.gstrate.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(rate)) e.gstrate = 'GST rate must be a number with at most 2 decimals';
  else if (Number(rate) > 28) e.gstrate = 'GST rate must be between 0 and 28';
  return e;
}

const rateText = (n: number) => `${Number(n.toFixed(2))}%`;

/** Where the usual rate of the row's HSN code comes from, and a warning when the row's rate is not it. */
function UsualRate({ row }: { row: TaxRow }) {
  if (row.basis === null || row.usualrate === null) return null;
  const differs = row.usualrate !== row.gstrate;
  return (
    <p className={`w-full text-xs ${differs ? 'text-amber-800' : 'text-gray-500'}`} data-testid="tax-basis">
      {differs ? `Not the scheduled rate: ${row.basis}` : row.basis}
    </p>
  );
}

/** One category's row: shows its HSN and rate, or (while edited) two inputs with Save and Cancel. */
function TaxRowView({
  row,
  editing,
  onEdit,
  onCancel,
  onSave,
}: {
  row: TaxRow;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (draft: Draft) => Promise<Errors | null>;
}) {
  const [draft, setDraft] = useState<Draft>({ hsn: row.hsn, gstrate: String(row.gstrate) });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const base = `tax-${row.categoryId}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkTax(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const refused = await onSave(draft);
    setBusy(false);
    if (refused) setErrors(refused);
  }

  if (!editing) {
    return (
      <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="tax-row">
        <span className="w-full font-medium wrap-anywhere text-gray-900 sm:w-auto sm:min-w-40 sm:flex-1">{row.categoryname}</span>
        <span className="w-28 text-sm text-gray-800">
          <span className="text-gray-500">HSN </span>
          <span data-testid="tax-hsn">{row.hsn}</span>
        </span>
        <span className="w-28 text-sm text-gray-800">
          <span className="text-gray-500">GST </span>
          <span data-testid="tax-rate">{rateText(row.gstrate)}</span>
        </span>
        <span className="w-20 text-xs text-gray-500">{row.isdefault ? 'Default' : ''}</span>
        <IconButton className="ml-auto sm:ml-0" label={`Edit tax of ${row.categoryname}`} tone="blue" onClick={onEdit}>
          <Pencil aria-hidden className="size-4" />
        </IconButton>
        <UsualRate row={row} />
      </li>
    );
  }
  return (
    <li className="bg-brand-50/40 px-4 py-3" data-testid="tax-row">
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-start gap-x-4 gap-y-2"
        aria-label={`Tax of ${row.categoryname}`}
      >
        <span className="w-full font-medium wrap-anywhere text-gray-900 sm:w-auto sm:min-w-40 sm:flex-1 sm:pt-2">
          {row.categoryname}
        </span>
        <div className="w-32">
          <label htmlFor={`${base}-hsn`} className="sr-only">
            HSN code of {row.categoryname}
          </label>
          <Input
            id={`${base}-hsn`}
            value={draft.hsn}
            inputMode="numeric"
            maxLength={8}
            placeholder="HSN"
            aria-invalid={errors.hsn ? true : undefined}
            aria-describedby={errors.hsn ? `${base}-hsn-error` : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, hsn: e.target.value }))}
            disabled={busy}
            autoFocus
          />
          {errors.hsn ? (
            <p id={`${base}-hsn-error`} className="mt-1 text-xs text-red-600">
              {errors.hsn}
            </p>
          ) : null}
        </div>
        <div className="w-32">
          <label htmlFor={`${base}-rate`} className="sr-only">
            GST rate (%) of {row.categoryname}
          </label>
          <div className="flex items-center gap-1">
            <Input
              id={`${base}-rate`}
              value={draft.gstrate}
              inputMode="decimal"
              aria-invalid={errors.gstrate ? true : undefined}
              aria-describedby={errors.gstrate ? `${base}-rate-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, gstrate: e.target.value }))}
              disabled={busy}
            />
            <span aria-hidden className="text-sm text-gray-600">
              %
            </span>
          </div>
          {errors.gstrate ? (
            <p id={`${base}-rate-error`} className="mt-1 text-xs text-red-600">
              {errors.gstrate}
            </p>
          ) : null}
        </div>
        <div className="flex gap-1">
          <IconButton type="submit" label={`Save tax of ${row.categoryname}`} tone="green" disabled={busy}>
            <Check aria-hidden className="size-4" />
          </IconButton>
          <IconButton label="Cancel" onClick={onCancel} disabled={busy}>
            <X aria-hidden className="size-4" />
          </IconButton>
        </div>
      </form>
    </li>
  );
}

/** HSN code and GST rate per category, edited in place (a category without its own row: HSN 7103, 0.25%). */
export default function TaxPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: adminApi.tax.list });
  const [editing, setEditing] = useState<string | null>(null);
  const rows = query.data?.tax ?? [];

  /** Saves one row: the list sent keeps every other category's own row (the server replaces the whole list). */
  async function save(row: TaxRow, draft: Draft): Promise<Errors | null> {
    const edited = { categoryId: row.categoryId, hsn: draft.hsn.trim(), gstrate: Number(draft.gstrate) };
    const others = rows
      .filter((r) => !r.isdefault && r.categoryId !== row.categoryId)
      .map((r) => ({ categoryId: r.categoryId, hsn: r.hsn, gstrate: r.gstrate }));
    const list = [...others, edited];
    try {
      const res = await adminApi.tax.save(list);
      qc.setQueryData(KEY, { success: true, tax: res.tax });
      setEditing(null);
      notice.success(`${row.categoryname}: HSN ${edited.hsn}, GST ${rateText(edited.gstrate)}`);
      return null;
    } catch (err) {
      const at = list.length - 1;
      const fields = fieldErrorsOf(err);
      notice.error(errorText(err, 'The tax rates could not be saved'));
      if (err && typeof err === 'object' && 'status' in err && err.status === 404) void qc.invalidateQueries({ queryKey: KEY });
      return { hsn: fields[`tax.${at}.hsn`], gstrate: fields[`tax.${at}.gstrate`] };
    }
  }

  return (
    <div>
      <PageHeader
        title="Tax"
        subtitle="HSN code and GST rate of each category, printed on tax invoices. Prices include GST. A category without its own rate is taxed as loose stones: HSN 7103, 0.25%."
      />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the tax rates')}</LoadError>
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading tax rates"
          className="h-48 animate-pulse rounded-xl bg-gray-100"
        />
      ) : rows.length === 0 && !query.isError ? (
        <p className="rounded-lg border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600">
          No categories yet: add one under Categories first.
        </p>
      ) : (
        <ul
          className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm"
          aria-label="Tax per category"
        >
          {rows.map((row) => (
            <TaxRowView
              key={`${row.categoryId}-${row.hsn}-${row.gstrate}-${editing === row.categoryId}`}
              row={row}
              editing={editing === row.categoryId}
              onEdit={() => setEditing(row.categoryId)}
              onCancel={() => setEditing(null)}
              onSave={(draft) => save(row, draft)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
