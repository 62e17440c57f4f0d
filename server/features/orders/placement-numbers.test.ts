// @postgres: placements at the same moment take the order and invoice counter rows in their last statement, and checkouts from one address the address's lock last
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { invoices, orders, outbox, products, shopSettings } from '../../db/schema.js';
import { documentNumber, financialYear } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * A placement numbers its order and its invoice, and writes the messages that carry the order's number, in its
 * last statement (server/features/gst/invoices.ts, `numberPlacement`); a checkout counts what its client address
 * holds under the address's lock last (server/features/payments/hold-limits.ts, `checkAddressHolds`). Many
 * shoppers at the same moment, all from one address: every order and invoice numbered with no gap, every message
 * naming its own order's number, and on one scarce stone exactly its stock sold, nobody answered 500 (a deadlock
 * between the product row and the address's lock would be one).
 */
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp({ HOLD_MAX_UNITS_PER_ADDRESS: '100000', HOLD_MAX_RUPEES_PER_ADDRESS: '100000000' });
  s = shop(t);
  await t.database.db.update(shopSettings).set({ gstin: SELLER_GSTIN, supportemail: 'orders@ratna.example' });
});
afterAll(() => t.close());

const SHOPPERS = 12;

describe('placements at the same moment', () => {
  it('number every order and invoice with no gap, and each message carries its own order’s number', async () => {
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => t.signUpAndIn()));
    const placed = await Promise.all(
      shoppers.map(async (u) => {
        const p = await createProduct(t.database.db, { stock: 3, pricePaise: 150_000 });
        expect((await s.add(u.cookie, p.id, 1)).statusCode).toBe(200);
        return s.payAndPlace(u.cookie);
      }),
    );
    const db = t.database.db;
    const ids = placed.map((o) => o._id);
    const rows = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
    const numbers = rows.map((r) => r.number);
    for (const n of numbers) expect(n).toMatch(/^RG-\d{6}$/);
    const seqs = numbers.map((n) => Number(n.slice(3))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(SHOPPERS);
    expect((seqs.at(-1) as number) - (seqs[0] as number)).toBe(SHOPPERS - 1);
    // every answer names the order's number as stored
    expect(placed.map((o) => o.number).sort()).toEqual([...numbers].sort());

    const fy = financialYear(new Date());
    const issued = await db.select().from(invoices).where(inArray(invoices.orderId, ids)).orderBy(asc(invoices.seq));
    expect(issued).toHaveLength(SHOPPERS);
    for (const inv of issued) expect(inv.number).toBe(documentNumber('RG', fy, inv.seq));
    expect((issued.at(-1)?.seq as number) - (issued[0]?.seq as number)).toBe(SHOPPERS - 1);

    const numberOf = new Map(rows.map((r) => [r.id, r.number]));
    const messages = await db.select().from(outbox);
    for (const id of ids) {
      const mine = messages.filter((m) => (m.data as { orderId?: string }).orderId === id);
      const templates = new Set(mine.map((m) => m.template));
      expect(templates).toContain('order_placed');
      expect(templates).toContain('merchant_new_order');
      for (const m of mine) expect((m.data as { orderNo?: string }).orderNo, m.template).toBe(numberOf.get(id));
    }
  }, 120_000);

  it('sell exactly the stock of one stone to shoppers from one address, refusing the rest with 409', async () => {
    const stone = await createProduct(t.database.db, { stock: 4, pricePaise: 90_000 });
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => t.signUpAndIn()));
    for (const u of shoppers) expect((await s.add(u.cookie, stone.id, 1)).statusCode).toBe(200);
    const held = await Promise.all(shoppers.map((u) => s.hold(u.cookie, { shippinginfo: SHIPPING })));
    const statuses = held.map((r) => r.statusCode).sort();
    expect(statuses, held.map((r) => r.body).join('\n')).toEqual([...Array(4).fill(200), ...Array(SHOPPERS - 4).fill(409)]);
    const [row] = await t.database.db
      .select({ stock: products.stock, sold: products.sold })
      .from(products)
      .where(eq(products.id, stone.id));
    expect(row).toEqual({ stock: 0, sold: 0 });
  }, 120_000);
});
