import { useEffect, useRef } from 'react';

/**
 * Taps made before the app took over a server-rendered page (kept by /early-taps.js, which such pages load first).
 * A button that can only work with the app (Add to Cart, Buy Now) carries `data-early={earlyKey(...)}`; once it is
 * live, its owner claims the key and carries out a tap that was kept for it.
 */
type EarlyTaps = { claim: (key: string) => boolean };

declare global {
  interface Window {
    shopEarlyTaps?: EarlyTaps;
  }
}

type EarlyAction = 'add' | 'buy';

/** The `data-early` value of a product's button. */
export const earlyKey = (action: EarlyAction, productId: string) => `${action}:${productId}`;

/**
 * The `data-early` value of a page control that only changes what the page shows (a tab, a slideshow button): a tap
 * before the app runs is kept and carried out once the control is live.
 */
export const controlKey = (control: string) => `tap:${control}`;

/**
 * True exactly once if the button of `key` was tapped before the app was running; its later taps reach the app.
 * @forTests the early-tap test claims taps directly.
 */
export function claimEarlyTap(key: string): boolean {
  return typeof window !== 'undefined' && window.shopEarlyTaps?.claim(key) === true;
}

/**
 * Claims the keys once the component is live (after it has hydrated) and calls `run` for each that was tapped
 * before, in the order given, one after the other.
 */
export function useEarlyTaps(keys: readonly string[], run: (key: string) => Promise<unknown> | undefined) {
  const runRef = useRef(run);
  runRef.current = run;
  const joined = keys.join(' ');
  useEffect(() => {
    const tapped = joined.split(' ').filter((key) => key && claimEarlyTap(key));
    if (!tapped.length) return;
    // After this commit (a component syncs its state from what the shopper chose on the page first). Never
    // cancelled: a claimed tap is carried out even if the component has gone meanwhile.
    setTimeout(async () => {
      for (const key of tapped) await runRef.current(key);
    });
  }, [joined]);
}

/** The performance mark set when a server-rendered screen has been taken over (bench/web.ts reads it). */
const LIVE_MARK = 'shop:live';

/** Marks the moment the screen's controls are live (first time only): first paint to this is the dead window. */
export function useLiveMark() {
  useEffect(() => {
    if (typeof performance !== 'undefined' && performance.getEntriesByName(LIVE_MARK).length === 0) {
      performance.mark(LIVE_MARK);
    }
  }, []);
}
