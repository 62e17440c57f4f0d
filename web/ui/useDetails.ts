import { type MouseEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * A `<details>` disclosure the app controls, which works natively before the app runs (and without JavaScript):
 * the summary toggles it. Once live, the app keeps the state (`open`, `setOpen`), starting from what the page
 * shows, so a menu or sheet opened before the app took over stays open.
 */
export function useDetails<T extends HTMLDetailsElement = HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  /** The summary's click: the app toggles the state instead of the browser. */
  const onSummaryClick = useCallback((e: MouseEvent) => {
    e.preventDefault();
    setOpen((o) => !o);
  }, []);
  return { ref, open, setOpen, onSummaryClick };
}

/** A summary without the browser's marker (the shop draws its own icons). */
export const SUMMARY_RESET = 'list-none [&::-webkit-details-marker]:hidden';
