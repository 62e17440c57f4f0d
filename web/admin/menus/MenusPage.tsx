import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MENU_ENTRIES_MAX, MENU_NOTE_MAX, shownName } from '../../../contract/menu-names';
import { type AdminMenus, adminApi } from '../../api/admin';
import { catalogueApi } from '../../api/catalogue';
import { Button, Input, Select } from '../../ui/form';
import { errorText } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const KEY = ['admin', 'menus'];

type Menu = AdminMenus['menus'][number];
type Place = Menu['entries'][number];
/** A category or subcategory the merchant may place: `c:<id>` or `s:<id>`. */
type Choice = { key: string; name: string };

const keyOf = (p: Pick<Place, 'category' | 'subcategory'>) => (p.category ? `c:${p.category}` : `s:${p.subcategory}`);

function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** One menu: its places in order, each with its note, moved up or down or taken out, and a choice to add. */
function MenuCard({
  menu,
  choices,
  busy,
  onChange,
}: {
  menu: Menu;
  choices: Choice[];
  busy: boolean;
  onChange: (entries: Place[]) => void;
}) {
  const [adding, setAdding] = useState('');
  const placed = new Set(menu.entries.map(keyOf));
  const addable = choices.filter((c) => !placed.has(c.key));
  const full = menu.entries.length >= MENU_ENTRIES_MAX;
  const set = (i: number, place: Place) => onChange(menu.entries.map((p, j) => (j === i ? place : p)));
  const selectId = `add-${menu.menu}`;

  return (
    <section aria-label={menu.label} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <h2 className="border-b border-gray-100 px-4 py-3 font-semibold text-gray-900">{menu.label}</h2>
      {menu.entries.length === 0 ? <p className="px-4 py-3 text-sm text-gray-500">Nothing in this menu.</p> : null}
      <ol className="divide-y divide-gray-100">
        {menu.entries.map((p, i) => {
          const noteId = `note-${menu.menu}-${i}`;
          return (
            <li key={keyOf(p)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2" data-testid="menu-place">
              <span className="min-w-48 flex-1 text-sm text-gray-900">
                {p.name}
                {p.shown ? null : <span className="ml-2 text-xs text-amber-800">Not shown: no active product yet</span>}
              </span>
              <label htmlFor={noteId} className="sr-only">
                Note for {p.name}
              </label>
              <Input
                id={noteId}
                className="w-48"
                placeholder="Note, e.g. Leo"
                maxLength={MENU_NOTE_MAX}
                value={p.note}
                onChange={(e) => set(i, { ...p, note: e.target.value })}
                disabled={busy}
              />
              <Button
                type="button"
                variant="secondary"
                aria-label={`Move ${p.name} up`}
                disabled={busy || i === 0}
                onClick={() => onChange(moved(menu.entries, i, i - 1))}
              >
                ↑
              </Button>
              <Button
                type="button"
                variant="secondary"
                aria-label={`Move ${p.name} down`}
                disabled={busy || i === menu.entries.length - 1}
                onClick={() => onChange(moved(menu.entries, i, i + 1))}
              >
                ↓
              </Button>
              <Button
                type="button"
                variant="secondary"
                aria-label={`Remove ${p.name} from ${menu.label}`}
                disabled={busy}
                onClick={() => onChange(menu.entries.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-2 border-t border-gray-100 px-4 py-3">
        <div>
          <label htmlFor={selectId} className="block text-sm text-gray-700">
            Add to {menu.label}
          </label>
          <Select
            id={selectId}
            className="mt-1 w-72"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            disabled={busy || full}
          >
            <option value="">Choose a category or subcategory…</option>
            {addable.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="button"
          variant="secondary"
          disabled={!adding || busy || full}
          onClick={() => {
            const choice = choices.find((c) => c.key === adding);
            if (!choice) return;
            const id = choice.key.slice(2);
            const isCategory = choice.key.startsWith('c:');
            onChange([
              ...menu.entries,
              {
                category: isCategory ? id : null,
                subcategory: isCategory ? null : id,
                name: choice.name,
                note: '',
                to: '',
                shown: true,
              },
            ]);
            setAdding('');
          }}
        >
          Add
        </Button>
      </div>
    </section>
  );
}

/**
 * The storefront's five menus: what the merchant places under each (categories and subcategories), in order, each
 * with an optional note shown in brackets. A place with no active product is kept but not shown to shoppers until
 * one is switched on. Saved together; a new subcategory can also be placed from its own form.
 */
export default function MenusPage() {
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: adminApi.menus.get });
  const categories = useQuery({ queryKey: ['admin', 'menu-categories'], queryFn: adminApi.categories.all });
  const subcategories = useQuery({ queryKey: ['admin', 'menu-subcategories'], queryFn: catalogueApi.allSubcategories });
  const [edited, setEdited] = useState<Menu[] | null>(null);
  const [busy, setBusy] = useState(false);
  const menus = edited ?? query.data?.menus ?? [];
  const choices: Choice[] = [
    ...(categories.data?.data ?? []).map((c) => ({ key: `c:${c._id}`, name: `${c.categoryname} (all)` })),
    ...(subcategories.data ?? []).map((s) => ({
      key: `s:${s._id}`,
      name: `${shownName(s)} · ${s.category?.categoryname ?? 'N/A'}`,
    })),
  ];

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await adminApi.menus.save({
        menus: menus.map((m) => ({
          menu: m.menu,
          entries: m.entries.map((p) => ({ category: p.category, subcategory: p.subcategory, note: p.note.trim() })),
        })),
      });
      qc.setQueryData(KEY, res);
      setEdited(null);
      notice.success('Menus saved');
    } catch (err) {
      notice.error(errorText(err, 'The menus could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader
        title="Menus"
        subtitle="What the storefront's five menus list, in order. A note shows in brackets after the name, as in Ruby (Leo). A page with no active product is not shown until one is switched on."
      />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the menus')}</LoadError>
      {query.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading menus" className="h-48 animate-pulse rounded-xl bg-gray-100" />
      ) : query.data ? (
        <form onSubmit={save} noValidate aria-label="Menus" className="space-y-4">
          {menus.map((m) => (
            <MenuCard
              key={m.menu}
              menu={m}
              choices={choices}
              busy={busy}
              onChange={(entries) => setEdited(menus.map((x) => (x.menu === m.menu ? { ...x, entries } : x)))}
            />
          ))}
          <div className="flex justify-end">
            <Button type="submit" disabled={busy || edited === null}>
              {busy ? 'Saving…' : 'Save menus'}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
