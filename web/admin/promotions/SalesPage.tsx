import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleStop, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminSale, adminApi } from '../../api/admin';
import { errorText, fieldErrorsOf, formatDateTime, indiaInputValue, instantFromIndiaInput } from '../format';
import { Button, IconButton } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { Field, SelectInput, TextField, TextInput } from '../ui/Field';
import { FormModal } from '../ui/FormModal';
import { LoadError, PageHeader } from '../ui/Page';
import { useAdminList } from '../ui/useAdminList';
import { StatusBadge } from './StatusBadge';

const KEY = ['admin', 'sales'];
const DAY_MS = 86_400_000;

type TargetKind = 'category' | 'subcategory' | 'products';
type Chosen = { _id: string; productname: string };

/** Every subcategory as "Category › Subcategory", for the sale's target. */
async function allSubcategories() {
  const out: { _id: string; label: string }[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await adminApi.subcategories.list(page, 100);
    for (const s of res.data) out.push({ _id: s._id, label: `${s.category?.categoryname ?? '—'} › ${s.subcategoryname}` });
    if (page >= res.pagination.totalPages) break;
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function ProductChooser({
  chosen,
  onChange,
  disabled,
  error,
}: {
  chosen: Chosen[];
  onChange: (next: Chosen[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'sales', 'product-search', asked],
    queryFn: () => adminApi.products.list(1, asked, 10),
    enabled: asked !== '',
  });
  const ids = new Set(chosen.map((c) => c._id));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-800">Products on sale</legend>
      <div className="flex gap-2">
        <TextInput
          id="sale-product-search"
          aria-label="Search products to add"
          placeholder="Search by name"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setAsked(term.trim());
            }
          }}
          disabled={disabled}
        />
        <Button variant="secondary" onClick={() => setAsked(term.trim())} disabled={disabled || !term.trim()}>
          Search
        </Button>
      </div>
      {asked && found.isPending ? <p className="text-sm text-gray-500">Searching…</p> : null}
      {found.isError ? <p className="text-sm text-red-600">{errorText(found.error, 'Could not search products')}</p> : null}
      {found.data ? (
        found.data.products.length ? (
          <ul aria-label="Search results" className="max-h-40 divide-y divide-gray-100 overflow-y-auto rounded-md border">
            {found.data.products.map((p) => (
              <li key={p._id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <span className="min-w-0 truncate">{p.productname}</span>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={disabled || ids.has(p._id)}
                  onClick={() => onChange([...chosen, { _id: p._id, productname: p.productname }])}
                  aria-label={`Add ${p.productname}`}
                >
                  {ids.has(p._id) ? 'Added' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-500">No products match “{asked}”.</p>
        )
      ) : null}
      {chosen.length ? (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
          {chosen.map((c) => (
            <li key={c._id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900">
              {c.productname}
              <button
                type="button"
                aria-label={`Remove ${c.productname}`}
                disabled={disabled}
                onClick={() => onChange(chosen.filter((x) => x._id !== c._id))}
                className="rounded-full p-1 hover:bg-brand-100"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">No products chosen yet.</p>
      )}
      {error ? (
        <p className="text-sm text-red-600" data-testid="sale-products-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SaleModal({
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
  editing: AdminSale | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
}) {
  const now = Date.now();
  const [name, setName] = useState(editing?.name ?? '');
  const [percent, setPercent] = useState(editing ? String(editing.percentoff) : '');
  const [kind, setKind] = useState<TargetKind>(
    editing?.subcategoryId ? 'subcategory' : editing?.productIds?.length ? 'products' : 'category',
  );
  const [categoryId, setCategoryId] = useState(editing?.categoryId ?? '');
  const [subcategoryId, setSubcategoryId] = useState(editing?.subcategoryId ?? '');
  const [chosen, setChosen] = useState<Chosen[]>(editing?.products ?? []);
  const [startsAt, setStartsAt] = useState(indiaInputValue(editing?.startsAt ?? new Date(now)));
  const [endsAt, setEndsAt] = useState(indiaInputValue(editing?.endsAt ?? new Date(now + 7 * DAY_MS)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const cats = useQuery({ queryKey: ['admin', 'categories'], queryFn: adminApi.categories.all });
  const subs = useQuery({ queryKey: ['admin', 'sales', 'subcategories'], queryFn: allSubcategories });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const pct = Number(percent);
    if (!name.trim()) found.name = 'Please enter the sale’s name';
    if (!/^\d+$/.test(percent.trim()) || pct < 1 || pct > 90) found.percentoff = 'Enter a whole percentage from 1 to 90';
    if (kind === 'category' && !categoryId) found.categoryId = 'Choose a category';
    if (kind === 'subcategory' && !subcategoryId) found.subcategoryId = 'Choose a subcategory';
    if (kind === 'products' && !chosen.length) found.productIds = 'Choose at least one product';
    const start = instantFromIndiaInput(startsAt);
    const end = instantFromIndiaInput(endsAt);
    if (!start) found.startsAt = 'Enter when the sale starts';
    if (!end) found.endsAt = 'Enter when the sale ends';
    if (start && end && new Date(end) <= new Date(start)) found.endsAt = 'The end must be after the start';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      name: name.trim(),
      percentoff: pct,
      categoryId: kind === 'category' ? categoryId : null,
      subcategoryId: kind === 'subcategory' ? subcategoryId : null,
      productIds: kind === 'products' ? chosen.map((c) => c._id) : null,
      startsAt: start,
      endsAt: end,
    };
    setSaving(true);
    try {
      if (editing) await adminApi.sales.edit(editing._id, body);
      else await adminApi.sales.create(body);
      onSaved(editing ? 'Sale updated' : 'Sale created');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors({ ...fields, ...(fields.target ? { [kindField(kind)]: fields.target } : {}) });
      else notifyError(errorText(err, editing ? 'Failed to update the sale' : 'Failed to create the sale'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      formId="sale-form"
      title={editing ? 'Edit Sale' : 'Add Sale'}
      size="lg"
      editing={editing !== null}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <TextField
          id="sale-name"
          label="Name"
          required
          error={errors.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          placeholder="e.g. Emerald sale"
          disabled={saving}
          autoFocus
        />
        <TextField
          id="sale-percent"
          label="Percent off"
          required
          error={errors.percentoff}
          inputMode="numeric"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          placeholder="1–90"
          disabled={saving}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">The sale is on</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(
            [
              ['category', 'A category'],
              ['subcategory', 'A subcategory'],
              ['products', 'Chosen products'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="sale-target"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                disabled={saving}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'category' ? (
        <Field id="sale-category" label="Category" required error={errors.categoryId}>
          <SelectInput
            id="sale-category"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            disabled={saving}
            error={errors.categoryId}
          >
            <option value="">{cats.isPending ? 'Loading…' : 'Choose a category'}</option>
            {(cats.data?.data ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.categoryname}
              </option>
            ))}
          </SelectInput>
        </Field>
      ) : kind === 'subcategory' ? (
        <Field id="sale-subcategory" label="Subcategory" required error={errors.subcategoryId}>
          <SelectInput
            id="sale-subcategory"
            value={subcategoryId}
            onChange={(e) => setSubcategoryId(e.target.value)}
            disabled={saving}
            error={errors.subcategoryId}
          >
            <option value="">{subs.isPending ? 'Loading…' : 'Choose a subcategory'}</option>
            {(subs.data ?? []).map((s) => (
              <option key={s._id} value={s._id}>
                {s.label}
              </option>
            ))}
          </SelectInput>
        </Field>
      ) : (
        <ProductChooser chosen={chosen} onChange={setChosen} disabled={saving} error={errors.productIds} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="sale-starts"
          label="Starts (India time)"
          required
          error={errors.startsAt}
          type="datetime-local"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
          disabled={saving}
        />
        <TextField
          id="sale-ends"
          label="Ends (India time)"
          required
          error={errors.endsAt}
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
          disabled={saving}
        />
      </div>
    </FormModal>
  );
}

const kindField = (kind: TargetKind) =>
  kind === 'category' ? 'categoryId' : kind === 'subcategory' ? 'subcategoryId' : 'productIds';

/** The back-office's sales: a whole percentage off a category, a subcategory or chosen products, between two instants. */
export default function SalesPage() {
  const qc = useQueryClient();
  const { notify, removeRow, dialog, openModal, elements } = useAdminList<AdminSale>();
  const [ending, setEnding] = useState<string | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: adminApi.sales.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const open = dialog(reload);
  const rows = list.data?.sales ?? [];

  async function endNow(s: AdminSale) {
    setEnding(s._id);
    try {
      await adminApi.sales.edit(s._id, { endsAt: new Date().toISOString() });
      notify({ kind: 'success', title: 'Success!', text: `${s.name} has ended.` });
    } catch (err) {
      notify({ kind: 'error', title: 'Error!', text: errorText(err, 'Failed to end the sale') });
    } finally {
      setEnding(null);
      await reload();
    }
  }

  return (
    <div>
      <PageHeader
        title="Sales"
        subtitle="A percentage off a category, a subcategory or chosen products. Where several apply, the largest wins."
        actions={
          <Button onClick={() => openModal(null)}>
            <Plus aria-hidden className="size-4" /> Add Sale
          </Button>
        }
      />
      <LoadError query={list}>{errorText(list.error, 'Failed to fetch sales')}</LoadError>
      <DataTable
        caption="Sales"
        loading={list.isPending}
        rows={rows}
        rowKey={(s) => s._id}
        empty='No sales yet. Click "Add Sale" to create one.'
        columns={[
          { header: 'Name', cell: (s) => <span className="font-medium">{s.name}</span> },
          { header: 'Off', cell: (s) => `${s.percentoff}%` },
          { header: 'On', cell: (s) => s.target },
          { header: 'Starts', cell: (s) => formatDateTime(s.startsAt) },
          { header: 'Ends', cell: (s) => formatDateTime(s.endsAt) },
          { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
        ]}
        actions={(s) => (
          <>
            <IconButton label={`Edit ${s.name}`} tone="blue" onClick={() => openModal(s)}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            {s.status === 'running' ? (
              <IconButton label={`End ${s.name} now`} disabled={ending === s._id} onClick={() => endNow(s)}>
                <CircleStop aria-hidden className="size-4" />
              </IconButton>
            ) : null}
            <IconButton
              label={`Delete ${s.name}`}
              tone="red"
              onClick={() =>
                removeRow({
                  remove: () => adminApi.sales.remove(s._id),
                  deleted: 'The sale has been deleted.',
                  failed: (err) => ({ text: errorText(err, 'Failed to delete the sale') }),
                  after: reload,
                })
              }
            >
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {open ? <SaleModal key={open.key} {...open.props} /> : null}
      {elements}
    </div>
  );
}
