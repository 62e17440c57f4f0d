import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../contract/orders.js';
import type { Db } from '../db/client.js';
import { categories, products, subcategories } from '../db/schema.js';
import type { TestApp } from './helpers.js';

type ProductRow = typeof products.$inferSelect;

/** Creates a product (and a category and subcategory for it) directly in the database. */
export async function createProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> & { pricePaise?: number; stock?: number } = {},
): Promise<ProductRow> {
  const tag = crypto.randomBytes(4).toString('hex');
  let categoryId = overrides.categoryId;
  let subcategoryId = overrides.subcategoryId;
  if (!categoryId) {
    const [c] = await db
      .insert(categories)
      .values({ name: `Gemstones ${tag}` })
      .returning();
    categoryId = (c as { id: string }).id;
  }
  if (!subcategoryId) {
    const [s] = await db
      .insert(subcategories)
      .values({ name: `Ruby ${tag}`, categoryId })
      .returning();
    subcategoryId = (s as { id: string }).id;
  }
  const name = overrides.name ?? `Burmese Ruby ${tag}`;
  const [row] = await db
    .insert(products)
    .values({
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}`,
      description: 'A natural, certified ruby.',
      pricePaise: 250_000,
      stock: 5,
      images: [`/uploads/${tag}/640.webp`],
      ...overrides,
      name,
      categoryId,
      subcategoryId,
    })
    .returning();
  return row as ProductRow;
}

export async function productRow(db: Db, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row as ProductRow;
}

export const SHIPPING = {
  fullname: 'Asha Verma',
  mobileno: '9876543210',
  address: '12 Mall Road',
  city: 'Ludhiana',
  pincode: '141001',
};

/** A shipping address abroad: New York, with its region and the phone as typed (kept in E.164). */
export const NEW_YORK = {
  country: 'US',
  fullname: 'Ann Lee',
  mobileno: '+1 212 555 0123',
  address: '350 Fifth Avenue',
  city: 'New York',
  pincode: '10118',
  state: 'NY',
};

type Requester = Pick<TestApp, 'request'>;

/** Shopper steps through HTTP: fill the cart, hold it, pay in the sandbox, verify. */
export function shop(t: Requester) {
  return {
    add: (cookie: string, productId: string, quantity = 1, extra: object = {}) =>
      t.request({ method: 'POST', url: '/c2/api/add', cookie, payload: { productId, quantity, ...extra } }),
    hold: (cookie: string, payload: object = { shippinginfo: SHIPPING }) =>
      t.request({ method: 'POST', url: '/o1/api/razorpay-order', cookie, payload }),
    sandboxPay: (cookie: string, orderId: string, outcome: 'success' | 'failure' = 'success') =>
      t.request({ method: 'POST', url: '/o1/api/sandbox/pay', cookie, payload: { razorpay_order_id: orderId, outcome } }),
    verify: (cookie: string, result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
      t.request({ method: 'POST', url: '/o1/api/verify-and-place', cookie, payload: { ...result, shippinginfo: SHIPPING } }),
    myOrders: (cookie: string) => t.request({ method: 'GET', url: '/o1/api/my-orders', cookie }),
    /** Holds the cart, pays in the sandbox and places the order with these shipping details; the placed order. */
    async payAndPlace(cookie: string, shippinginfo: object = SHIPPING) {
      const held = await this.hold(cookie, { shippinginfo });
      expect(held.statusCode, held.body).toBe(200);
      const orderId = RazorpayOrderResponse.parse(held.json()).razorpayOrder.id;
      const paid = SandboxPayResponse.parse((await this.sandboxPay(cookie, orderId)).json());
      if (!paid.success) throw new Error('payment failed');
      const placed = await t.request({
        method: 'POST',
        url: '/o1/api/verify-and-place',
        cookie,
        payload: { ...paid, shippinginfo },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return OrderResponse.parse(placed.json()).order;
    },
  };
}
