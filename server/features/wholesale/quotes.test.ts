// @postgres: a quote's number series, its row lock against two payments, and the money of its order and refund
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStatsResponse } from '../../../contract/dashboard.js';
import { AdminOrderDetailResponse } from '../../../contract/order-actions.js';
import { OrderResponse, RazorpayOrderResponse, SandboxPayResponse } from '../../../contract/orders.js';
import { ShippingRatesResponse } from '../../../contract/shipping-zones.js';
import { AdminQuotesResponse, Quote, QuotesResponse } from '../../../contract/wholesale.js';
import { orders, outbox, products } from '../../db/schema.js';
import { createProduct, productRow, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { NOT_A_BUSINESS, QUOTE_EXPIRED } from './quotes.js';
import { approvedDealer } from './test-kit.js';

let t: TestApp;
let s: ReturnType<typeof shop>;
let admin: TestUser;
let now = new Date();
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

type Paid = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

const ask = (cookie: string, payload: object) => t.request({ method: 'POST', url: '/o1/api/quotes', cookie, payload });
const answer = (id: string, payload: object, cookie = admin.cookie) =>
  t.request({ method: 'PATCH', url: `/o1/api/admin/quotes/${id}`, cookie, payload });
const accept = (cookie: string, id: string, payload: object = { shippinginfo: SHIPPING }) =>
  t.request({ method: 'POST', url: `/o1/api/quotes/${id}/accept`, cookie, payload });
const mine = async (cookie: string) => {
  const res = await t.request({ method: 'GET', url: '/o1/api/quotes', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return QuotesResponse.parse(res.json()).quotes;
};
const adminList = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/o1/api/admin/quotes${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return AdminQuotesResponse.parse(res.json());
};
const outboxOf = (template: string, number: string) =>
  t.database.db
    .select({ recipient: outbox.recipient })
    .from(outbox)
    .where(and(eq(outbox.template, template), sql`${outbox.data}->>'number' = ${number}`));

/** A dealer asks for a price on two stones (stock 10 each); the quote as answered. */
async function requested(dealer: TestUser, quantities: [number, number] = [3, 2], stock = 10) {
  const ruby = await createProduct(t.database.db, { name: 'Burmese Ruby', pricePaise: 1_000_000, stock });
  const emerald = await createProduct(t.database.db, { name: 'Zambian Emerald', pricePaise: 800_000, stock });
  const res = await ask(dealer.cookie, {
    lines: [
      { productId: ruby.id, quantity: quantities[0] },
      { productId: emerald.id, quantity: quantities[1] },
    ],
    note: 'For a wedding set',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { quote: Quote.parse(res.json().quote), ruby, emerald };
}

/** The merchant prices every line (ruby ₹8,000, emerald ₹6,500), valid for `days`. */
async function quoted(dealer: TestUser, quantities: [number, number] = [3, 2], stock = 10, days = 7) {
  const r = await requested(dealer, quantities, stock);
  const [a, b] = r.quote.lines;
  const res = await answer(r.quote._id, {
    lines: [
      { lineId: a?._id, price: 8000 },
      { lineId: b?._id, price: 6500 },
    ],
    validuntil: new Date(now.getTime() + days * DAY).toISOString(),
    note: 'Best price for the lot',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...r, quote: Quote.parse(res.json().quote) };
}

async function stats() {
  const res = await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return DashboardStatsResponse.parse(res.json());
}

async function payInSandbox(cookie: string, providerOrderId: string) {
  const paid = SandboxPayResponse.parse((await s.sandboxPay(cookie, providerOrderId)).json());
  if (!paid.success) throw new Error('payment failed');
  return paid as Paid;
}

describe('asking for a quote', () => {
  it('is for an approved business: anyone else signed in → 403, a visitor → 401', async () => {
    const stone = await createProduct(t.database.db, {});
    const retail = await t.signUpAndIn('USER');
    const refused = await ask(retail.cookie, { lines: [{ productId: stone.id, quantity: 2 }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_A_BUSINESS);
    const anonymous = await t.request({ method: 'POST', url: '/o1/api/quotes', payload: { lines: [] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/o1/api/quotes' })).statusCode).toBe(401);
  });

  it('refuses no lines, more than 50, a product twice, a bad quantity, and a product not for sale (400)', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const stone = await createProduct(t.database.db, {});
    const hidden = await createProduct(t.database.db, { isActive: false });
    const many = Array.from({ length: 51 }, () => ({ productId: crypto.randomUUID(), quantity: 1 }));
    for (const lines of [
      [],
      many,
      [
        { productId: stone.id, quantity: 1 },
        { productId: stone.id, quantity: 2 },
      ],
      [{ productId: stone.id, quantity: 0 }],
      [{ productId: stone.id, quantity: 1.5 }],
      [{ productId: 'not-an-id', quantity: 1 }],
      [{ productId: hidden.id, quantity: 1 }],
      [{ productId: crypto.randomUUID(), quantity: 1 }],
    ]) {
      const res = await ask(dealer.cookie, { lines });
      expect(res.statusCode, JSON.stringify(lines).slice(0, 80)).toBe(400);
    }
    expect(await mine(dealer.cookie)).toEqual([]);
  });

  it('numbers the request in the financial year’s series, lists it as the buyer’s own, and tells the merchant', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote, ruby } = await requested(dealer);
    expect(quote.number).toMatch(/^Q\/\d{2}-\d{2}\/\d{6}$/);
    expect(quote).toMatchObject({
      status: 'requested',
      note: 'For a wedding set',
      merchantnote: '',
      validuntil: null,
      orderId: null,
    });
    expect(quote.lines[0]).toMatchObject({
      productId: ruby.id,
      productname: 'Burmese Ruby',
      quantity: 3,
      listprice: 10_000,
      price: null,
    });
    const second = await requested(dealer);
    expect(Number(second.quote.number.slice(-6))).toBe(Number(quote.number.slice(-6)) + 1);
    expect((await mine(dealer.cookie)).map((q) => q._id)).toEqual([second.quote._id, quote._id]);
    const other = await approvedDealer(t, admin, 0, 0);
    expect(await mine(other.cookie)).toEqual([]);
    expect(await outboxOf('merchant_quote_requested', quote.number)).not.toHaveLength(0);
  });

  it('counts the requests waiting for a price on the dashboard’s to-do list', async () => {
    const todo = async () => {
      const res = await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return DashboardStatsResponse.parse(res.json()).todo.quotes;
    };
    const before = await todo();
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await requested(dealer);
    expect(await todo()).toBe(before + 1);
    expect((await answer(quote._id, { status: 'declined', note: 'Reserved' })).statusCode).toBe(200);
    expect(await todo()).toBe(before);
  });
});

describe('the merchant’s answer', () => {
  it('is for an ADMIN only', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await requested(dealer);
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/quotes', cookie: dealer.cookie })).statusCode).toBe(403);
    expect((await answer(quote._id, { status: 'declined', note: 'No' }, dealer.cookie)).statusCode).toBe(403);
  });

  it('lists quotes with the buyer, filtered by status', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await requested(dealer);
    const requestedOnes = await adminList('?status=requested');
    const found = requestedOnes.quotes.find((q) => q._id === quote._id);
    expect(found?.user).toMatchObject({ _id: dealer.id, mobileno: dealer.mobileno });
    expect(requestedOnes.quotes.every((q) => q.status === 'requested')).toBe(true);
    expect((await adminList('?status=declined')).quotes.some((q) => q._id === quote._id)).toBe(false);
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/quotes?status=maybe', cookie: admin.cookie })).statusCode).toBe(
      400,
    );
  });

  it('prices every line with a validity up to 30 days ahead, else 400; an unknown quote 404', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await requested(dealer);
    const [a, b] = quote.lines;
    const soon = new Date(now.getTime() + 3 * DAY).toISOString();
    const bad: object[] = [
      { lines: [{ lineId: a?._id, price: 8000 }], validuntil: soon },
      {
        lines: [
          { lineId: a?._id, price: 8000 },
          { lineId: crypto.randomUUID(), price: 1 },
        ],
        validuntil: soon,
      },
      {
        lines: [
          { lineId: a?._id, price: 8000 },
          { lineId: b?._id, price: 0 },
        ],
        validuntil: soon,
      },
      {
        lines: [
          { lineId: a?._id, price: 8000 },
          { lineId: b?._id, price: 10.001 },
        ],
        validuntil: soon,
      },
      {
        lines: [
          { lineId: a?._id, price: 8000 },
          { lineId: b?._id, price: 6500 },
        ],
        validuntil: new Date(now.getTime() - 60_000).toISOString(),
      },
      {
        lines: [
          { lineId: a?._id, price: 8000 },
          { lineId: b?._id, price: 6500 },
        ],
        validuntil: new Date(now.getTime() + 31 * DAY).toISOString(),
      },
      { status: 'declined' },
      { status: 'declined', note: '  ' },
    ];
    for (const body of bad) expect((await answer(quote._id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await answer(crypto.randomUUID(), { status: 'declined', note: 'x' })).statusCode).toBe(404);
    expect((await mine(dealer.cookie))[0]?.status).toBe('requested');
  });

  it('quotes the lot and tells the buyer; declines with a note; a declined quote cannot be answered again (409)', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await quoted(dealer);
    expect(quote).toMatchObject({ status: 'quoted', merchantnote: 'Best price for the lot' });
    expect(quote.lines.map((l) => l.price)).toEqual([8000, 6500]);
    const told = await outboxOf('quote_answered', quote.number);
    expect(told.map((r) => r.recipient)).toContain(dealer.mobileno);

    const declined = await answer(quote._id, { status: 'declined', note: 'Stones are reserved' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().quote).toMatchObject({ status: 'declined', merchantnote: 'Stones are reserved' });
    expect((await answer(quote._id, { status: 'declined', note: 'Again' })).statusCode).toBe(409);
    expect((await accept(dealer.cookie, quote._id)).statusCode).toBe(409);
  });
});

describe('accepting and paying a quote', () => {
  it('someone else’s quote is 404; a quote not yet priced is 409', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await requested(dealer);
    expect((await accept(dealer.cookie, quote._id)).statusCode).toBe(409);
    const other = await approvedDealer(t, admin, 0, 0);
    const { quote: priced } = await quoted(dealer);
    expect((await accept(other.cookie, priced._id)).statusCode).toBe(404);
    expect((await accept(other.cookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await accept(dealer.cookie, priced._id, {})).statusCode).toBe(400);
  });

  it('offers the shipping rates for the quote’s quoted total, not the cart’s or the list prices’, and charges the one chosen', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    // Quoted ₹32,000 + ₹13,000 = ₹45,000: under Express's free-above ₹50,000 (the list prices would pass it: ₹56,000).
    const { quote } = await quoted(dealer, [4, 2]);
    const big = await createProduct(t.database.db, { name: 'Kashmir Sapphire', pricePaise: 9_000_000, stock: 2 });
    expect((await s.add(dealer.cookie, big.id, 1)).statusCode).toBe(200);
    const ratesOf = async (url: string) => {
      const res = await t.request({ method: 'GET', url, cookie: dealer.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return ShippingRatesResponse.parse(res.json()).rates;
    };
    const forQuote = await ratesOf(`/o1/api/shipping-rates?country=IN&quote=${quote._id}`);
    expect(forQuote.map((r) => [r.name, r.amount])).toEqual([
      ['Standard', 0],
      ['Express', 500],
    ]);
    // The cart alone (₹90,000) ships Express free: the quote's rates are not the cart's.
    expect((await ratesOf('/o1/api/shipping-rates?country=IN')).find((r) => r.name === 'Express')?.amount).toBe(0);

    const express = forQuote.find((r) => r.name === 'Express')?._id;
    const held = await accept(dealer.cookie, quote._id, { shippinginfo: SHIPPING, shippingrate: express });
    expect(held.statusCode, held.body).toBe(200);
    const checkout = RazorpayOrderResponse.parse(held.json());
    expect([checkout.shippingamount, checkout.totalamount]).toEqual([500, 45_000 + 500]);
  });

  it('a quote’s shipping rates: someone else’s quote 404, one not priced 409, a malformed id 400', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const other = await approvedDealer(t, admin, 0, 0);
    const { quote: asked } = await requested(dealer);
    const { quote: priced } = await quoted(dealer);
    const get = (cookie: string, id: string) =>
      t.request({ method: 'GET', url: `/o1/api/shipping-rates?country=IN&quote=${id}`, cookie });
    expect((await get(other.cookie, priced._id)).statusCode).toBe(404);
    expect((await get(dealer.cookie, crypto.randomUUID())).statusCode).toBe(404);
    expect((await get(dealer.cookie, asked._id)).statusCode).toBe(409);
    expect((await get(dealer.cookie, 'not-a-quote')).statusCode).toBe(400);
    expect((await get(dealer.cookie, priced._id)).statusCode).toBe(200);
  });

  it('holds exactly the quote’s lines at the quoted prices, leaves the cart alone, and places the order linked to it', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote, ruby, emerald } = await quoted(dealer);
    const other = await createProduct(t.database.db, { name: 'Ceylon Sapphire', stock: 4 });
    expect((await s.add(dealer.cookie, other.id, 1)).statusCode).toBe(200);

    const held = await accept(dealer.cookie, quote._id);
    expect(held.statusCode, held.body).toBe(200);
    const checkout = RazorpayOrderResponse.parse(held.json());
    expect(checkout.totalamount).toBe(3 * 8000 + 2 * 6500 + (checkout.shippingamount ?? 0));
    expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 7 });
    expect(await productRow(t.database.db, other.id)).toMatchObject({ stock: 4 });

    const paid = await payInSandbox(dealer.cookie, checkout.razorpayOrder.id);
    const placed = await s.verify(dealer.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json()).order;
    expect(order).toMatchObject({ quoteId: quote._id, paymentstatus: 'Paid' });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order._id)))[0]?.flag).toBeNull();
    expect(order.products.map((p) => [p.productname, p.quantity])).toEqual([
      ['Burmese Ruby', 3],
      ['Zambian Emerald', 2],
    ]);
    expect(await productRow(t.database.db, emerald.id)).toMatchObject({ stock: 8, sold: 2 });

    const cart = await t.request({ method: 'GET', url: '/c2/api/all', cookie: dealer.cookie });
    expect(cart.json().data.map((l: { productId: string }) => l.productId)).toEqual([other.id]);
    const [after] = await mine(dealer.cookie);
    expect(after).toMatchObject({ _id: quote._id, status: 'ordered', orderId: order._id });
    expect((await accept(dealer.cookie, quote._id)).statusCode).toBe(409);
  });

  it('keeps each line’s size and colour (one the product comes in) from the request to the order paid', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const ring = await createProduct(t.database.db, {
      name: 'Coral Ring',
      pricePaise: 500_000,
      stock: 10,
      sizes: ['6', '7', '8'],
      colours: ['Red', 'Pink'],
    });
    // a size the product does not come in is a 400 on that line's field; nothing asked for is the first of each
    const bad = await ask(dealer.cookie, { lines: [{ productId: ring.id, quantity: 2, productsize: '12' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'lines.0.productsize' })]);
    // the same size and colour twice, once named and once by default, is one line asked for twice
    const twice = await ask(dealer.cookie, {
      lines: [
        { productId: ring.id, quantity: 1, productsize: '6' },
        { productId: ring.id, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const res = await ask(dealer.cookie, {
      lines: [
        { productId: ring.id, quantity: 2, productsize: '7', productcolour: 'pink' },
        { productId: ring.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const asked = Quote.parse(res.json().quote);
    expect(asked.lines.map((l) => [l.productsize, l.productcolour, l.quantity])).toEqual([
      ['7', 'Pink', 2],
      ['6', 'Red', 1],
    ]);
    const priced = await answer(asked._id, {
      lines: asked.lines.map((l) => ({ lineId: l._id, price: 4000 })),
      validuntil: new Date(now.getTime() + DAY).toISOString(),
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const held = await accept(dealer.cookie, asked._id);
    expect(held.statusCode, held.body).toBe(200);
    const paid = await payInSandbox(dealer.cookie, RazorpayOrderResponse.parse(held.json()).razorpayOrder.id);
    const placed = await s.verify(dealer.cookie, paid);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(OrderResponse.parse(placed.json()).order.products.map((p) => [p.size, p.colour, p.quantity, p.productprice])).toEqual([
      ['7', 'Pink', 2, 4000],
      ['6', 'Red', 1, 4000],
    ]);
  });

  it('the same accept twice at once is one checkout, and one order', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await quoted(dealer);
    const [a, b] = await Promise.all([accept(dealer.cookie, quote._id), accept(dealer.cookie, quote._id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = RazorpayOrderResponse.parse(a.json()).razorpayOrder.id;
    expect(RazorpayOrderResponse.parse(b.json()).razorpayOrder.id).toBe(first);
    const placed = await s.verify(dealer.cookie, await payInSandbox(dealer.cookie, first));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await t.database.db.select().from(orders).where(eq(orders.quoteId, quote._id))).toHaveLength(1);
  });

  it('a second payment for an ordered quote is recorded, flagged quote_already_ordered, refunded and not kept as revenue', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote, ruby } = await quoted(dealer);
    const first = RazorpayOrderResponse.parse((await accept(dealer.cookie, quote._id)).json()).razorpayOrder.id;
    // The cart's own checkout replaces the quote's (one pending checkout a shopper), then the quote is accepted again.
    const filler = await createProduct(t.database.db, { stock: 3 });
    expect((await s.add(dealer.cookie, filler.id, 1)).statusCode).toBe(200);
    expect((await s.hold(dealer.cookie)).statusCode).toBe(200);
    const second = RazorpayOrderResponse.parse((await accept(dealer.cookie, quote._id)).json()).razorpayOrder.id;
    expect(second).not.toBe(first);

    const placed = await s.verify(dealer.cookie, await payInSandbox(dealer.cookie, second));
    expect(placed.statusCode, placed.body).toBe(201);
    const good = OrderResponse.parse(placed.json()).order;
    const kept = async () => (await stats()).periods.last30Days.revenue;
    const keptBefore = await kept();
    const late = await s.verify(dealer.cookie, await payInSandbox(dealer.cookie, first));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().message).toBe(
      'Payment received, but this quote has already been ordered, so this second payment made no new order. Your payment is being refunded.',
    );
    const flagged = OrderResponse.parse(late.json()).order;
    expect(flagged.quoteId).toBe(quote._id);

    // The merchant sees it flagged as a second payment for the quote, refunded in full, its timeline saying why.
    const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${flagged._id}`, cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const seen = AdminOrderDetailResponse.parse(res.json()).order;
    expect(seen).toMatchObject({ flag: 'quote_already_ordered', paymentstatus: 'Refunded', refundstatus: 'processed' });
    expect(seen.refunds).toEqual([
      expect.objectContaining({
        amount: flagged.totalamount,
        status: 'processed',
        reason: 'Paid again for a quote already ordered',
      }),
    ]);
    expect(seen.events.map((e) => [e.type, e.note])).toEqual(
      expect.arrayContaining([
        ['flagged', 'Paid again for a quote already ordered: do not ship, the payment is refunded'],
        ['refund_requested', expect.stringContaining('paid again for a quote already ordered')],
      ]),
    );
    // Not a sale: it cannot be shipped, the money kept is what it was, and nothing tells the buyer it was placed.
    const ship = await t.request({
      method: 'PATCH',
      url: `/o1/api/admin/shipment/${flagged._id}`,
      cookie: admin.cookie,
      payload: { carrier: 'BlueDart', trackingnumber: 'BD1' },
    });
    expect(ship.statusCode, ship.body).toBe(409);
    expect(await kept()).toBe(keptBefore);
    const told = await t.database.db
      .select({ template: outbox.template })
      .from(outbox)
      .where(sql`${outbox.data}->>'orderId' = ${flagged._id}`);
    expect(told.map((m) => m.template)).not.toContain('order_placed');
    expect(told.map((m) => m.template)).toContain('merchant_flagged_payment');
    expect((await mine(dealer.cookie)).find((q) => q._id === quote._id)?.orderId).toBe(good._id);
    // The stock went out once.
    expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 7, sold: 3 });
  });

  it('a payment that comes after its hold ran out and after the quote’s validity is refunded, the quote no longer open', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    // Valid for an hour; the payment comes two hours later (its hold long over, the checkout not yet too old).
    const { quote, ruby } = await quoted(dealer, [1, 1], 10, 1 / 24);
    const held = RazorpayOrderResponse.parse((await accept(dealer.cookie, quote._id)).json()).razorpayOrder.id;
    const start = now;
    try {
      now = new Date(start.getTime() + DAY / 12);
      const late = await s.verify(dealer.cookie, await payInSandbox(dealer.cookie, held));
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().message).toBe('Payment received, but this quote is no longer open. Your payment is being refunded.');
      const flagged = OrderResponse.parse(late.json()).order;
      const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${flagged._id}`, cookie: admin.cookie });
      const seen = AdminOrderDetailResponse.parse(res.json()).order;
      expect(seen).toMatchObject({ flag: 'stock_unavailable', paymentstatus: 'Refunded' });
      expect(seen.refunds).toEqual([expect.objectContaining({ reason: 'Paid for a quote no longer open' })]);
      expect(seen.events.map((e) => e.note)).toContain(
        'Paid for a quote that was no longer open (declined, or past its validity): not placed; the payment is refunded in full.',
      );
      expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 10, sold: 0 });
    } finally {
      now = start;
    }
  });

  it('a line out of stock is 409 and holds nothing', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote, ruby } = await quoted(dealer, [3, 2], 3);
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, ruby.id));
    const res = await accept(dealer.cookie, quote._id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/Burmese Ruby/);
    expect(await productRow(t.database.db, ruby.id)).toMatchObject({ stock: 2 });
  });

  it('past its validity the quote reads expired: accepting it or answering it again is 409', async () => {
    const dealer = await approvedDealer(t, admin, 0, 0);
    const { quote } = await quoted(dealer, [1, 1], 10, 2);
    const start = now;
    try {
      now = new Date(start.getTime() + 2 * DAY + 60_000);
      const [seen] = await mine(dealer.cookie);
      expect(seen).toMatchObject({ _id: quote._id, status: 'expired' });
      const res = await accept(dealer.cookie, quote._id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(QUOTE_EXPIRED);
      expect((await adminList('?status=expired')).quotes.map((q) => q._id)).toContain(quote._id);
      expect((await adminList('?status=quoted')).quotes.map((q) => q._id)).not.toContain(quote._id);
      expect((await answer(quote._id, { status: 'declined', note: 'Too late' })).statusCode).toBe(409);
    } finally {
      now = start;
    }
  });
});

describe('a quote on credit', () => {
  it('places the quoted lot Due at once, the quote ordered; a second time is 409', async () => {
    const dealer = await approvedDealer(t, admin, 30, 500_000);
    const { quote } = await quoted(dealer);
    const res = await t.request({
      method: 'POST',
      url: '/o1/api/credit-order',
      cookie: dealer.cookie,
      payload: { shippinginfo: SHIPPING, quoteId: quote._id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderResponse.parse(res.json()).order;
    expect(order).toMatchObject({ paymentstatus: 'Due', quoteId: quote._id });
    expect(order.totalamount).toBe(37_000 + (order.shippingamount ?? 0));
    expect((await mine(dealer.cookie))[0]).toMatchObject({ status: 'ordered', orderId: order._id });
    const again = await t.request({
      method: 'POST',
      url: '/o1/api/credit-order',
      cookie: dealer.cookie,
      payload: { shippinginfo: SHIPPING, quoteId: quote._id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('another business’s quote is 404', async () => {
    const owner = await approvedDealer(t, admin, 30, 500_000);
    const { quote } = await quoted(owner);
    const other = await approvedDealer(t, admin, 30, 500_000);
    const res = await t.request({
      method: 'POST',
      url: '/o1/api/credit-order',
      cookie: other.cookie,
      payload: { shippinginfo: SHIPPING, quoteId: quote._id },
    });
    expect(res.statusCode).toBe(404);
  });
});
