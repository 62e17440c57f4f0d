import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminSale, adminApi } from '../../api/admin';
import { Button, Input, RadioGroup, SelectField, TextField } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { FormModal, useDialogSave } from '../ui/FormModal';
import type { ListDialogProps } from '../ui/useAdminList';
import { PeriodFields, usePeriod } from './Period';
import { PromotionList } from './PromotionList';
import { StatusBadge } from './StatusBadge';

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
        <Input
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

function SaleModal(dialog: ListDialogProps<AdminSale>) {
  const { editing } = dialog;
  const [name, setName] = useState(editing?.name ?? '');
  const [percent, setPercent] = useState(editing ? String(editing.percentoff) : '');
  const [kind, setKind] = useState<TargetKind>(
    editing?.subcategoryId ? 'subcategory' : editing?.productIds?.length ? 'products' : 'category',
  );
  const [categoryId, setCategoryId] = useState(editing?.categoryId ?? '');
  const [subcategoryId, setSubcategoryId] = useState(editing?.subcategoryId ?? '');
  const [chosen, setChosen] = useState<Chosen[]>(editing?.products ?? []);
  const period = usePeriod('sale', editing, 7);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save, form: modal } = useDialogSave(dialog, 'Sale');
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
    const when = period.check(found);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      name: name.trim(),
      percentoff: pct,
      categoryId: kind === 'category' ? categoryId : null,
      subcategoryId: kind === 'subcategory' ? subcategoryId : null,
      productIds: kind === 'products' ? chosen.map((c) => c._id) : null,
      ...when,
    };
    await save(
      () => (editing ? adminApi.sales.edit(editing._id, body) : adminApi.sales.create(body)),
      {
        saved: editing ? 'Sale updated' : 'Sale created',
        failed: editing ? 'Failed to update the sale' : 'Failed to create the sale',
      },
      (fields) => {
        if (Object.keys(fields).length) setErrors({ ...fields, ...(fields.target ? { [kindField(kind)]: fields.target } : {}) });
        return Object.keys(fields).length > 0;
      },
    );
  }

  // The category or subcategory the sale is on: its choice, and what there is to choose from.
  const [target, setTarget, options, loading] =
    kind === 'category'
      ? [categoryId, setCategoryId, (cats.data?.data ?? []).map((c) => ({ value: c._id, label: c.categoryname })), cats.isPending]
      : [subcategoryId, setSubcategoryId, (subs.data ?? []).map((s) => ({ value: s._id, label: s.label })), subs.isPending];
  const targetLabel = kind === 'category' ? 'Category' : 'Subcategory';

  return (
    <FormModal {...modal} size="lg" onSubmit={submit} className="space-y-4">
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
      <RadioGroup
        legend="The sale is on"
        name="sale-target"
        value={kind}
        options={[
          ['category', 'A category'],
          ['subcategory', 'A subcategory'],
          ['products', 'Chosen products'],
        ]}
        onChange={setKind}
        disabled={saving}
      />
      {kind !== 'products' ? (
        <SelectField
          id={`sale-${kind}`}
          label={targetLabel}
          required
          error={errors[kindField(kind)]}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          disabled={saving}
          blank={loading ? 'Loading…' : `Choose a ${kind}`}
          options={options}
        />
      ) : (
        <ProductChooser chosen={chosen} onChange={setChosen} disabled={saving} error={errors.productIds} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <PeriodFields period={period} errors={errors} disabled={saving} />
      </div>
    </FormModal>
  );
}

const kindField = (kind: TargetKind) =>
  kind === 'category' ? 'categoryId' : kind === 'subcategory' ? 'subcategoryId' : 'productIds';

/** The back-office's sales: a whole percentage off a category, a subcategory or chosen products, between two instants. */
export default function SalesPage() {
  return (
    <PromotionList
      noun="sale"
      subtitle="A percentage off a category, a subcategory or chosen products. Where several apply, the largest wins."
      api={adminApi.sales}
      rowsOf={(data) => data.sales}
      name={(s) => s.name}
      canEnd={(s) => s.status === 'running'}
      deleted="The sale has been deleted."
      columns={[
        { header: 'Name', cell: (s) => <span className="font-medium">{s.name}</span> },
        { header: 'Off', cell: (s) => `${s.percentoff}%` },
        { header: 'On', cell: (s) => s.target },
        { header: 'Starts', cell: (s) => formatDateTime(s.startsAt) },
        { header: 'Ends', cell: (s) => formatDateTime(s.endsAt) },
        { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
      ]}
      dialog={SaleModal}
    />
  );
}
