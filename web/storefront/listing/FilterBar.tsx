import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Category, Subcategory } from '../../api/catalogue';
import { type CatalogueFilter, filterWords, type SortOrder } from './filterGrammar';
import { activeFilterCount } from './filterHelpers';

export type FilterBarProps = {
  /** The filter in force (read from the URL). */
  filter: CatalogueFilter;
  categories: readonly Category[];
  /** Every subcategory, with its category. */
  subcategories: readonly Subcategory[];
  /** Called with the new filter (page 1) when the shopper applies it. */
  onApply: (filter: CatalogueFilter) => void;
  /** Clear All: back to every product. */
  onClear: () => void;
};

type Draft = { search: string; categoryId: string; subcategoryId: string; min: string; max: string; sort: SortOrder };

const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'asc', label: 'Price: low to high' },
  { value: 'desc', label: 'Price: high to low' },
];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function draftOf(f: CatalogueFilter, categories: readonly Category[], subcategories: readonly Subcategory[]): Draft {
  const category = f.categories[0];
  const subcategory = f.subcategories[0];
  const sub = subcategory
    ? subcategories.find(
        (s) => same(s.subcategoryname, subcategory) && (!category || same(s.category?.categoryname ?? '', category)),
      )
    : undefined;
  const cat = category
    ? categories.find((c) => same(c.categoryname, category))
    : sub?.category
      ? categories.find((c) => c._id === sub.category?._id)
      : undefined;
  return {
    search: f.search.join(' '),
    categoryId: cat?._id ?? '',
    subcategoryId: sub?._id ?? '',
    min: f.min !== undefined ? String(f.min) : '',
    max: f.max !== undefined ? String(f.max) : '',
    sort: f.sort ?? 'newest',
  };
}

const inputClass =
  'h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500';
const labelClass = 'mb-1 block text-xs font-semibold tracking-wide text-gray-700 uppercase';

/**
 * The listing's filter form: name search, category, subcategory (disabled until a category is chosen),
 * min and max price (0 or more), sort, Apply Filters ('Applying...' briefly) and Clear All.
 */
export function FilterForm({
  filter,
  categories,
  subcategories,
  onApply,
  onClear,
  layout = 'bar',
}: FilterBarProps & {
  layout?: 'bar' | 'sheet';
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter, categories, subcategories));
  const [applying, setApplying] = useState(false);
  const [priceError, setPriceError] = useState('');

  // A new filter in the URL (or the names arriving) resets the form to what is in force.
  const source = JSON.stringify(filter) + categories.length + subcategories.length;
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setDraft(draftOf(filter, categories, subcategories));
    setPriceError('');
  }

  useEffect(() => {
    if (!applying) return;
    const t = setTimeout(() => setApplying(false), 600);
    return () => clearTimeout(t);
  }, [applying]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const subOptions = draft.categoryId ? subcategories.filter((s) => s.category?._id === draft.categoryId) : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    const min = draft.min.trim() === '' ? undefined : Number(draft.min);
    const max = draft.max.trim() === '' ? undefined : Number(draft.max);
    if ((min !== undefined && !(min >= 0)) || (max !== undefined && !(max >= 0))) {
      setPriceError('Prices must be 0 or more');
      return;
    }
    if (min !== undefined && max !== undefined && max < min) {
      setPriceError('Max price must not be less than min price');
      return;
    }
    setPriceError('');
    setApplying(true);
    const category = categories.find((c) => c._id === draft.categoryId)?.categoryname;
    const subcategory = subcategories.find((s) => s._id === draft.subcategoryId)?.subcategoryname;
    onApply({
      categories: category ? [category] : [],
      subcategories: category && subcategory ? [subcategory] : [],
      search: filterWords(draft.search),
      min,
      max,
      sort: draft.sort,
      page: 1,
    });
  }

  const grid =
    layout === 'bar'
      ? 'grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(10rem,1.5fr)_repeat(2,minmax(8rem,1fr))_repeat(2,minmax(6rem,0.7fr))_minmax(9rem,1fr)_auto]'
      : 'grid grid-cols-2 gap-4';
  const errorId = `${id}-price-error`;

  return (
    <form onSubmit={submit} aria-label="Filter products" className={grid} noValidate>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={labelClass}>
          Search
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={draft.search}
          onChange={(e) => set('search', e.target.value)}
          placeholder="Product name"
          className={inputClass}
        />
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : ''}>
        <label htmlFor={`${id}-category`} className={labelClass}>
          Category
        </label>
        <select
          id={`${id}-category`}
          value={draft.categoryId}
          onChange={(e) => setDraft((d) => ({ ...d, categoryId: e.target.value, subcategoryId: '' }))}
          className={inputClass}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.categoryname}
            </option>
          ))}
        </select>
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : ''}>
        <label htmlFor={`${id}-subcategory`} className={labelClass}>
          Subcategory
        </label>
        <select
          id={`${id}-subcategory`}
          value={draft.subcategoryId}
          onChange={(e) => set('subcategoryId', e.target.value)}
          disabled={!draft.categoryId}
          className={inputClass}
        >
          <option value="">{draft.categoryId ? 'All subcategories' : 'Choose a category first'}</option>
          {subOptions.map((s) => (
            <option key={s._id} value={s._id}>
              {s.subcategoryname}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-min`} className={labelClass}>
          Min price (₹)
        </label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={draft.min}
          onChange={(e) => set('min', e.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-max`} className={labelClass}>
          Max price (₹)
        </label>
        <input
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={draft.max}
          onChange={(e) => set('max', e.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
          className={inputClass}
        />
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : 'col-span-2 sm:col-span-1'}>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          value={draft.sort}
          onChange={(e) => set('sort', e.target.value as SortOrder)}
          className={inputClass}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button
          type="submit"
          disabled={applying}
          className="h-10 flex-1 rounded-md bg-brand-700 px-4 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-80"
        >
          {applying ? 'Applying...' : 'Apply Filters'}
        </button>
        <button
          type="button"
          onClick={onClear}
          className="h-10 rounded-md border border-gray-300 bg-white px-4 text-sm font-semibold whitespace-nowrap text-gray-800 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          Clear All
        </button>
      </div>
      {priceError && (
        <p id={errorId} role="alert" className="col-span-full text-sm text-red-700">
          {priceError}
        </p>
      )}
    </form>
  );
}

// The phone bottom sheet (a Radix dialog) is fetched when a shopper first opens it: wide screens never need it.
const FilterSheet = lazy(() => import('./FilterSheet'));

/** The filter bar: inline from 768 px up; below that a Filters button (with a count badge) opening a bottom sheet. */
export function FilterBar(props: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const count = activeFilterCount(props.filter);
  return (
    <>
      <div className="hidden rounded-lg border border-gray-200 bg-gray-50 p-4 md:block">
        <FilterForm {...props} />
      </div>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="flex h-11 w-full items-center justify-center gap-2 rounded-md border border-gray-300 bg-white font-semibold text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none md:hidden"
      >
        <SlidersHorizontal aria-hidden className="size-5" />
        Filters
        {count > 0 && (
          <span
            data-testid="filter-count"
            className="flex size-6 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
          >
            {count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FilterSheet {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
