import { type RefObject, useEffect, useRef, useState } from 'react';
import { Icon } from '../../ui/icons';
import { useScrolledPast } from '../../ui/useScrolledPast';
import { useShopContacts } from '../components/shopSettings';

/** Below this width the actions sit in the phone bar's own slot (MobileBottomBar leaves it free). */
const PHONE_MAX = 767;
/** What a shopper taps: the actions must never lie over one of these. */
const CONTROL = 'a[href],button,input,select,textarea,summary,label,[role="button"],[tabindex]:not([tabindex="-1"])';

/**
 * True when some control of the page lies under one of the box's children: a control whose box meets a child's and
 * that the page shows (at the middle of its part on screen the page is that control, not something clipping it).
 */
function coversAControl(box: HTMLElement) {
  const buttons = Array.from(box.children)
    .map((child) => child.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  if (!buttons.length) return false;
  for (const el of Array.from(document.querySelectorAll(CONTROL))) {
    if (box.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (!buttons.some((b) => b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top)) continue;
    const x = (Math.max(r.left, 0) + Math.min(r.right, window.innerWidth)) / 2;
    const y = (Math.max(r.top, 0) + Math.min(r.bottom, window.innerHeight)) / 2;
    if (document.elementsFromPoint(x, y).some((u) => !box.contains(u) && (u === el || el.contains(u)))) return true;
  }
  return false;
}

/**
 * On a wide screen the actions float at the bottom right, in the margin beside the page where there is one; where
 * a control (a price's Add to Cart, Continue to Payment…) comes under them they step aside until it has scrolled on.
 */
function useClearOfControls(ref: RefObject<HTMLDivElement | null>) {
  const [clear, setClear] = useState(true);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = ref.current;
      if (!box) return;
      setClear(window.innerWidth <= PHONE_MAX || !coversAControl(box));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content arriving under the actions (a page loading, a summary opening) moves things without a scroll.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(document.body);
    // …and the actions themselves growing: the scroll-to-top button appears a moment after the scroll that shows it.
    if (ref.current) observer?.observe(ref.current);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [ref]);
  return clear;
}

/**
 * The chat-app link and, once the page is scrolled, a scroll-to-top button. On a phone they sit in the bottom bar's
 * slot on the right, so they never cover the page; on a wider screen they float at the bottom right, clear of controls.
 */
export default function FloatingActions() {
  const showTop = useScrolledPast(400);
  const { whatsapp } = useShopContacts();
  const ref = useRef<HTMLDivElement>(null);
  const clear = useClearOfControls(ref);
  return (
    <div
      ref={ref}
      data-testid="floating-actions"
      data-clear={clear ? 'true' : 'false'}
      className={`fixed right-2 bottom-0 z-40 flex h-16 items-center gap-2 pb-[env(safe-area-inset-bottom)] md:right-2 md:bottom-4 md:h-auto md:flex-col md:items-end md:gap-3 md:pb-0 ${
        clear ? '' : 'md:invisible'
      }`}
    >
      {showTop && (
        <button
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand-700 shadow-lg ring-1 ring-gray-200 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Icon name="arrowUp" className="size-5" />
        </button>
      )}
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp (opens in a new tab)"
          className="flex size-12 items-center justify-center rounded-full bg-[#1a7f45] text-white shadow-lg hover:bg-[#146638] focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Icon name="chat" className="size-6" />
        </a>
      ) : null}
    </div>
  );
}
