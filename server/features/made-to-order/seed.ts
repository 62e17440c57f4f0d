import { sql } from 'drizzle-orm';
import type { DesignBody, Metal } from '../../../contract/made-to-order.js';
import type { DbOrTx } from '../../db/client.js';
import { designs } from '../../db/schema.js';
import { setMetalRates } from './service.js';

/** The demo shop's rates per gram (rupees), near Ludhiana's in late 2026. */
const DEMO_RATES: { metal: Metal; pergram: number }[] = [
  { metal: 'gold-24k', pergram: 7850 },
  { metal: 'gold-22k', pergram: 7195 },
  { metal: 'gold-18k', pergram: 5890 },
  { metal: 'gold-14k', pergram: 4590 },
  { metal: 'silver-925', pergram: 96 },
  { metal: 'panchdhatu', pergram: 42 },
];

const DEMO_DESIGNS: DesignBody[] = [
  {
    name: 'Solitaire ring',
    kind: 'ring',
    metals: [
      { metal: 'gold-22k', grams: 3.8 },
      { metal: 'gold-18k', grams: 3.6 },
      { metal: 'silver-925', grams: 4.2 },
      { metal: 'panchdhatu', grams: 4.5 },
    ],
    gramspersize: 0.12,
    making: { type: 'percent', value: 12 },
    shapes: ['Oval', 'Cushion', 'Round', 'Octagon', 'Square'],
    mincarat: 1,
    maxcarat: 8,
    days: 10,
    active: true,
  },
  {
    name: 'Halo ring',
    kind: 'ring',
    metals: [
      { metal: 'gold-22k', grams: 5.2 },
      { metal: 'gold-18k', grams: 4.9 },
    ],
    gramspersize: 0.15,
    making: { type: 'percent', value: 16 },
    shapes: ['Oval', 'Cushion', 'Round', 'Pear'],
    mincarat: 1.5,
    maxcarat: 6,
    days: 14,
    active: true,
  },
  {
    name: 'Classic pendant',
    kind: 'pendant',
    metals: [
      { metal: 'gold-22k', grams: 2.4 },
      { metal: 'silver-925', grams: 3 },
      { metal: 'panchdhatu', grams: 3.2 },
    ],
    gramspersize: 0,
    making: { type: 'pergram', value: 850 },
    shapes: ['Oval', 'Pear', 'Heart', 'Cushion', 'Round', 'Octagon'],
    mincarat: 0.5,
    maxcarat: 12,
    days: 7,
    active: true,
  },
  {
    name: 'Navratna-style bracelet',
    kind: 'bracelet',
    metals: [
      { metal: 'gold-22k', grams: 9.5 },
      { metal: 'silver-925', grams: 12 },
    ],
    gramspersize: 0,
    making: { type: 'percent', value: 14 },
    shapes: ['Oval', 'Round', 'Cushion'],
    mincarat: 0.5,
    maxcarat: 4,
    days: 15,
    active: true,
  },
];

/**
 * The demo shop's designs and the day's metal rates, so a loose stone can be priced in a setting at once.
 * Designs only into a shop that has none; rates only where none is given (stamped now, current for three days).
 */
export async function seedDemoMadeToOrder(db: DbOrTx, now = new Date()): Promise<void> {
  const [any] = await db.select({ one: sql<number>`1` }).from(designs).limit(1);
  if (!any) {
    await db.insert(designs).values(
      DEMO_DESIGNS.map((d) => ({
        name: d.name,
        kind: d.kind,
        metals: d.metals,
        gramsPerSize: d.gramspersize,
        makingType: d.making.type,
        makingValue: d.making.value,
        shapes: d.shapes,
        minCarat: d.mincarat,
        maxCarat: d.maxcarat,
        days: d.days,
        active: d.active,
      })),
    );
  }
  const { rows } = (await db.execute(sql`select metal from metal_rates`)) as unknown as { rows: { metal: string }[] };
  const given = new Set(rows.map((r) => r.metal));
  await setMetalRates(
    db,
    DEMO_RATES.filter((r) => !given.has(r.metal)),
    now,
  );
}
