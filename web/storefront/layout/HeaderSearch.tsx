import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../ui/icons';
import { Summary } from '../../ui/Summary';
import { useDetails } from '../../ui/useDetails';
import { filterFromForm, formatFilter } from '../listing/filterGrammar';
import type { SuggestionItem } from './SearchSuggestions';

// The suggestions (and the API call they make) load when a search field is first focused, not with the page.
const SearchSuggestions = lazy(() => import('./SearchSuggestions'));

/**
 * The listing address of a search, as the listing's own form writes it (`rubi` → `/search-rubi`).
 * @forTests the search address is unit-tested.
 */
export const searchPath = (text: string) => `/${encodeURIComponent(formatFilter(filterFromForm({ search: text })))}`;

/**
 * One search field: a GET form on /all (the server answers `?search=` with the listing's address, so it works before
 * the app runs and without JavaScript), with suggestions from two letters on once the app runs: arrow keys move
 * through them, Enter opens the chosen one or, with none chosen, the listing of the search; Escape closes them.
 */
function SearchForm({ id, autoFocus = false, onDone }: { id: string; autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-suggestions`;

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    onDone?.();
    navigate(path);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = items[active];
    if (open && chosen) go(chosen.path);
    else if (text.trim()) go(searchPath(text));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself; past either end comes back to it.
      setActive((a) => {
        const next = a + step;
        if (next < -1) return items.length - 1;
        return next >= items.length ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showing = open && text.trim().length >= 2 && items.length > 0;
  return (
    <search className="relative block w-full">
      <form
        method="get"
        action="/all"
        className="relative"
        onSubmit={submit}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search stones and jewellery
        </label>
        <input
          ref={input}
          id={id}
          name="search"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          placeholder="Search ruby, Pukhraj, rings…"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showing}
          aria-controls={listId}
          aria-activedescendant={showing && active >= 0 && active < items.length ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setWanted(true);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full border border-gray-300 bg-white pr-10 pl-4 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:h-9 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Icon name="search" className="size-5" />
        </button>
        {wanted && (
          <Suspense fallback={null}>
            <SearchSuggestions
              query={text}
              listId={listId}
              open={showing}
              active={active}
              onItems={(next) => {
                setItems(next);
                setActive(-1);
              }}
              onPick={go}
            />
          </Suspense>
        )}
      </form>
    </search>
  );
}

/**
 * The header's search: a field between the shop's name and the cart from the small-tablet width up; on phones a
 * search icon that opens the field under the header (a `<details>` disclosure, so it opens before the app runs).
 */
export function HeaderSearch() {
  const phone = useDetails();
  const { pathname } = useLocation();
  const setPhoneOpen = phone.setOpen;
  // A new page closes the phone's field.
  const shown = useRef(pathname);
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    setPhoneOpen(false);
  }, [pathname, setPhoneOpen]);
  return (
    <>
      <div className="hidden min-w-0 flex-1 sm:block sm:max-w-md">
        <SearchForm id="header-search" />
      </div>
      <details ref={phone.ref} open={phone.open} className="group/search size-10 shrink-0 sm:hidden">
        <Summary
          className="cursor-pointer rounded-md p-2 text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          aria-label={phone.open ? 'Close search' : 'Search'}
          aria-expanded={phone.open}
          onClick={phone.onSummaryClick}
        >
          <Icon name="search" className="size-6 group-open/search:hidden" />
          <Icon name="close" className="hidden size-6 group-open/search:block" />
        </Summary>
        <div className="absolute inset-x-0 top-full border-b border-gray-200 bg-white px-3 py-2 shadow-md">
          <SearchForm id="header-search-phone" autoFocus={phone.open} onDone={() => setPhoneOpen(false)} />
        </div>
      </details>
    </>
  );
}
