import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { GEM_LABS, GEM_ORIGINS, GEM_SHAPES, GEM_TREATMENTS, type GemChoice } from '../../../contract/gems';
import { shownName } from '../../../contract/menu-names';
import type { Category, Subcategory } from '../../api/catalogue';
import { Input, Select } from '../../ui/form';
import { Icon } from '../../ui/icons';
import { Summary } from '../../ui/Summary';
import { useDetails } from '../../ui/useDetails';
import { type CatalogueFilter, filterFromForm, type SortOrder } from './filterGrammar';
import { activeFilterCount, SORT_LABELS } from './filterHelpers';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const SLIDERS = 'M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3';

type FilterBarProps = {
  /** The filter in force (read from the URL). */
  filter: CatalogueFilter;
  categories: readonly Category[];
  /** Every subcategory, with its category. */
  subcategories: readonly Subcategory[];
  /**
   * Called with the new filter (page 1) when the shopper applies it; `keepOpen` when only the sort was chosen (it
   * applies at once, and the phone's sheet stays open for more).
   */
  onApply: (filter: CatalogueFilter, how?: { keepOpen?: boolean }) => void;
  /** Clear All: back to every product. */
  onClear: () => void;
};

type Draft = {
  search: string;
  categoryId: string;
  subcategoryId: string;
  min: string;
  max: string;
  sort: SortOrder;
  caratmin: string;
  caratmax: string;
  rattimin: string;
  rattimax: string;
  origin: string;
  shape: string;
  treatment: string;
  lab: string;
};
const GEM_NUMBERS = ['caratmin', 'caratmax', 'rattimin', 'rattimax'] as const;
const GEM_SELECTS: {
  key: 'origin' | 'shape' | 'treatment' | 'lab';
  label: string;
  any: string;
  choices: readonly GemChoice[];
}[] = [
  { key: 'origin', label: 'Origin', any: 'Any origin', choices: GEM_ORIGINS },
  { key: 'shape', label: 'Shape', any: 'Any shape', choices: GEM_SHAPES },
  { key: 'treatment', label: 'Treatment', any: 'Any treatment', choices: GEM_TREATMENTS },
  { key: 'lab', label: 'Lab certificate', any: 'With or without', choices: GEM_LABS },
];
const GEM_NUMBER_LABELS: Record<(typeof GEM_NUMBERS)[number], string> = {
  caratmin: 'Min carat',
  caratmax: 'Max carat',
  rattimin: 'Min ratti',
  rattimax: 'Max ratti',
};

const SORT_OPTIONS = (['newest', 'oldest', 'asc', 'desc'] as const).map((value) => ({ value, label: SORT_LABELS[value] }));

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
    caratmin: f.caratmin !== undefined ? String(f.caratmin) : '',
    caratmax: f.caratmax !== undefined ? String(f.caratmax) : '',
    rattimin: f.rattimin !== undefined ? String(f.rattimin) : '',
    rattimax: f.rattimax !== undefined ? String(f.rattimax) : '',
    origin: f.origin?.[0] ?? '',
    shape: f.shape?.[0] ?? '',
    treatment: f.treatment?.[0] ?? '',
    lab: f.lab?.[0] ?? '',
  };
}

const labelClass = 'mb-1 block text-xs font-semibold tracking-wide text-gray-700 uppercase';

/** The form's fields as the page shows them (what the shopper may have chosen before the app took the page over). */
function draftOnPage(form: HTMLFormElement, draft: Draft): Draft {
  const value = (field: string, key: keyof Draft) => {
    const el = form.elements.namedItem(field);
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : draft[key];
  };
  return {
    search: value('search', 'search'),
    categoryId: value('category', 'categoryId'),
    subcategoryId: value('subcategory', 'subcategoryId'),
    min: value('min', 'min'),
    max: value('max', 'max'),
    sort: value('sort', 'sort') as SortOrder,
    caratmin: value('caratmin', 'caratmin'),
    caratmax: value('caratmax', 'caratmax'),
    rattimin: value('rattimin', 'rattimin'),
    rattimax: value('rattimax', 'rattimax'),
    origin: value('origin', 'origin'),
    shape: value('shape', 'shape'),
    treatment: value('treatment', 'treatment'),
    lab: value('lab', 'lab'),
  };
}

/**
 * The listing's filter form: name search, category, subcategory (disabled until a category is chosen),
 * min and max price (0 or more), sort (applied at once, with the rest of the form), Apply Filters ('Applying...'
 * briefly) and Clear All.
 * A real GET form on /all (fields of contract/filter.ts FILTER_FORM_FIELDS): before the app runs, or without
 * JavaScript, the server turns it into the listing's URL; once live, the app checks and applies it itself.
 * @forTests the filter form is tested without the bar around it.
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
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter, categories, subcategories));

  // What the shopper typed or chose on the server's page before the app took it over is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the form becomes live
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const onPage = draftOnPage(formRef.current, draft);
    if (JSON.stringify(onPage) !== JSON.stringify(draft)) setDraft(onPage);
  }, []);
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
    if (apply(draft)) setApplying(true);
  }

  /** Checks the form and applies it; false (with the error shown) when a price or weight is wrong. */
  function apply(draft: Draft, how?: { keepOpen?: boolean }): boolean {
    const min = draft.min.trim() === '' ? undefined : Number(draft.min);
    const max = draft.max.trim() === '' ? undefined : Number(draft.max);
    if ((min !== undefined && !(min >= 0)) || (max !== undefined && !(max >= 0))) {
      setPriceError('Prices must be 0 or more');
      return false;
    }
    if (min !== undefined && max !== undefined && max < min) {
      setPriceError('Max price must not be less than min price');
      return false;
    }
    for (const [low, high, unit] of [
      ['caratmin', 'caratmax', 'carat'],
      ['rattimin', 'rattimax', 'ratti'],
    ] as const) {
      const a = draft[low].trim() === '' ? undefined : Number(draft[low]);
      const b = draft[high].trim() === '' ? undefined : Number(draft[high]);
      if ((a !== undefined && !(a >= 0)) || (b !== undefined && !(b >= 0))) {
        setPriceError(`Weights in ${unit} must be 0 or more`);
        return false;
      }
      if (a !== undefined && b !== undefined && b < a) {
        setPriceError(`Max ${unit} must not be less than min ${unit}`);
        return false;
      }
    }
    setPriceError('');
    // The same reading of the form as the server's for a form sent before the app ran (contract/filter.ts).
    onApply(
      filterFromForm({
        search: draft.search,
        category: categories.find((c) => c._id === draft.categoryId)?.categoryname,
        subcategory: subcategories.find((s) => s._id === draft.subcategoryId)?.subcategoryname,
        min: draft.min,
        max: draft.max,
        sort: draft.sort,
        caratmin: draft.caratmin,
        caratmax: draft.caratmax,
        rattimin: draft.rattimin,
        rattimax: draft.rattimax,
        origin: draft.origin,
        shape: draft.shape,
        treatment: draft.treatment,
        lab: draft.lab,
      }),
      how,
    );
    return true;
  }

  const grid =
    layout === 'bar'
      ? 'grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(10rem,1.5fr)_repeat(2,minmax(8rem,1fr))_repeat(2,minmax(6rem,0.7fr))_minmax(9rem,1fr)_auto]'
      : 'grid grid-cols-2 gap-4';
  const errorId = `${id}-price-error`;

  return (
    <form ref={formRef} method="get" action="/all" onSubmit={submit} aria-label="Filter products" className={grid} noValidate>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={labelClass}>
          Search
        </label>
        <Input
          id={`${id}-search`}
          name="search"
          type="search"
          value={draft.search}
          onChange={(e) => set('search', e.target.value)}
          placeholder="Product name"
          className="h-10"
        />
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : ''}>
        <label htmlFor={`${id}-category`} className={labelClass}>
          Category
        </label>
        <Select
          id={`${id}-category`}
          name="category"
          value={draft.categoryId}
          onChange={(e) => setDraft((d) => ({ ...d, categoryId: e.target.value, subcategoryId: '' }))}
          className="h-10"
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.categoryname}
            </option>
          ))}
        </Select>
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : ''}>
        <label htmlFor={`${id}-subcategory`} className={labelClass}>
          Subcategory
        </label>
        <Select
          id={`${id}-subcategory`}
          name="subcategory"
          value={draft.subcategoryId}
          onChange={(e) => set('subcategoryId', e.target.value)}
          disabled={!draft.categoryId}
          className="h-10"
        >
          <option value="">{draft.categoryId ? 'All subcategories' : 'Choose a category first'}</option>
          {subOptions.map((s) => (
            <option key={s._id} value={s._id}>
              {shownName(s)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-min`} className={labelClass}>
          Min price (₹)
        </label>
        <Input
          id={`${id}-min`}
          name="min"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={draft.min}
          onChange={(e) => set('min', e.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
          className="h-10"
        />
      </div>
      <div>
        <label htmlFor={`${id}-max`} className={labelClass}>
          Max price (₹)
        </label>
        <Input
          id={`${id}-max`}
          name="max"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={draft.max}
          onChange={(e) => set('max', e.target.value)}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
          className="h-10"
        />
      </div>
      <div className={layout === 'sheet' ? 'col-span-2' : 'col-span-2 sm:col-span-1'}>
        <label htmlFor={`${id}-sort`} className={labelClass}>
          Sort by
        </label>
        <Select
          id={`${id}-sort`}
          name="sort"
          value={draft.sort}
          onChange={(e) => {
            const next = { ...draft, sort: e.target.value as SortOrder };
            setDraft(next);
            // A sort applies at once, with whatever else the form holds; the phone's sheet stays open.
            apply(next, { keepOpen: true });
          }}
          className="h-10"
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <div
        className={
          layout === 'sheet'
            ? // At the foot of the sheet, always in reach however far its fields are scrolled.
              'sticky -bottom-8 order-last col-span-2 -mx-5 -mb-8 flex gap-2 border-t border-gray-200 bg-white px-5 pt-3 pb-5'
            : 'col-span-2 flex gap-2 lg:col-span-1'
        }
      >
        <button
          type="submit"
          disabled={applying}
          className="h-10 flex-1 rounded-md bg-brand-700 px-4 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-80"
        >
          {applying ? 'Applying...' : 'Apply Filters'}
        </button>
        <button
          type="submit"
          name="clear"
          value="all"
          onClick={(e) => {
            e.preventDefault();
            onClear();
          }}
          className="h-10 rounded-md border border-gray-300 bg-white px-4 text-sm font-semibold whitespace-nowrap text-gray-800 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          Clear All
        </button>
      </div>
      <fieldset
        className={`col-span-full grid grid-cols-2 gap-3 ${layout === 'bar' ? 'sm:grid-cols-4 lg:grid-cols-8' : ''}`}
        aria-describedby={priceError ? errorId : undefined}
      >
        <legend className="sr-only">Gem details</legend>
        {GEM_NUMBERS.map((key) => (
          <div key={key}>
            <label htmlFor={`${id}-${key}`} className={labelClass}>
              {GEM_NUMBER_LABELS[key]}
            </label>
            <Input
              id={`${id}-${key}`}
              name={key}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
              className="h-10"
            />
          </div>
        ))}
        {GEM_SELECTS.map((g) => (
          <div key={g.key}>
            <label htmlFor={`${id}-${g.key}`} className={labelClass}>
              {g.label}
            </label>
            <Select
              id={`${id}-${g.key}`}
              name={g.key}
              value={draft[g.key]}
              onChange={(e) => set(g.key, e.target.value)}
              className="h-10"
            >
              <option value="">{g.any}</option>
              {g.choices.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </fieldset>
      {priceError && (
        <p id={errorId} role="alert" className="col-span-full text-sm text-red-700">
          {priceError}
        </p>
      )}
    </form>
  );
}

/**
 * The filter bar: inline from 768 px up; below that a Filters button (with a count badge) opening a bottom sheet.
 * The sheet is a `<details>`: it opens before the app runs and without JavaScript (a tap outside it closes it);
 * once live, the app also closes it on Escape, the close button, applying or clearing.
 */
export function FilterBar(props: FilterBarProps) {
  const sheet = useDetails();
  const { open, setOpen } = sheet;
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  // Until the app is live the sheet's form is in the page (closed, the browser hides it); then only while open.
  const [live, setLive] = useState(false);
  useLayoutEffect(() => setLive(true), []);
  const count = activeFilterCount(props.filter);

  const close = () => {
    setOpen(false);
    summaryRef.current?.focus();
  };
  useEffect(() => {
    if (!open || !live) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        summaryRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, live, setOpen]);

  return (
    <>
      <div className="hidden rounded-lg border border-gray-200 bg-gray-50 p-4 md:block">
        <FilterForm {...props} />
      </div>
      <details ref={sheet.ref} open={open} className="group/sheet md:hidden">
        <Summary
          ref={summaryRef}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={sheet.onSummaryClick}
          className="flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-gray-300 bg-white font-semibold text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Icon d={SLIDERS} className="size-5" />
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
          {/* The shade behind the open sheet is part of the summary: a tap on it closes the sheet, even without the app. */}
          <span aria-hidden="true" className="fixed inset-0 z-50 hidden cursor-default bg-black/40 group-open/sheet:block" />
        </Summary>
        {(open || !live) && (
          <div
            ref={panelRef}
            role="dialog"
            aria-labelledby={`${id}-title`}
            tabIndex={-1}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-5 pb-8 shadow-xl outline-none"
          >
            <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-gray-300" aria-hidden="true" />
            <div className="mb-4 flex items-center justify-between">
              <h2 id={`${id}-title`} className="text-lg font-semibold">
                Filter products
              </h2>
              <button
                type="button"
                aria-label="Close filters"
                onClick={close}
                className="rounded-md p-2 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <Icon name="close" className="size-5" />
              </button>
            </div>
            <p className="sr-only">Choose filters, then apply them to the product list.</p>
            <FilterForm
              {...props}
              layout="sheet"
              onApply={(f, how) => {
                if (!how?.keepOpen) setOpen(false);
                props.onApply(f, how);
              }}
              onClear={() => {
                setOpen(false);
                props.onClear();
              }}
            />
          </div>
        )}
      </details>
    </>
  );
}
