import { type ReactNode, useRef } from 'react';
import { Icon } from '../../ui/icons';
import { STRIP_ITEM_CLASS } from './strip';

/**
 * A horizontal row of product cards that scrolls (touch, trackpad, arrow buttons, and mouse drag when
 * `draggable`). Items are at least `minItemWidth` pixels wide.
 */
export function ProductStrip({
  label,
  items,
  minItemWidth = 200,
  draggable = false,
}: {
  label: string;
  items: { key: string; node: ReactNode }[];
  minItemWidth?: number;
  draggable?: boolean;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);

  const scrollBy = (dir: 1 | -1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <div className="relative">
      <ul
        ref={ref}
        aria-label={label}
        className={`flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-3 [scrollbar-width:thin] ${
          draggable ? 'cursor-grab active:cursor-grabbing' : ''
        }`}
        onPointerDown={
          draggable
            ? (e) => {
                if (e.pointerType !== 'mouse' || !ref.current) return;
                drag.current = { x: e.clientX, left: ref.current.scrollLeft, moved: false };
              }
            : undefined
        }
        onPointerMove={
          draggable
            ? (e) => {
                const d = drag.current;
                const el = ref.current;
                if (!d || !el) return;
                const dx = e.clientX - d.x;
                if (Math.abs(dx) > 5) {
                  d.moved = true;
                  el.style.scrollSnapType = 'none';
                  el.style.scrollBehavior = 'auto';
                }
                if (d.moved) el.scrollLeft = d.left - dx;
              }
            : undefined
        }
        onPointerUp={draggable ? () => endDrag(ref.current, drag) : undefined}
        onPointerLeave={draggable ? () => endDrag(ref.current, drag) : undefined}
        onClickCapture={
          draggable
            ? (e) => {
                // A drag that ends over a card must not open it.
                if (ref.current?.dataset.dragged === 'true') {
                  e.preventDefault();
                  e.stopPropagation();
                  ref.current.dataset.dragged = 'false';
                }
              }
            : undefined
        }
      >
        {items.map((item) => (
          <li key={item.key} className={STRIP_ITEM_CLASS} style={{ minWidth: minItemWidth }}>
            {item.node}
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={`Scroll ${label} left`}
        onClick={() => scrollBy(-1)}
        className="absolute top-1/3 -left-3 hidden size-9 items-center justify-center rounded-full bg-white text-gray-800 shadow-md ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none md:flex"
      >
        <Icon name="chevronLeft" className="size-5" />
      </button>
      <button
        type="button"
        aria-label={`Scroll ${label} right`}
        onClick={() => scrollBy(1)}
        className="absolute top-1/3 -right-3 hidden size-9 items-center justify-center rounded-full bg-white text-gray-800 shadow-md ring-1 ring-gray-200 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none md:flex"
      >
        <Icon name="chevronRight" className="size-5" />
      </button>
    </div>
  );
}

function endDrag(el: HTMLUListElement | null, drag: { current: { moved: boolean } | null }) {
  if (el && drag.current?.moved) {
    el.dataset.dragged = 'true';
    // The click that ends this drag (if any) comes right after; later clicks are real ones.
    setTimeout(() => {
      el.dataset.dragged = 'false';
    }, 0);
    el.style.scrollSnapType = '';
    el.style.scrollBehavior = '';
  }
  drag.current = null;
}
