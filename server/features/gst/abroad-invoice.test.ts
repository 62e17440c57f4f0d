import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GstReportResponse, Gstr1PortalFile } from '../../../contract/gst.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { creditNotes, invoices, outbox } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { createProduct, NEW_YORK, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { render } from '../outbox/templates.js';

/**
 * An order shipped abroad names its country wherever the address is printed: the tax invoice (read back from the
 * PDF), the order's e-mails to the buyer and the merchant. Its place of supply is a foreign country (GST code 96),
 * so it is never taxed as a sale within the shop's own state.
 */
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const LONDON = {
  country: 'GB',
  fullname: 'Tom Hale',
  mobileno: '+44 20 7946 0958',
  address: '10 Downing Street',
  city: 'London',
  pincode: 'SW1A 2AA',
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  const res = await t.request({
    method: 'PUT',
    url: '/a1/api/admin/settings',
    cookie: admin.cookie,
    payload: { gstin: SELLER_GSTIN },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

async function buyAndPlace(shippinginfo: object) {
  const user = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise: 2_000_000 });
  expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
  const order = await s.payAndPlace(user.cookie, shippinginfo);
  return { user, order };
}
const invoicePdf = (id: string, cookie: string) => t.request({ method: 'GET', url: `/o1/api/invoice/${id}`, cookie });

describe('an order shipped abroad', () => {
  it('its invoice prints the region and the country, the phone in E.164, place of supply 96 and IGST only', async () => {
    const { user, order } = await buyAndPlace(NEW_YORK);
    const res = await invoicePdf(order._id, user.cookie);
    expect(res.statusCode).toBe(200);
    const text = oneLine(pdfText(res.rawPayload));
    expect(text).toContain('Billed and shipped to');
    expect(text).toContain('350 Fifth Avenue, New York, 10118');
    expect(text).toContain('State / Region: NY');
    expect(text).toContain('Country: United States');
    expect(text).toContain('Phone: +12125550123');
    expect(text).toContain('Place of supply: Foreign Country (code 96)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    expect(inv).toMatchObject({ placeOfSupply: 'Foreign Country', intraState: false, cgstPaise: 0, sgstPaise: 0 });
    expect(inv?.igstPaise).toBeGreaterThan(0);
    expect(inv?.buyer).toMatchObject({ country: 'United States', state: 'NY', statecode: '96', gstin: '' });

    // another shopper's invoice stays theirs
    const stranger = await t.signUpAndIn();
    expect((await invoicePdf(order._id, stranger.cookie)).statusCode).toBe(404);
  });

  it('an address with no region (London) is still a supply abroad, never taxed as within the shop’s state', async () => {
    const { user, order } = await buyAndPlace(LONDON);
    const text = oneLine(pdfText((await invoicePdf(order._id, user.cookie)).rawPayload));
    expect(text).toContain('Country: United Kingdom');
    expect(text).not.toContain('State / Region');
    expect(text).toContain('Place of supply: Foreign Country (code 96)');
    expect(text).not.toContain('CGST');
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));
    expect(inv).toMatchObject({ intraState: false, cgstPaise: 0, sgstPaise: 0 });
  });

  it('the order’s e-mails say where it ships, country and all; an Indian order’s name no country', async () => {
    const { order } = await buyAndPlace(NEW_YORK);
    const { order: home } = await buyAndPlace({ ...SHIPPING, state: 'Punjab' });
    const rows = await t.database.db.select().from(outbox);
    const of = (template: string, id: string) => rows.find((r) => r.template === template && r.data.orderId === id)?.data;

    const placed = of('order_placed', order._id);
    expect(placed?.shipto).toBe('350 Fifth Avenue, New York 10118, NY, United States');
    const mail = render('order_placed', 'en', placed ?? {}, 'https://shop.example');
    expect(mail.text).toContain('Shipping to: 350 Fifth Avenue, New York 10118, NY, United States');
    expect(render('order_placed', 'hi', placed ?? {}, 'https://shop.example').text).toContain(
      'डिलीवरी का पता: 350 Fifth Avenue, New York 10118, NY, United States',
    );
    const merchant = render('merchant_new_order', 'en', of('merchant_new_order', order._id) ?? {}, 'https://shop.example');
    expect(merchant.text).toContain('Ship to: 350 Fifth Avenue, New York 10118, NY, United States');

    expect(of('order_placed', home._id)?.shipto).toBe('12 Mall Road, Ludhiana 141001, Punjab');
  });
});

describe('the export invoice', () => {
  const LUT = { arn: 'AD030426001234X', validfrom: '2020-04-01', validto: '2099-03-31' };
  const setExport = async (payload: object) => {
    const res = await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const invoiceOf = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.orderId, id)))[0];

  it('without a LUT: titled for export, IGST paid and the endorsement saying so; a domestic invoice is as before', async () => {
    await setExport({ iec: 'AABCR1234K', lut: null });
    const { user, order } = await buyAndPlace(NEW_YORK);
    const text = oneLine(pdfText((await invoicePdf(order._id, user.cookie)).rawPayload));
    expect(text).toContain('Tax Invoice — Export');
    expect(text).toContain('Destination: United States');
    expect(text).toContain('IEC: AABCR1234K');
    expect(text).toContain('Supply meant for export with payment of integrated tax');
    expect(text).not.toContain('Letter of Undertaking');
    const inv = await invoiceOf(order._id);
    expect(inv?.export).toEqual({ type: 'WPAY', arn: '', iec: 'AABCR1234K', country: 'United States' });
    expect(inv?.igstPaise).toBeGreaterThan(0);

    const { user: homeUser, order: home } = await buyAndPlace(SHIPPING);
    const homeText = oneLine(pdfText((await invoicePdf(home._id, homeUser.cookie)).rawPayload));
    expect(homeText).toContain('Tax Invoice');
    expect(homeText).not.toContain('Export');
    expect(homeText).not.toContain('Supply meant for export');
    expect((await invoiceOf(home._id))?.export).toBeNull();
  });

  it('under a LUT valid on the invoice date: zero-rated, the whole amount taxable, the endorsement naming the ARN; a LUT not yet valid is not used', async () => {
    await setExport({ iec: 'AABCR1234K', lut: LUT });
    const { user, order } = await buyAndPlace(LONDON);
    const text = oneLine(pdfText((await invoicePdf(order._id, user.cookie)).rawPayload));
    expect(text).toContain('Tax Invoice — Export');
    expect(text).toContain('Destination: United Kingdom');
    expect(text).toContain(
      'Supply meant for export under Letter of Undertaking (ARN AD030426001234X) without payment of integrated tax',
    );
    const inv = await invoiceOf(order._id);
    expect(inv).toMatchObject({ igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });
    expect(inv?.taxablePaise).toBe(inv?.totalPaise);
    expect(inv?.totalPaise).toBe(Math.round(order.totalamount * 100));
    expect(inv?.export).toEqual({ type: 'WOPAY', arn: 'AD030426001234X', iec: 'AABCR1234K', country: 'United Kingdom' });

    // a LUT whose term starts tomorrow does not cover today's invoice
    const tomorrow = indiaDate(new Date(Date.now() + 86_400_000));
    await setExport({ lut: { ...LUT, validfrom: tomorrow } });
    const later = await buyAndPlace(LONDON);
    expect((await invoiceOf(later.order._id))?.export?.type).toBe('WPAY');
    expect((await invoiceOf(later.order._id))?.igstPaise).toBeGreaterThan(0);
    // and the invoice already issued keeps its treatment
    expect((await invoiceOf(order._id))?.export?.type).toBe('WOPAY');
    await setExport({ iec: '', lut: null });
  });
});

describe('GSTR-1 with exports', () => {
  const month = () => indiaDate(new Date()).slice(0, 7);
  const report = async (format: 'json' | 'csv' | 'portal') =>
    t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${month()}&format=${format}`, cookie: admin.cookie });

  it('lists every export in exp (WPAY or WOPAY as on its invoice, in rupees, INR) and in no B2B or B2C section; its credit note is an EXP note', async () => {
    await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { iec: 'AABCR1234K', lut: { arn: 'AD030426001234X', validfrom: '2020-04-01', validto: '2099-03-31' } },
    });
    const { order: zeroRated } = await buyAndPlace(LONDON);
    await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload: { iec: '', lut: null } });
    const { user: nyBuyer, order: withIgst } = await buyAndPlace(NEW_YORK);
    const { order: home } = await buyAndPlace(SHIPPING);
    const refunded = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${zeroRated._id}`,
      cookie: admin.cookie,
      payload: { amount: 500, reason: 'Goodwill: delivered late' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, zeroRated._id));
    // the courier's CSB-V details, recorded with the shipment of the parcel to New York
    const ship = (payload: object) =>
      t.request({ method: 'PATCH', url: `/o1/api/admin/shipment/${withIgst._id}`, cookie: admin.cookie, payload });
    const courier = { carrier: 'DHL Express', trackingnumber: '1234567890' };
    for (const [bad, message] of [
      [{ portcode: 'DEL' }, 'The port code is 6 letters and digits, such as INDEL4'],
      [{ shippingbill: '12345678' }, 'The shipping bill number is up to 7 digits'],
      [{ shippingbilldate: '2026-02-30' }, 'The shipping bill date must be a date (YYYY-MM-DD)'],
    ] as const) {
      const refused = await ship({ ...courier, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.body).toContain(message);
    }
    const shipped = await ship({ ...courier, portcode: 'indel4', shippingbill: '7654321', shippingbilldate: '2026-11-20' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.shipment).toMatchObject({
      portcode: 'INDEL4',
      shippingbill: '7654321',
      shippingbilldate: '2026-11-20',
    });
    // a correction that leaves them out keeps them; the buyer's own view never shows them
    expect((await ship({ ...courier, trackingnumber: '1234567891' })).json().order.shipment.shippingbill).toBe('7654321');
    const mine = await t.request({ method: 'GET', url: '/o1/api/my-orders', cookie: nyBuyer.cookie });
    expect(JSON.stringify(mine.json())).toContain('1234567891');
    expect(JSON.stringify(mine.json())).not.toContain('7654321');

    const all = await t.database.db.select().from(invoices);
    const exported = all.filter((i) => i.export);
    const byOrder = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.orderId, id)))[0];
    const [lutInvoice, igstInvoice, homeInvoice] = [
      await byOrder(zeroRated._id),
      await byOrder(withIgst._id),
      await byOrder(home._id),
    ];

    const res = await report('json');
    expect(res.statusCode, res.body).toBe(200);
    const json = GstReportResponse.parse(res.json());
    // every export of the month and nothing else, each as its invoice fixed it
    expect(json.exp.map((e) => e.invoice).sort()).toEqual(exported.map((i) => i.number).sort());
    expect(json.exp.find((e) => e.invoice === lutInvoice?.number)).toEqual({
      type: 'WOPAY',
      invoice: lutInvoice?.number,
      date: indiaDate(new Date()),
      value: (lutInvoice?.totalPaise ?? 0) / 100,
      currency: 'INR',
      portcode: '',
      shippingbill: '',
      shippingbilldate: '',
      taxablevalue: (lutInvoice?.totalPaise ?? 0) / 100,
      igst: 0,
    });
    const paid = json.exp.find((e) => e.invoice === igstInvoice?.number);
    expect(paid).toMatchObject({
      type: 'WPAY',
      igst: (igstInvoice?.igstPaise ?? 0) / 100,
      portcode: 'INDEL4',
      shippingbill: '7654321',
      shippingbilldate: '2026-11-20',
    });
    expect(paid?.igst).toBeGreaterThan(0);
    // in no B2B or B2C section: B2C small adds up to the domestic invoices alone
    expect(json.b2b.map((b) => b.invoice)).not.toContain(lutInvoice?.number);
    expect(json.b2cl.map((b) => b.invoice)).not.toContain(igstInvoice?.number);
    const domestic = all.filter((i) => !i.export && !i.buyer.gstin);
    const b2csTaxable = json.b2cs.reduce((sum, row) => sum + Math.round(row.taxablevalue * 100), 0);
    expect(b2csTaxable).toBe(domestic.reduce((sum, i) => sum + i.taxablePaise, 0));
    expect(json.b2cs.every((row) => !row.pos.startsWith('96') && !row.pos.startsWith('97'))).toBe(true);
    expect(homeInvoice?.export).toBeNull();
    // the export's credit note: gstin empty, type EXP; still in the HSN summary
    expect(json.creditnotes).toContainEqual(
      expect.objectContaining({ type: 'EXP', gstin: '', note: note?.number, invoice: lutInvoice?.number, value: 500 }),
    );

    const csv = (await report('csv')).body.split('\r\n');
    expect(csv[0]).toContain('section,gstin,invoice');
    expect(csv[0]?.endsWith(',type,currency,portcode,shippingbill,shippingbilldate,voucher,receipt')).toBe(true);
    expect(csv.filter((line) => line.startsWith('exp,'))).toHaveLength(exported.length);

    const file = await report('portal');
    expect(file.statusCode, file.body).toBe(200);
    const portal = Gstr1PortalFile.parse(file.json());
    const wopay = portal.exp?.find((e) => e.exp_typ === 'WOPAY');
    const wpay = portal.exp?.find((e) => e.exp_typ === 'WPAY');
    expect(wopay?.inv.map((i) => i.inum)).toContain(lutInvoice?.number);
    expect(wpay?.inv.map((i) => i.inum)).toContain(igstInvoice?.number);
    expect(wopay?.inv.find((i) => i.inum === lutInvoice?.number)?.itms).toEqual([
      { txval: (lutInvoice?.totalPaise ?? 0) / 100, rt: 0, iamt: 0, csamt: 0 },
    ]);
    expect(wpay?.inv.find((i) => i.inum === igstInvoice?.number)).toMatchObject({
      sbpcode: 'INDEL4',
      sbnum: '7654321',
      sbdt: '20-11-2026',
    });
    expect(wopay?.inv.find((i) => i.inum === lutInvoice?.number)).not.toHaveProperty('sbnum');
    const wpayItems = wpay?.inv.find((i) => i.inum === igstInvoice?.number)?.itms ?? [];
    expect(wpayItems.reduce((sum, i) => sum + Math.round(i.iamt * 100), 0)).toBe(igstInvoice?.igstPaise);
    const inB2c = JSON.stringify([portal.b2b ?? [], portal.b2cl ?? [], portal.b2cs ?? []]);
    expect(inB2c).not.toContain(lutInvoice?.number ?? '-');
    expect(inB2c).not.toContain(igstInvoice?.number ?? '-');
    expect(portal.cdnur).toContainEqual(expect.objectContaining({ typ: 'EXPWOP', nt_num: note?.number, val: 500 }));
    expect(portal.cdnur?.find((n) => n.nt_num === note?.number)).not.toHaveProperty('pos');
  });
});

describe('the customs declaration', () => {
  const customs = (id: string, cookie?: string) => t.request({ method: 'GET', url: `/o1/api/admin/customs/${id}`, cookie });

  it('an order shipped abroad: sender with IEC, recipient, each line’s HS code, origin, carats, grams, quantity and value; the invoice number', async () => {
    await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { iec: 'AABCR1234K', lut: null },
    });
    const user = await t.signUpAndIn();
    const ruby = await createProduct(t.database.db, {
      name: 'Untreated Burmese Ruby',
      stock: 5,
      pricePaise: 2_000_000,
      origin: 'Burma',
      weightcarrat: 3.25,
      weightgrams: 0.65,
    });
    expect((await s.add(user.cookie, ruby.id, 2)).statusCode).toBe(200);
    const order = await s.payAndPlace(user.cookie, NEW_YORK);
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id));

    const res = await customs(order._id, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = oneLine(pdfText(res.rawPayload));
    expect(text).toContain('Commercial Invoice and Customs Declaration');
    expect(text).toContain(`Invoice ${inv?.number}`);
    expect(text).toContain('IEC: AABCR1234K');
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain('Ann Lee');
    expect(text).toContain('Country: United States');
    expect(text).toMatch(/Untreated Burmese Ruby.*7103.*Burma.*3\.25 ct.*0\.650 g.*2.*₹40,000\.00/);
    expect(text).toContain('Currency INR');
    await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload: { iec: '' } });
  });

  it('none for a domestic order or an unknown one (404); admin only (401, 403), even for the buyer', async () => {
    const { user, order: home } = await buyAndPlace(SHIPPING);
    expect((await customs(home._id, admin.cookie)).statusCode).toBe(404);
    expect((await customs('00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);
    const { user: buyer, order: abroad } = await buyAndPlace(NEW_YORK);
    expect((await customs(abroad._id)).statusCode).toBe(401);
    expect((await customs(abroad._id, buyer.cookie)).statusCode).toBe(403);
    expect((await customs(abroad._id, user.cookie)).statusCode).toBe(403);
    expect((await customs('not-an-id', admin.cookie)).statusCode).toBe(400);
  });
});

describe('an export paid in dollars', () => {
  it('its invoice states the currency, the amount paid in it and the rate; exp and the customs declaration carry them', async () => {
    await t.request({
      method: 'PUT',
      url: '/a1/api/admin/currencies',
      cookie: admin.cookie,
      payload: { currencies: [{ code: 'USD', rate: 0.011812 }] },
    });
    await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { iec: 'AABCR1234K', lut: null },
    });
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 2_000_000 });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    const held = await t.request({
      method: 'POST',
      url: '/o1/api/razorpay-order',
      cookie: user.cookie,
      payload: { shippinginfo: NEW_YORK, currency: 'USD' },
    });
    expect(held.statusCode, held.body).toBe(200);
    const { razorpayOrder } = held.json() as { razorpayOrder: { id: string; amount: number } };
    expect(razorpayOrder.amount).toBe(28_349); // ₹24,000 × 0.011812 = 283.488 → 283.49
    const paid = (await s.sandboxPay(user.cookie, razorpayOrder.id)).json();
    const placed = await t.request({
      method: 'POST',
      url: '/o1/api/verify-and-place',
      cookie: user.cookie,
      payload: { ...paid, shippinginfo: NEW_YORK },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { order: { _id: string } }).order._id;

    const text = oneLine(pdfText((await invoicePdf(orderId, user.cookie)).rawPayload));
    expect(text).toContain('Tax Invoice — Export');
    expect(text).toContain('Paid in: USD 283.49');
    expect(text).toContain('Exchange rate: 1 USD = ₹84.66');

    const month = indiaDate(new Date()).slice(0, 7);
    const report = GstReportResponse.parse(
      (
        await t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${month}&format=json`, cookie: admin.cookie })
      ).json(),
    );
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const row = report.exp.find((e) => e.invoice === inv?.number);
    expect(row).toMatchObject({ currency: 'USD', value: 24_000 });

    const customs = await t.request({ method: 'GET', url: `/o1/api/admin/customs/${orderId}`, cookie: admin.cookie });
    expect(customs.statusCode).toBe(200);
    const declared = oneLine(pdfText(customs.rawPayload));
    expect(declared).toContain('Value (USD)');
    // the ruby's ₹20,000 at the order's rate, rounded down: US$236.24
    expect(declared).toMatch(/₹20,000\.00 236\.24/);
    expect(declared).toContain('Paid in USD 283.49');
    expect(declared).toContain('Exchange rate 1 USD = ₹84.66');

    // A refund's credit note is an export's too: titled so, with its invoice's treatment.
    const refund = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${orderId}`,
      cookie: admin.cookie,
      payload: { amount: 1000, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = (refund.json() as { order: { refunds: { _id: string }[] } }).order.refunds[0]?._id;
    const note = await t.request({ method: 'GET', url: `/o1/api/credit-note/${refundId}`, cookie: user.cookie });
    expect(note.statusCode, note.body).toBe(200);
    const noteText = oneLine(pdfText(note.rawPayload));
    expect(noteText).toContain('Credit Note — Export');
    expect(noteText).toContain(
      'Credit note against a supply meant for export: supply meant for export with payment of integrated tax',
    );
    expect(noteText).not.toContain('Paid in:');
    await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload: { iec: '' } });
  });
});
