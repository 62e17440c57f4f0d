import { useEffect, useId, useRef, useState } from 'react';
import type { DailyTotals } from '../../../contract/dashboard';
import { formatDayMonth, formatINR, formatINRCompact } from '../format';

/**
 * The axis lines: 0 and equal round steps (1, 2 or 5 × 10^n rupees) up to the first at or above the largest value,
 * at most about four of them, each read as a whole amount (₹0, ₹1L, ₹2L, ₹3L; never ₹1.5L or ₹62.5K).
 * @forTests the round axis values are unit-tested.
 */
export function axisTicks(largest: number): number[] {
  if (!(largest > 0)) return [0, 25, 50, 75, 100];
  const rough = largest / 4;
  let power = 10 ** Math.floor(Math.log10(rough));
  for (;;) {
    for (const m of [1, 2, 5]) {
      const step = m * power;
      if (step < rough) continue;
      const count = Math.max(1, Math.ceil(largest / step - 1e-9));
      const ticks = Array.from({ length: count + 1 }, (_, i) => i * step);
      if (ticks.every((t) => !formatINRCompact(t).includes('.'))) return ticks;
    }
    power *= 10;
  }
}

const PAD = { top: 16, right: 12, bottom: 34, left: 56 };

/** Width of an element in CSS pixels, kept up to date, so the chart's text stays at its real size on a phone. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Daily revenue (payments taken less refunds processed that day) as bars, drawn by hand in SVG; a hidden table carries the same figures for screen readers. */
export function RevenueChart({ days }: { days: DailyTotals[] }) {
  const titleId = useId();
  const [figureRef, measured] = useWidth(720);
  const W = Math.max(280, measured);
  const H = W < 500 ? 200 : 260;
  // Fewer date labels on a narrow chart.
  const labelEvery = W < 500 ? 7 : 5;
  const ticks = axisTicks(Math.max(0, ...days.map((d) => d.revenue)));
  const max = ticks[ticks.length - 1] as number;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(2, slot * 0.68);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const total = days.reduce((s, d) => s + d.revenue, 0);

  return (
    <figure className="w-full" ref={figureRef}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={titleId} data-testid="revenue-chart">
        <title id={titleId}>{`Daily revenue for the last ${days.length} days, ${formatINR(total)} in total`}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="#e5e7eb"
              strokeDasharray={t === 0 ? undefined : '3 4'}
            />
            <text
              x={PAD.left - 8}
              y={y(t)}
              dy="0.32em"
              textAnchor="end"
              fontSize="11"
              fill="#6b7280"
              data-testid="chart-axis-label"
            >
              {formatINRCompact(t)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const top = y(d.revenue);
          const h = Math.max(0, PAD.top + plotH - top);
          const isToday = i === days.length - 1;
          return (
            <g key={d.date} data-date={d.date}>
              <rect
                x={x}
                y={h > 0 ? top : PAD.top + plotH - 1}
                width={barW}
                height={h > 0 ? h : 1}
                rx={Math.min(3, barW / 3)}
                fill={h > 0 ? (isToday ? '#c18a25' : '#7a1f3d') : '#e5e7eb'}
              >
                <title>{`${formatDayMonth(d.date)}: ${formatINR(d.revenue)} from ${d.paidOrders} paid order${d.paidOrders === 1 ? '' : 's'}`}</title>
              </rect>
              {(days.length - 1 - i) % labelEvery === 0 ? (
                <text
                  // The last label ends at the chart's right edge (centred on its bar it was cut off there).
                  x={i === days.length - 1 ? W - 2 : x + barW / 2}
                  y={H - PAD.bottom + 18}
                  textAnchor={i === days.length - 1 ? 'end' : 'middle'}
                  fontSize="11"
                  fill="#6b7280"
                  data-testid="chart-day-label"
                >
                  {formatDayMonth(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>Daily revenue (India time)</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Revenue</th>
              <th scope="col">Paid orders</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{formatINR(d.revenue)}</td>
                <td>{d.paidOrders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
