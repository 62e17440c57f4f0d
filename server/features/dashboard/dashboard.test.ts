// @postgres: India-time day boundaries and aggregates in SQL
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AwaitingShipmentResponse,
  DashboardStatsResponse,
  LowStockResponse,
  SHOP_TIME_ZONE,
} from '../../../contract/dashboard.js';
import { categories, checkouts, orderItems, orders, products, refunds, subcategories } from '../../db/schema.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let catalogue: { categoryId: string; subcategoryId: string };

const DAY = 86_400_000;
const istDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(d);
/** Midnight of an India-time date (India has no daylight saving: always +05:30). */
const istMidnight = (ymd: string) => new Date(`${ymd}T00:00:00+05:30`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
  shopper = await t.signUpAndIn('USER');
  const [cat] = await t.database.db.insert(categories).values({ name: 'Gemstones' }).returning();
  const [sub] = await t.database.db.insert(subcategories).values({ name: 'Ruby', categoryId: cat!.id }).returning();
  catalogue = { categoryId: cat!.id, subcategoryId: sub!.id };
});
afterAll(() => t.close());

async function addProduct(name: string, stock: number, isActive = true) {
  const [p] = await t.database.db
    .insert(products)
    .values({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${crypto.randomBytes(3).toString('hex')}`,
      pricePaise: 150_000,
      description: `${name} from Ludhiana`,
      images: [`/uploads/${name.length}/320.webp`],
      stock,
      isActive,
      categoryId: catalogue.categoryId,
      subcategoryId: catalogue.subcategoryId,
    })
    .returning();
  return p!;
}

type OrderInput = {
  createdAt: Date;
  totalPaise: number;
  paymentstatus?: 'Paid' | 'Pending' | 'Failed' | 'Refunded';
  deliverystatus?: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'returned';
  shippinginfo?: Partial<{ fullname: string; mobileno: string; address: string; city: string; pincode: string }>;
  paymentId?: string;
  flag?: 'stock_unavailable' | 'amount_mismatch' | 'shipping_missing';
  lines?: { productname: string; quantity: number; size?: string; colour?: string }[];
  userId?: string | null;
};

/** Writes an order the way checkout does (checkout row, order, lines), at a chosen time. */
async function addOrder(o: OrderInput) {
  const providerOrderId = `order_${crypto.randomBytes(7).toString('hex')}`;
  const userId = o.userId === undefined ? shopper.id : o.userId;
  const [checkout] = await t.database.db
    .insert(checkouts)
    .values({
      userId: shopper.id,
      provider: 'sandbox',
      providerOrderId,
      amountPaise: o.totalPaise,
      status: 'placed',
      lines: [],
      holdExpiresAt: new Date(o.createdAt.getTime() + 15 * 60_000),
      createdAt: o.createdAt,
    })
    .returning();
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId,
      checkoutId: checkout!.id,
      razorpayOrderId: providerOrderId,
      razorpayPaymentId: o.paymentId ?? `pay_${crypto.randomBytes(7).toString('hex')}`,
      totalPaise: o.totalPaise,
      paidPaise: ['Paid', 'Refunded'].includes(o.paymentstatus ?? 'Paid') ? o.totalPaise : 0,
      paymentstatus: o.paymentstatus ?? 'Paid',
      deliverystatus: o.deliverystatus ?? 'pending',
      flag: o.flag ?? null,
      shippinginfo: {
        fullname: 'Asha Verma',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
        ...o.shippinginfo,
      },
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    })
    .returning();
  if (o.paymentstatus === 'Refunded') {
    // Refunded in full the day it was paid.
    await t.database.db.insert(refunds).values({
      orderId: order!.id,
      amountPaise: o.totalPaise,
      status: 'processed',
      idempotencyKey: `refund-${order!.id}`,
      actor: 'admin',
      processedAt: o.createdAt,
    });
  }
  const lines = o.lines ?? [{ productname: 'Burmese Ruby', quantity: 1 }];
  await t.database.db.insert(orderItems).values(
    lines.map((l, position) => ({
      orderId: order!.id,
      productId: null,
      productname: l.productname,
      unitPricePaise: Math.round(o.totalPaise / Math.max(1, l.quantity)),
      quantity: l.quantity,
      size: l.size ?? '',
      colour: l.colour ?? '',
      position,
    })),
  );
  return order!;
}

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

/** Minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe('admin dashboard endpoints are for admins only', () => {
  it('answers 401 anonymous and 403 to a USER on every row', async () => {
    for (const url of [
      '/o1/api/admin/stats',
      '/o1/api/admin/low-stock',
      '/o1/api/admin/awaiting-shipment',
      '/o1/api/admin/orders/export.csv',
    ]) {
      const anon = await get(url);
      expect(anon.statusCode, `${url} anonymous`).toBe(401);
      expect(anon.json()).toMatchObject({ success: false });
      const user = await get(url, shopper.cookie);
      expect(user.statusCode, `${url} as USER`).toBe(403);
      expect(user.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(user.body).not.toMatch(/Order ID/);
    }
  });
});

describe('revenue stats', () => {
  it('counts the money kept of paid orders, on India-time day boundaries, for today, 7 and 30 days, with a 30-day series', async () => {
    const now = new Date();
    const today = istDate(now);
    const todayStart = istMidnight(today);
    const dayStart = (k: number) => new Date(todayStart.getTime() - k * DAY);

    await addOrder({ createdAt: todayStart, totalPaise: 100_050 }); // today, ₹1000.50
    await addOrder({ createdAt: new Date(todayStart.getTime() - 1), totalPaise: 20_000 }); // yesterday 23:59:59.999 IST
    await addOrder({ createdAt: todayStart, totalPaise: 99_900, paymentstatus: 'Pending' });
    await addOrder({ createdAt: todayStart, totalPaise: 50_000, paymentstatus: 'Refunded' }); // paid and refunded: nothing kept
    await addOrder({ createdAt: todayStart, totalPaise: 70_000, paymentstatus: 'Failed' });
    await addOrder({ createdAt: dayStart(6), totalPaise: 30_000 }); // 7th day back: inside 7 days
    await addOrder({ createdAt: new Date(dayStart(6).getTime() - 1), totalPaise: 40_000 }); // just outside 7 days
    await addOrder({ createdAt: dayStart(29), totalPaise: 5_000 }); // 30th day back: inside 30 days
    await addOrder({ createdAt: new Date(dayStart(29).getTime() - 1), totalPaise: 7_000 }); // just outside 30 days

    const res = await get('/o1/api/admin/stats', admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = DashboardStatsResponse.parse(res.json());
    expect(body.today).toBe(today);
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.periods.today).toEqual({ revenue: 1000.5, paidOrders: 2 });
    expect(body.periods.last7Days).toEqual({ revenue: 1500.5, paidOrders: 4 });
    expect(body.periods.last30Days).toEqual({ revenue: 1950.5, paidOrders: 6 });

    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: today, revenue: 1000.5, paidOrders: 2 });
    expect(body.daily.at(-2)).toEqual({ date: istDate(new Date(todayStart.getTime() - 1)), revenue: 200, paidOrders: 1 });
    expect(body.daily[0]).toEqual({ date: istDate(dayStart(29)), revenue: 50, paidOrders: 1 });
    expect(body.daily[23]).toEqual({ date: istDate(dayStart(6)), revenue: 300, paidOrders: 1 });
    expect(body.daily[22]).toEqual({ date: istDate(dayStart(7)), revenue: 400, paidOrders: 1 });
    // every day present, consecutive, oldest first
    for (let i = 1; i < body.daily.length; i++) {
      const prev = Date.parse(`${body.daily[i - 1]!.date}T00:00:00Z`);
      expect(Date.parse(`${body.daily[i]!.date}T00:00:00Z`) - prev).toBe(DAY);
    }
    const seriesTotal = body.daily.reduce((s, d) => s + d.revenue, 0);
    expect(seriesTotal).toBeCloseTo(body.periods.last30Days.revenue, 2);
    // awaiting shipment counts the paid pending/confirmed orders (Pending, Refunded and Failed are not to be sent)
    expect(body.awaitingShipment).toBe(6);
  });
});

describe('awaiting shipment and low stock', () => {
  it('lists pending and confirmed orders oldest first with item counts; shipped and delivered are left out', async () => {
    const before = AwaitingShipmentResponse.parse((await get('/o1/api/admin/awaiting-shipment?limit=100', admin.cookie)).json());
    const old = await addOrder({
      createdAt: new Date('2020-01-05T10:00:00Z'),
      totalPaise: 12_345,
      deliverystatus: 'confirmed',
      shippinginfo: { fullname: 'Ravi Gill', city: 'Amritsar' },
      lines: [
        { productname: 'Emerald', quantity: 2 },
        { productname: 'Pearl', quantity: 3 },
      ],
    });
    await addOrder({ createdAt: new Date('2020-01-04T10:00:00Z'), totalPaise: 1, deliverystatus: 'shipped' });
    await addOrder({ createdAt: new Date('2020-01-03T10:00:00Z'), totalPaise: 1, deliverystatus: 'delivered' });
    // Not to be sent: refunded, and paid after the stock was gone (its refund still on its way).
    await addOrder({ createdAt: new Date('2020-01-02T10:00:00Z'), totalPaise: 1, paymentstatus: 'Refunded' });
    await addOrder({ createdAt: new Date('2020-01-01T10:00:00Z'), totalPaise: 1, flag: 'stock_unavailable' });
    // To be sent, once the customer gives the address.
    const noAddress = await addOrder({ createdAt: new Date('2020-01-06T10:00:00Z'), totalPaise: 1, flag: 'shipping_missing' });

    const res = await get('/o1/api/admin/awaiting-shipment?limit=1', admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = AwaitingShipmentResponse.parse(res.json());
    expect(body.count).toBe(before.count + 2);
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({
      _id: old.id,
      number: old.number,
      deliverystatus: 'confirmed',
      totalamount: 123.45,
      items: 5,
      shippinginfo: { fullname: 'Ravi Gill', city: 'Amritsar' },
    });
    const all = AwaitingShipmentResponse.parse((await get('/o1/api/admin/awaiting-shipment?limit=100', admin.cookie)).json());
    expect(all.orders.map((o) => o._id)).toContain(noAddress.id);
    expect(all.orders.every((o) => o.paymentstatus === 'Paid')).toBe(true);
    expect((await get('/o1/api/admin/awaiting-shipment?limit=0', admin.cookie)).statusCode).toBe(400);
  });

  it('lists products with 2 or fewer units, active or not, lowest stock first', async () => {
    const none = await addProduct('Sold Out Opal', 0, false);
    const one = await addProduct('Last Coral', 1);
    const two = await addProduct('Two Pearls', 2);
    await addProduct('Plenty Ruby', 3);
    const res = await get('/o1/api/admin/low-stock', admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = LowStockResponse.parse(res.json());
    expect(body.threshold).toBe(2);
    expect(body.count).toBe(3);
    expect(body.products.map((p) => p._id)).toEqual([none.id, one.id, two.id]);
    expect(body.products[0]).toMatchObject({
      productname: 'Sold Out Opal',
      stockquantity: 0,
      isActive: false,
      category: { categoryname: 'Gemstones' },
      subcategory: { subcategoryname: 'Ruby' },
    });
    expect(body.products[0]!.productimage).toMatch(/^\/uploads\//);
    const limited = LowStockResponse.parse((await get('/o1/api/admin/low-stock?limit=1', admin.cookie)).json());
    expect(limited.products).toHaveLength(1);
    expect(limited.count).toBe(3);
    expect((await get('/o1/api/admin/low-stock?limit=abc', admin.cookie)).statusCode).toBe(400);
  });
});

describe('CSV export of orders', () => {
  let tagged: { hostile: string; early: string; late: string; next: string };
  beforeAll(async () => {
    const hostile = await addOrder({
      createdAt: new Date('2021-03-10T06:30:00Z'), // 12:00 IST
      totalPaise: 250_075,
      deliverystatus: 'shipped',
      paymentId: 'pay_EXPORTHOSTILE1',
      shippinginfo: {
        fullname: '=HYPERLINK("http://evil.example","click")',
        address: '+91 "Gem" Market, Shop 4\nNear Clock Tower',
        city: '@SUM(A1:A9)',
        mobileno: '-9876543210',
      },
      lines: [
        { productname: 'Ruby, Burmese', quantity: 2, size: '7 Ratti', colour: 'Red' },
        { productname: 'Pearl', quantity: 1 },
      ],
    });
    // India-time day edges of 2021-03-11: 00:00 IST and 23:59:59 IST inside, next 00:00 IST outside
    const early = await addOrder({
      createdAt: istMidnight('2021-03-11'),
      totalPaise: 1_000,
      paymentId: 'pay_EXPORTEDGE_EARLY',
    });
    const late = await addOrder({
      createdAt: new Date(istMidnight('2021-03-12').getTime() - 1000),
      totalPaise: 2_000,
      paymentId: 'pay_EXPORTEDGE_LATE',
    });
    const next = await addOrder({ createdAt: istMidnight('2021-03-12'), totalPaise: 3_000, paymentId: 'pay_EXPORTEDGE_NEXT' });
    tagged = { hostile: hostile.id, early: early.id, late: late.id, next: next.id };
  });

  it('streams text/csv as an attachment with escaped, formula-safe cells', async () => {
    const res = await get('/o1/api/admin/orders/export.csv?search=EXPORTHOSTILE', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'Order ID',
      'Date (IST)',
      'Customer',
      'Customer mobile',
      'Payment status',
      'Delivery status',
      'Total (INR)',
      'Items',
      'Products',
      'Ship to name',
      'Ship to mobile',
      'Address',
      'City',
      'PIN code',
      'Razorpay order ID',
      'Razorpay payment ID',
      'Paid (INR)',
      'Refunded (INR)',
      'Kept (INR)',
      'Order number',
    ]);
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    const col = (name: string) => row![rows[0]!.indexOf(name)];
    expect(col('Order ID')).toBe(tagged.hostile);
    expect(col('Date (IST)')).toBe('2021-03-10 12:00');
    expect(col('Customer')).toBe(shopper.fullname);
    expect(col('Total (INR)')).toBe('2500.75');
    expect(col('Items')).toBe('3');
    expect(col('Delivery status')).toBe('shipped');
    expect(col('Products')).toBe('Ruby, Burmese x2 (size 7 Ratti) (Red); Pearl x1');
    expect(col('Ship to name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(col('Address')).toBe(`'+91 "Gem" Market, Shop 4\nNear Clock Tower`);
    expect(col('City')).toBe(`'@SUM(A1:A9)`);
    expect(col('Ship to mobile')).toBe(`'-9876543210`);
    expect(col('Razorpay payment ID')).toBe('pay_EXPORTHOSTILE1');
    const [stored] = await t.database.query<{ number: string }>('select number from orders where id = $1', [tagged.hostile]);
    expect(col('Order number')).toBe(stored?.number);
    expect(col('Order number')).toMatch(/^RG-\d{6}$/);
    // raw text: the quote inside the name is doubled, the cell is quoted
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    // no cell of the file starts with a formula character
    for (const r of rows) for (const c of r) expect(c).not.toMatch(/^[=+\-@]/);
  });

  it('filters by India-time dates (inclusive), status and search like the orders screen', async () => {
    const ids = async (query: string) => {
      const res = await get(`/o1/api/admin/orders/export.csv?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(200);
      return parseCsv(res.body.slice(1))
        .slice(1)
        .map((r) => r[0]);
    };
    expect(await ids('startDate=2021-03-11&endDate=2021-03-11')).toEqual([tagged.late, tagged.early]);
    expect(await ids('startDate=2021-03-10&endDate=2021-03-12')).toEqual([
      tagged.next,
      tagged.late,
      tagged.early,
      tagged.hostile,
    ]);
    expect(await ids('startDate=2021-03-10&endDate=2021-03-12&status=shipped')).toEqual([tagged.hostile]);
    expect(await ids('search=exportedge_&startDate=&status=')).toEqual([tagged.next, tagged.late, tagged.early]);
    expect(await ids('startDate=2021-03-10&endDate=2021-03-12&status=SHIPPED')).toEqual([tagged.hostile]);
    expect(await ids('search=exportedge_&status=all')).toEqual([tagged.next, tagged.late, tagged.early]);
    expect(await ids(`search=${tagged.early.slice(0, 13)}`)).toContain(tagged.early);
    expect(await ids('search=%25')).toEqual([]); // a literal percent matches nothing, not everything
    // every order when nothing is filtered, newest first
    const all = await ids('');
    const count = (await t.database.query<{ n: number }>('select count(*)::int as n from orders'))[0]!.n;
    expect(all).toHaveLength(Number(count));
  });

  it('pages through more orders than one batch without losing or repeating any', async () => {
    const base = istMidnight('2019-06-01').getTime();
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      const o = await addOrder({ createdAt: new Date(base + (i % 3) * 1000), totalPaise: 100 + i, paymentId: `pay_BATCH${i}` });
      made.push(o.id);
    }
    const { exportOrders } = await import('./service.js');
    const seen: string[] = [];
    for await (const row of exportOrders(t.database.db, { search: 'pay_BATCH' }, 5)) seen.push(String(row[0]));
    expect(seen).toHaveLength(12);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it('refuses malformed filters with 400 and field errors', async () => {
    for (const q of [
      'startDate=yesterday',
      'endDate=2021-02-30',
      'status=lost',
      `search=${'x'.repeat(101)}`,
      'startDate=2021-03-12&endDate=2021-03-11',
    ]) {
      const res = await get(`/o1/api/admin/orders/export.csv?${q}`, admin.cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors?.length).toBeGreaterThan(0);
    }
  });

  it('is documented in the OpenAPI document with its content type and admin security', async () => {
    const doc = (await get('/api/docs/openapi.json')).json();
    const exportOp = doc.paths['/o1/api/admin/orders/export.csv'].get;
    expect(Object.keys(exportOp.responses['200'].content)).toEqual(['text/csv']);
    expect(exportOp.security).toEqual([{ adminSession: [] }]);
    expect(exportOp.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['endDate', 'search', 'startDate', 'status']);
    for (const path of ['/o1/api/admin/stats', '/o1/api/admin/low-stock', '/o1/api/admin/awaiting-shipment']) {
      const op = doc.paths[path].get;
      expect(op.security, path).toEqual([{ adminSession: [] }]);
      expect(op.tags).toEqual(['Admin dashboard']);
      expect(op.responses['200'].content['application/json'].schema.properties.success).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});
