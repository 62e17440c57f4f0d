import { describe, expect, it } from 'vitest';
import { countOf } from '../../ui/plural';
import { formatINRCompact } from '../format';
import { axisTicks } from './RevenueChart';

describe('the revenue chart axis', () => {
  it('steps by round amounts (1, 2 or 5 × 10^n) from 0 to the first at or above the largest day', () => {
    expect(axisTicks(203_900).map(formatINRCompact)).toEqual(['₹0', '₹1L', '₹2L', '₹3L']);
    expect(axisTicks(330_000).map(formatINRCompact)).toEqual(['₹0', '₹1L', '₹2L', '₹3L', '₹4L']);
    // Not ₹50K steps to ₹1.5L: whole lakhs.
    expect(axisTicks(150_000).map(formatINRCompact)).toEqual(['₹0', '₹1L', '₹2L']);
    expect(axisTicks(60_000).map(formatINRCompact)).toEqual(['₹0', '₹20K', '₹40K', '₹60K']);
    expect(axisTicks(1_250).map(formatINRCompact)).toEqual(['₹0', '₹1K', '₹2K']);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });

  it('reads every label as a whole amount for any largest day', () => {
    for (let v = 1; v < 5e8; v = Math.ceil(v * 1.37)) {
      const ticks = axisTicks(v);
      expect(ticks.at(-1) as number).toBeGreaterThanOrEqual(v);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const step = ticks[1] as number;
      expect(String(step / 10 ** Math.floor(Math.log10(step)))).toMatch(/^[125]$/);
      for (const t of ticks) expect(formatINRCompact(t)).toMatch(/^₹\d+(K|L|Cr)?$/);
    }
  });
});

describe('counts', () => {
  it('agree with their nouns', () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(12500, 'product')).toBe('12,500 products');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
  });
});
