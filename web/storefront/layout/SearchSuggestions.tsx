import { useEffect, useRef, useState } from 'react';
import { imageUrlAt } from '../../../contract/images';
import type { productRoutes } from '../../../contract/products';
import type { SuggestResponse } from '../../../contract/search';
import { routeCaller } from '../../api/client';
import { formatRupees } from '../components/links';

const products = routeCaller<typeof productRoutes>();

/** One suggestion, in the order the list shows them (stones, categories, products). */
export type SuggestionItem = {
  key: string;
  group: 'Stones' | 'Categories' | 'Products';
  label: string;
  note?: string;
  path: string;
  image?: string;
};

/** Waits this long after the last key before asking (a fast typist asks once). */
const PAUSE_MS = 150;

function itemsOf(answer: SuggestResponse): SuggestionItem[] {
  return [
    ...answer.stones.map((s) => ({ key: `s${s.path}`, group: 'Stones' as const, label: s.name, note: s.note, path: s.path })),
    ...answer.categories.map((c) => ({ key: `c${c.path}`, group: 'Categories' as const, label: c.name, path: c.path })),
    ...answer.products.map((p) => ({
      key: `p${p._id}`,
      group: 'Products' as const,
      label: p.productname,
      note: formatRupees(p.price),
      path: p.path,
      image: p.image,
    })),
  ];
}

/**
 * The header search's suggestions (loaded with the first focus of a search field): asks the shop from two letters
 * on, and lists what it answers as a listbox the field controls (`aria-activedescendant`).
 */
export default function SearchSuggestions({
  query,
  listId,
  open,
  active,
  onItems,
  onPick,
}: {
  query: string;
  listId: string;
  open: boolean;
  active: number;
  onItems: (items: SuggestionItem[]) => void;
  onPick: (path: string) => void;
}) {
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const q = query.trim();
  // The field's callback is new each render; asking again is only for a new query.
  const report = useRef(onItems);
  report.current = onItems;

  useEffect(() => {
    if (q.length < 2) {
      setItems([]);
      report.current([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await products('GET /p1/api/suggest', { query: { q }, signal: controller.signal });
        if (controller.signal.aborted) return;
        const next = itemsOf(answer);
        setItems(next);
        report.current(next);
      } catch {
        // Suggestions are a help: when they fail, the field still searches on Enter.
      }
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  if (!open || !items.length) return null;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-sm shadow-lg"
    >
      {items.map((item, i) => (
        <div
          key={item.key}
          tabIndex={-1}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          // Pressed, not clicked: the field keeps its focus (and the list stays) until the pick is made.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item.path);
          }}
          className={`cursor-pointer ${i > 0 && items[i - 1]?.group !== item.group ? 'mt-1 border-t border-gray-100 pt-1' : ''}`}
        >
          <div className={`flex items-center gap-3 px-3 py-2 hover:bg-brand-50 ${i === active ? 'bg-brand-50' : ''}`}>
            {item.group === 'Products' ? (
              item.image ? (
                <img
                  src={imageUrlAt(item.image, 320)}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 shrink-0 rounded object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-8 shrink-0 rounded bg-gray-100" />
              )
            ) : (
              <span className="w-16 shrink-0 text-xs text-gray-500">{item.group === 'Stones' ? 'Stone' : 'Category'}</span>
            )}
            <span className="min-w-0 flex-1 truncate text-gray-900">{item.label}</span>
            {item.note && <span className="shrink-0 text-xs text-gray-600">{item.note}</span>}
          </div>
        </div>
      ))}
    </div>
  );
}
