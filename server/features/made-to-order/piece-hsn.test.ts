import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryTax, invoices } from '../../db/schema.js';
import { createProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { madeToOrderShop, moveProduction, placePiece, registerForGst } from './test-kit.js';

/**
 * The IRP wants an HSN code of six digits, so a merchant who registers e-invoices gives jewellery a longer code under
 * 7113 on the Tax screen (711319, jewellery of gold): a piece is then priced at that row's rate and invoiced under it.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

describe('a made-to-order piece’s HSN', () => {
  it('is the merchant’s own jewellery code under 7113, with that row’s rate, on the invoice', async () => {
    const { ring, ruby } = await madeToOrderShop(t, admin, { ring: 'Solitaire', pendant: 'Drop' });
    await registerForGst(t, admin);
    const jewellery = await createProduct(t.database.db, { pricePaise: 10_000_00 });
    await t.database.db.insert(categoryTax).values({ categoryId: jewellery.categoryId, hsn: '711319', gstRateBp: 500 });

    const { order, orderId, lineId } = await placePiece(t, ruby.id, { designId: ring._id, metal: 'gold-22k', size: 14 });
    expect(order.products.find((l) => l.setting)?.setting).toMatchObject({ metal: 'gold-22k', size: 14 });
    const ready = await moveProduction(t, admin, orderId, lineId, { stage: 'ready', huid: 'AB12CD' });
    expect(ready.statusCode, ready.body).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice?.lines.find((l) => l.description.includes('set in a ring'))).toMatchObject({ hsn: '711319', rateBp: 500 });
  });
});
