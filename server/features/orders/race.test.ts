import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { orders, stockHolds } from '../../db/schema.js';
import { createProduct, productRow, shop } from '../../test/fixtures.js';
import { createTestApp, onPostgres, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
});
afterAll(() => t.close());

describe(`50 buyers racing for a stock of 10 (${onPostgres ? 'PostgreSQL, concurrent' : 'PGlite, serialised by the engine'})`, () => {
  it('sells exactly 10, leaves stock 0, answers no 5xx, and releases the losers’ other holds', async () => {
    const stone = await createProduct(t.database.db, { stock: 10, pricePaise: 5_000_000, name: 'Kashmir Sapphire' });
    const box = await createProduct(t.database.db, { stock: 1000, pricePaise: 50_000, name: 'Gift box' });
    const buyers: TestUser[] = await Promise.all(Array.from({ length: 50 }, () => t.signUpAndIn()));
    // carts filled in both orders, so transactions meet the two product rows in different orders
    for (const [i, b] of buyers.entries()) {
      const [first, second] = i % 2 ? [stone, box] : [box, stone];
      expect((await s.add(b.cookie, first.id)).statusCode).toBe(200);
      expect((await s.add(b.cookie, second.id)).statusCode).toBe(200);
    }

    const holds = await Promise.all(buyers.map((b) => s.hold(b.cookie)));
    const codes = holds.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    for (const r of holds.filter((h) => h.statusCode === 409))
      expect(r.json().message).toMatch(/Kashmir Sapphire" is out of stock/);
    expect(await productRow(t.database.db, stone.id)).toMatchObject({ stock: 0, sold: 0 });
    expect((await productRow(t.database.db, box.id)).stock).toBe(990);

    const winners = buyers.filter((_, i) => holds[i]?.statusCode === 200);
    const placed = await Promise.all(
      winners.map(async (b, i) => {
        const orderId = RazorpayOrderResponse.parse(holds[buyers.indexOf(b)]?.json()).razorpayOrder.id;
        const paid = SandboxPayResponse.parse((await s.sandboxPay(b.cookie, orderId)).json());
        if (!paid.success) throw new Error('payment failed');
        // half of them report the payment twice at once (a double click)
        const results = await Promise.all(
          i % 2 ? [s.verify(b.cookie, paid), s.verify(b.cookie, paid)] : [s.verify(b.cookie, paid)],
        );
        expect(results.map((r) => r.statusCode).sort()).toEqual(i % 2 ? [200, 201] : [201]);
        return OrderResponse.parse(results[0]?.json()).order._id;
      }),
    );
    expect(new Set(placed).size).toBe(10);
    expect(await t.database.db.select().from(orders)).toHaveLength(10);
    expect(await productRow(t.database.db, stone.id)).toMatchObject({ stock: 0, sold: 10 });
    expect(await productRow(t.database.db, box.id)).toMatchObject({ stock: 990, sold: 10 });
    expect(await t.database.db.select().from(stockHolds).where(eq(stockHolds.productId, stone.id))).toHaveLength(0);
  });
});
