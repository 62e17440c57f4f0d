import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { categories, creditNotes, invoices, refunds as refundsTable } from '../../db/schema.js';
import { financialYear } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { invoiceDate, rupees } from './pdf.js';
import { numberInWords, rupeesInWords } from './words.js';

let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
/**
 * The category most lines here are sold in: taxed at 3% by the admin's own choice (kept over the scheduled 0.25% of
 * loose stones), which gives round figures. A loose stone at the scheduled rate is tested on its own below.
 */
let atThree: string;
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const BUYER_GSTIN = '27AAPFU0939F1ZV';

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  const put = await t.request({
    method: 'PUT',
    url: '/a1/api/admin/settings',
    cookie: admin.cookie,
    payload: { gstin: SELLER_GSTIN, legalname: 'Ratna Gems LLP', address: '2nd Floor, Ghumar Mandi Road, Ludhiana 141001' },
  });
  expect(put.statusCode, put.body).toBe(200);
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

async function buy(
  lines: { pricePaise: number; quantity: number; name: string; categoryId?: string }[],
  shippinginfo: object = SHIPPING,
) {
  const user = await t.signUpAndIn();
  for (const l of lines) {
    const categoryId = 'categoryId' in l ? l.categoryId : atThree;
    const p = await createProduct(t.database.db, { stock: 50, pricePaise: l.pricePaise, name: l.name, categoryId });
    expect((await s.add(user.cookie, p.id, l.quantity)).statusCode).toBe(200);
  }
  return { user, order: await s.payAndPlace(user.cookie, shippinginfo) };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('amount in words, Indian numbering', () => {
  it('writes lakhs and crores', () => {
    expect(rupeesInWords(12_360_000)).toBe('Rupees One Lakh Twenty-Three Thousand Six Hundred Only');
    expect(rupeesInWords(103_050)).toBe('Rupees One Thousand Thirty and Fifty Paise Only');
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paise Only');
    expect(numberInWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(999)).toBe('Nine Hundred Ninety-Nine');
    expect(rupees(12_345_678)).toBe('₹1,23,456.78');
  });
});

describe('invoice PDF', () => {
  it('a Punjab shopper’s invoice shows every field, CGST and SGST, and adds up to what was paid', async () => {
    const { user, order } = await buy([
      { pricePaise: 1_234_567, quantity: 1, name: 'Burmese Ruby 3ct' },
      { pricePaise: 99_999, quantity: 3, name: 'South Sea Pearl' },
    ]);
    const res = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const inv = (await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id)))[0];
    if (!inv) throw new Error('no invoice');
    expect(order.number).toMatch(/^RG-\d{6}$/);
    const text = pdfText(res.rawPayload);
    const flat = oneLine(text);
    const fy = financialYear(new Date());
    for (const field of [
      'Ratna Gems', // the shop's name on top
      'Tax Invoice',
      'Ratna Gems LLP',
      '2nd Floor, Ghumar Mandi Road, Ludhiana 141001',
      `GSTIN: ${SELLER_GSTIN}`,
      'State: Punjab (code 03)',
      `Invoice number: RG/${fy}/000001`,
      `Invoice date: ${invoiceDate(inv.issuedAt)}`,
      `Order: ${order.number}`, // the number the shopper and the back-office see
      'Place of supply: Punjab (code 03)',
      SHIPPING.fullname,
      `${SHIPPING.address}, ${SHIPPING.city}, ${SHIPPING.pincode}`,
      'GSTIN: Unregistered',
      'Burmese Ruby 3ct',
      'South Sea Pearl',
      'Tax payable on reverse charge: No',
      `Amount in words: ${rupeesInWords(1_534_564)}`,
    ]) {
      expect(flat, field).toContain(field);
    }
    expect(text.split('\n')[0]?.trim() || text.trim().split('\n')[0]).toContain('Ratna Gems');
    // each line: HSN, quantity, unit price, taxable value, rate, CGST, SGST, total on one row
    for (const l of inv.lines) {
      const row = text.split('\n').find((r) => r.includes(l.description.slice(0, 12)));
      expect(row, l.description).toBeDefined();
      for (const v of [
        l.hsn,
        String(l.quantity),
        rupees(l.unitPricePaise),
        rupees(l.taxable),
        '3%',
        rupees(l.cgst),
        rupees(l.sgst),
        rupees(l.valuePaise),
      ]) {
        expect(row, `${l.description}: ${v}`).toContain(v);
      }
    }
    expect(flat).toContain(`Total taxable value ${rupees(inv.taxablePaise)}`);
    expect(flat).toContain(`CGST ${rupees(inv.cgstPaise)}`);
    expect(flat).toContain(`SGST ${rupees(inv.sgstPaise)}`);
    expect(flat).toContain(`Total (amount paid) ${rupees(1_534_564)}`);
    expect(flat).not.toContain('IGST');
    expect(inv.taxablePaise + inv.cgstPaise + inv.sgstPaise).toBe(1_534_564);

    // made once and kept: the same bytes again, from the database
    const again = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: admin.cookie });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    const [kept] = await t.database.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.orderId, order._id));
    expect(kept?.pdf && Buffer.compare(Buffer.from(kept.pdf), res.rawPayload)).toBe(0);
  });

  it('a Maharashtra business buyer’s invoice shows IGST and its GSTIN', async () => {
    const mumbai = {
      ...SHIPPING,
      fullname: 'Kiran Traders',
      city: 'Mumbai',
      pincode: '400001',
      gstin: BUYER_GSTIN,
      legalname: 'Kiran Traders LLP',
    };
    const { user, order } = await buy([{ pricePaise: 10_300_000, quantity: 1, name: 'Colombian Emerald' }], mumbai);
    const res = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const flat = oneLine(pdfText(res.rawPayload));
    for (const field of [
      'Kiran Traders',
      `GSTIN: ${BUYER_GSTIN}`,
      'State: Maharashtra (code 27)',
      'Place of supply: Maharashtra (code 27)',
      `IGST ${rupees(300_000)}`,
      `Total taxable value ${rupees(10_000_000)}`,
      `Total (amount paid) ${rupees(10_300_000)}`,
      'Amount in words: Rupees One Lakh Three Thousand Only',
    ]) {
      expect(flat, field).toContain(field);
    }
    expect(flat).not.toContain('CGST');
  });

  it('another shopper’s invoice is a 404 like an unknown one; signed out 401; malformed id 400', async () => {
    const { order } = await buy([{ pricePaise: 50_000, quantity: 1, name: 'Blue Sapphire' }]);
    const stranger = await t.signUpAndIn();
    const theirs = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: stranger.cookie });
    const unknown = await t.request({
      method: 'GET',
      url: '/o1/api/invoice/00000000-0000-4000-8000-000000000000',
      cookie: stranger.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/o1/api/invoice/nope', cookie: stranger.cookie })).statusCode).toBe(400);
    // nothing was made for the stranger's tries
    const [row] = await t.database.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.orderId, order._id));
    expect(row?.pdf).toBeNull();
  });
});

describe('credit notes', () => {
  it('a partial and then the full refund each yield a credit note referring to the invoice; they add up to what was paid', async () => {
    const { user, order } = await buy([
      { pricePaise: 300_000, quantity: 1, name: 'Yellow Sapphire' },
      { pricePaise: 100_000, quantity: 1, name: 'Coral Ring' },
    ]);
    const refund = (amount: number) =>
      t.request({
        method: 'POST',
        url: `/o1/api/admin/refund/${order._id}`,
        cookie: admin.cookie,
        payload: { amount, reason: 'Stone chipped in transit' },
      });
    const first = await refund(1000);
    expect(first.statusCode, first.body).toBe(201);
    const refunds = first.json().order.refunds as { _id: string; status: string }[];
    expect(refunds[0]?.status).toBe('processed');
    const refundId = refunds[0]?._id as string;

    const note = await t.request({ method: 'GET', url: `/o1/api/credit-note/${refundId}`, cookie: user.cookie });
    expect(note.statusCode, note.body.slice(0, 200)).toBe(200);
    const fy = financialYear(new Date());
    const inv = (await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id)))[0];
    const flat = oneLine(pdfText(note.rawPayload));
    for (const field of [
      'Credit Note',
      `Credit note number: CN/${fy}/000001`,
      `Against invoice: ${inv?.number}`,
      'Reason: Stone chipped in transit',
      'Place of supply: Punjab (code 03)',
      `Total credited ${rupees(100_000)}`,
      'Amount in words: Rupees One Thousand Only',
      'Tax payable on reverse charge: No',
    ]) {
      expect(flat, field).toContain(field);
    }
    const second = await refund(3000);
    expect(second.statusCode, second.body).toBe(201);
    const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.number).sort()).toEqual([`CN/${fy}/000001`, `CN/${fy}/000002`]);
    const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'totalPaise') => notes.reduce((a, n) => a + n[k], 0);
    expect(sum('totalPaise')).toBe(400_000);
    // the two notes together reverse the invoice to the paisa
    expect(sum('taxablePaise')).toBe(inv?.taxablePaise);
    expect(sum('cgstPaise') + sum('sgstPaise')).toBe((inv?.cgstPaise ?? 0) + (inv?.sgstPaise ?? 0));

    // Each note refers to its refund: a note for no refund is refused, and a refund with a note cannot be deleted.
    const [kept] = notes;
    if (!kept) throw new Error('no credit note');
    const { id: _id, number: _number, seq: _seq, ...rest } = kept;
    const refusedBy = async (query: PromiseLike<unknown>) => {
      try {
        await query;
        return 'nothing';
      } catch (err) {
        const e = err as { message?: string; cause?: { message?: string; constraint?: string } };
        return `${e.cause?.constraint ?? ''} ${e.cause?.message ?? ''} ${e.message ?? ''}`;
      }
    };
    const FK = 'credit_notes_refund_key_refunds_id_fk';
    expect(
      await refusedBy(
        t.database.db
          .insert(creditNotes)
          .values({ ...rest, refundKey: crypto.randomUUID(), number: 'CN/XX-XX/999999', seq: 999_999 }),
      ),
    ).toContain(FK);
    expect(await refusedBy(t.database.db.delete(refundsTable).where(eq(refundsTable.id, refundId)))).toContain(FK);
    expect((await t.database.db.select().from(refundsTable).where(eq(refundsTable.id, refundId))).length).toBe(1);

    const stranger = await t.signUpAndIn();
    expect((await t.request({ method: 'GET', url: `/o1/api/credit-note/${refundId}`, cookie: stranger.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ method: 'GET', url: '/o1/api/credit-note/00000000-0000-4000-8000-000000000000', cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
  });
});

describe('loose stones at the scheduled rate', () => {
  it('a ₹10,000 loose stone in a category without its own rate is taxed at 0.25%: ₹24.94, CGST ₹12.47 + SGST ₹12.47', async () => {
    const { user, order } = await buy([
      { pricePaise: 1_000_000, quantity: 1, name: 'Ceylon Blue Sapphire', categoryId: undefined },
    ]);
    const inv = (await t.database.db.select().from(invoices).where(eq(invoices.orderId, order._id)))[0];
    expect(inv?.lines.map((l) => [l.hsn, l.rateBp, l.taxable, l.cgst, l.sgst, l.igst])).toEqual([
      ['7103', 25, 997_506, 1247, 1247, 0],
    ]);
    const res = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const row = text.split('\n').find((r) => r.includes('Ceylon Blue'));
    for (const v of ['7103', '0.25%', '₹9,975.06', '₹12.47', '₹10,000.00']) expect(row, v).toContain(v);
    const flat = oneLine(text);
    expect(flat).toContain('CGST ₹12.47');
    expect(flat).toContain('SGST ₹12.47');
    expect(flat).toContain('Total taxable value ₹9,975.06');
  });
});
