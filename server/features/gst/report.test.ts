// @postgres: the GSTR-1 report is aggregated in SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GstReportResponse } from '../../../contract/gst.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { categories } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
/** Lines are sold in a category the admin taxed at 3% (kept over the scheduled 0.25% of loose stones): round figures. */
let atThree: string;
const BUYER_GSTIN = '27AAPFU0939F1ZV';

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  await t.request({
    method: 'PUT',
    url: '/a1/api/admin/settings',
    cookie: admin.cookie,
    payload: { gstin: `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}` },
  });
  const [c] = await t.database.db.insert(categories).values({ name: 'Gemstones taxed at 3%' }).returning();
  atThree = (c as { id: string }).id;
  const tax = await t.request({
    method: 'PUT',
    url: '/a1/api/admin/tax',
    cookie: admin.cookie,
    payload: { tax: [{ categoryId: atThree, hsn: '7103', gstrate: 3 }] },
  });
  expect(tax.statusCode, tax.body).toBe(200);
});
afterAll(() => t.close());

async function buy(pricePaise: number, shippinginfo: object = SHIPPING) {
  const user = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise, categoryId: atThree });
  expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
  return s.payAndPlace(user.cookie, shippinginfo);
}

describe('GSTR-1 report', () => {
  it('lists the month’s invoices and credit notes in their sections, as JSON and as one CSV', async () => {
    const punjab = await buy(103_000);
    const business = await buy(206_000, {
      ...SHIPPING,
      city: 'Mumbai',
      pincode: '400001',
      gstin: BUYER_GSTIN,
      legalname: 'Kiran Traders LLP',
    });
    const large = await buy(20_600_000, { ...SHIPPING, city: 'Gurugram', pincode: '122001' });
    const refund = (id: string, amount: number) =>
      t.request({
        method: 'POST',
        url: `/o1/api/admin/refund/${id}`,
        cookie: admin.cookie,
        payload: { amount, reason: 'Returned' },
      });
    expect((await refund(punjab._id, 515)).statusCode).toBe(201);
    expect((await refund(business._id, 1030)).statusCode).toBe(201);

    const month = indiaDate(new Date()).slice(0, 7);
    const res = await t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${month}`, cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const report = GstReportResponse.parse(res.json());
    expect(report.b2b).toEqual([
      expect.objectContaining({
        gstin: BUYER_GSTIN,
        invoice: business.invoice?.number,
        value: 2060,
        pos: '27-Maharashtra',
        taxablevalue: 2000,
        igst: 60,
      }),
    ]);
    expect(report.b2cl).toEqual([
      expect.objectContaining({
        invoice: large.invoice?.number,
        value: 206000,
        pos: '06-Haryana',
        taxablevalue: 200000,
        igst: 6000,
      }),
    ]);
    // Punjab consumer: 1,030 less the 515 credited → taxable 500, CGST 7.50, SGST 7.50
    expect(report.b2cs).toEqual([{ pos: '03-Punjab', rate: 3, taxablevalue: 500, igst: 0, cgst: 7.5, sgst: 7.5 }]);
    expect(report.creditnotes).toEqual([
      expect.objectContaining({
        gstin: BUYER_GSTIN,
        invoice: business.invoice?.number,
        value: 1030,
        taxablevalue: 1000,
        igst: 30,
      }),
    ]);
    // HSN 7103: all three invoices less both notes
    expect(report.hsn).toEqual([
      { hsn: '7103', quantity: 3, taxablevalue: 1000 + 2000 + 200000 - 500 - 1000, igst: 60 + 6000 - 30, cgst: 7.5, sgst: 7.5 },
    ]);

    const csv = await t.request({
      method: 'GET',
      url: `/o1/api/admin/gst-report?month=${month}&format=csv`,
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'section,gstin,invoice,note,date,value,pos,rate,hsn,quantity,taxablevalue,igst,cgst,sgst,type,currency,portcode,shippingbill,shippingbilldate,voucher,receipt',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['b2b', 'b2cl', 'b2cs', 'creditnotes', 'hsn']);

    const other = await t.request({ method: 'GET', url: '/o1/api/admin/gst-report?month=2001-01', cookie: admin.cookie });
    expect(GstReportResponse.parse(other.json())).toMatchObject({
      b2b: [],
      b2cl: [],
      exp: [],
      b2cs: [],
      hsn: [],
      creditnotes: [],
    });
  });

  it('admin only (401, 403 first); a bad month is a 400', async () => {
    const shopper = await t.signUpAndIn();
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/gst-report?month=bad' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/o1/api/admin/gst-report?month=bad', cookie: shopper.cookie })).statusCode,
    ).toBe(403);
    for (const q of ['month=2026-13', 'month=26-01', 'month=0000-10', 'month=9999-12', '', 'month=2026-01&format=xml']) {
      expect((await t.request({ method: 'GET', url: `/o1/api/admin/gst-report?${q}`, cookie: admin.cookie })).statusCode, q).toBe(
        400,
      );
    }
  });
});
