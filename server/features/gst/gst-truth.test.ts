import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GstReportResponse, Gstr1PortalFile } from '../../../contract/gst.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { categories, creditNotes, invoices } from '../../db/schema.js';
import { financialYear, indiaDate } from '../../domain/tax.js';
import { createProduct, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * GST as the law has it: a shop without a GSTIN issues bills of supply without tax, in their own series, and files
 * no GSTR-1; a buyer's GSTIN is on the invoice of the order it was given for, with the legal name, and on no other;
 * a refund that takes no units back is a value adjustment; the GSTR-1 download is the portal's own JSON.
 */
let t: TestApp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
/** Two categories, so an invoice has lines at two rates: loose stones at 0.25%, jewellery at 3%. */
let stones: string;
let jewellery: string;
const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const BUYER_GSTIN = '27AAPFU0939F1ZV';
const MUMBAI = { ...SHIPPING, fullname: 'Kiran Shah', city: 'Mumbai', pincode: '400001' };
const month = () => indiaDate(new Date()).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  const [a] = await t.database.db.insert(categories).values({ name: 'Loose stones' }).returning();
  const [b] = await t.database.db.insert(categories).values({ name: 'Jewellery' }).returning();
  stones = (a as { id: string }).id;
  jewellery = (b as { id: string }).id;
  const tax = await t.request({
    method: 'PUT',
    url: '/a1/api/admin/tax',
    cookie: admin.cookie,
    payload: {
      tax: [
        { categoryId: stones, hsn: '7103', gstrate: 0.25 },
        { categoryId: jewellery, hsn: '7113', gstrate: 3 },
      ],
    },
  });
  expect(tax.statusCode, tax.body).toBe(200);
});
afterAll(() => t.close());

const setGstin = async (gstin: string) => {
  const res = await t.request({ method: 'PUT', url: '/a1/api/admin/settings', cookie: admin.cookie, payload: { gstin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings.gstin as string;
};

async function buy(
  lines: { pricePaise: number; quantity: number; categoryId: string }[],
  shippinginfo: object = SHIPPING,
  as?: TestUser,
) {
  const user = as ?? (await t.signUpAndIn());
  for (const l of lines) {
    const p = await createProduct(t.database.db, { stock: 50, pricePaise: l.pricePaise, categoryId: l.categoryId });
    expect((await s.add(user.cookie, p.id, l.quantity)).statusCode).toBe(200);
  }
  return { user, order: await s.payAndPlace(user.cookie, shippinginfo) };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

async function documentText(url: string, cookie: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return oneLine(pdfText(res.rawPayload));
}

const refund = async (orderId: string, amount: number, restock?: { lineId: string; quantity: number }[]) => {
  const res = await t.request({
    method: 'POST',
    url: `/o1/api/admin/refund/${orderId}`,
    cookie: admin.cookie,
    payload: { amount, reason: restock ? 'Returned' : 'Goodwill: delivered late', ...(restock ? { restock } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [note] = await t.database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.seq));
  const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return { first: note, latest: notes.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] };
};

const portal = (m = month()) =>
  t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${m}&format=portal`, cookie: admin.cookie });

describe('a shop without a GSTIN', () => {
  it('issues a Bill of Supply with no tax, numbered BS/<yy-yy>/000001; its refund’s note has no tax; it files no GSTR-1', async () => {
    expect((await t.request({ method: 'GET', url: '/a1/api/settings' })).json().settings.gstin).toBe('');
    const { user, order } = await buy([{ pricePaise: 1_030_00, quantity: 2, categoryId: jewellery }]);
    const fy = financialYear(new Date());
    expect(order.invoice?.number).toBe(`BS/${fy}/000001`);

    const text = await documentText(`/o1/api/invoice/${order._id}`, user.cookie);
    expect(text).toContain('Bill of Supply');
    expect(text).toContain(`Bill number: BS/${fy}/000001`);
    expect(text).toContain('Not registered for GST: no tax is charged.');
    for (const word of ['Tax Invoice', 'CGST', 'SGST', 'IGST', 'GSTIN', 'taxable', 'reverse charge']) {
      expect(text, word).not.toContain(word);
    }
    expect(text).toContain('Total (amount paid) ₹2,060.00');
    expect(text).toContain('Amount in words: Rupees Two Thousand Sixty Only');

    const { first: note } = await refund(order._id, 500);
    if (!note) throw new Error('no credit note');
    expect([note.cgstPaise, note.sgstPaise, note.igstPaise, note.taxablePaise]).toEqual([0, 0, 0, 500_00]);
    const noteText = await documentText(`/o1/api/credit-note/${note.refundKey}`, user.cookie);
    expect(noteText).toContain('Credit Note');
    expect(noteText).toContain(`Against bill of supply: BS/${fy}/000001`);
    for (const word of ['CGST', 'SGST', 'IGST', 'GSTIN']) expect(noteText, word).not.toContain(word);
    expect(noteText).toContain('Total credited ₹500.00');
    // in a series of its own, so the GST credit notes the GSTR-1 lists as a range have no gap
    expect(note.number).toBe(`BCN/${fy}/000001`);
    expect(noteText).toContain(`BCN/${fy}/000001`);

    // Not registered: no GSTR-1 to file, and the month's report holds none of its bills.
    const filed = await portal();
    expect(filed.statusCode).toBe(409);
    expect(filed.json().message).toBe('The shop has no GSTIN: it is not registered for GST and files no GSTR-1');
    const report = GstReportResponse.parse(
      (await t.request({ method: 'GET', url: `/o1/api/admin/gst-report?month=${month()}`, cookie: admin.cookie })).json(),
    );
    expect(report).toMatchObject({ b2b: [], b2cl: [], b2cs: [], hsn: [], creditnotes: [] });
  });

  it('a GSTIN saved makes the next documents tax invoices in the invoice series; "" clears it again', async () => {
    expect(await setGstin(SELLER_GSTIN.toLowerCase())).toBe(SELLER_GSTIN);
    const { order } = await buy([{ pricePaise: 1_030_00, quantity: 1, categoryId: jewellery }]);
    const fy = financialYear(new Date());
    expect(order.invoice?.number).toBe(`RG/${fy}/000001`);
    // the first GST credit note is CN 1: the bill of supply's note before it was in its own series
    const { first: taxNote } = await refund(order._id, 100);
    expect(taxNote?.number).toBe(`CN/${fy}/000001`);
    expect(await setGstin('  ')).toBe('');
    const bill = await buy([{ pricePaise: 1_030_00, quantity: 1, categoryId: jewellery }]);
    expect(bill.order.invoice?.number).toBe(`BS/${fy}/000002`);
    // a wrong GSTIN is still refused, and changes nothing
    const bad = await t.request({
      method: 'PUT',
      url: '/a1/api/admin/settings',
      cookie: admin.cookie,
      payload: { gstin: `${SELLER_GSTIN.slice(0, 14)}${SELLER_GSTIN.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/a1/api/settings' })).json().settings.gstin).toBe('');
    await setGstin(SELLER_GSTIN);
  });
});

describe('the buyer’s GSTIN', () => {
  it('is on the invoice of the order it was given for, with the legal name, and on no later one', async () => {
    await setGstin(SELLER_GSTIN);
    const business = { ...MUMBAI, gstin: BUYER_GSTIN, legalname: '  Kiran   Traders LLP ' };
    const first = await buy([{ pricePaise: 20_600, quantity: 1, categoryId: jewellery }], business);
    expect(first.order.shippinginfo).toMatchObject({ gstin: BUYER_GSTIN, legalname: 'Kiran Traders LLP' });
    const text = await documentText(`/o1/api/invoice/${first.order._id}`, first.user.cookie);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Kiran Traders LLP');
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);

    // The same buyer's next order, with no GSTIN given: a consumer invoice.
    const second = await buy([{ pricePaise: 20_600, quantity: 1, categoryId: jewellery }], MUMBAI, first.user);
    expect(second.order.shippinginfo.gstin).toBeUndefined();
    expect(second.order.shippinginfo.legalname).toBeUndefined();
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, second.order._id));
    expect(inv?.buyer).toMatchObject({ name: 'Kiran Shah', gstin: '' });
    const secondText = await documentText(`/o1/api/invoice/${second.order._id}`, first.user.cookie);
    expect(secondText).not.toContain(BUYER_GSTIN);
    expect(secondText).not.toContain('Kiran Traders LLP');
    expect(secondText).toContain('GSTIN: Unregistered');

    // A legal name without a GSTIN is not kept; a GSTIN without a legal name is refused, naming the field.
    const named = await buy([{ pricePaise: 10_000, quantity: 1, categoryId: jewellery }], {
      ...MUMBAI,
      legalname: 'Someone Else Pvt Ltd',
    });
    expect(named.order.shippinginfo.legalname).toBeUndefined();
    const user = await t.signUpAndIn();
    const p = await createProduct(t.database.db, { stock: 5, pricePaise: 10_000, categoryId: jewellery });
    expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
    const refused = await s.hold(user.cookie, { shippinginfo: { ...MUMBAI, gstin: BUYER_GSTIN } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'shippinginfo.legalname', message: 'Enter the business’s legal name, as registered for GST' },
    ]);
  });
});

/** Every array in the file has rows and every row has something in it (the portal refuses empty ones). */
function emptyParts(v: unknown, at = '$'): string[] {
  if (Array.isArray(v)) return v.length === 0 ? [at] : v.flatMap((x, i) => emptyParts(x, `${at}[${i}]`));
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length === 0 ? [at] : entries.flatMap(([k, x]) => emptyParts(x, `${at}.${k}`));
  }
  return [];
}

describe('a refund that takes no units back, and the GSTR-1 in the portal’s JSON', () => {
  it('a value-only credit note lists a value adjustment spread over the lines; a return lists the units back', async () => {
    await setGstin(SELLER_GSTIN);
    // Punjab consumer: a ₹10,025 stone (0.25%) and two ₹1,030 rings (3%), ₹12,085 in all.
    const { user, order } = await buy([
      { pricePaise: 1_002_500, quantity: 1, categoryId: stones },
      { pricePaise: 103_000, quantity: 2, categoryId: jewellery },
    ]);
    const { latest: goodwill } = await refund(order._id, 1208.5);
    if (!goodwill) throw new Error('no credit note');
    // spread in proportion to the lines' amounts (10,025 : 2,060), each share's tax at its line's rate
    expect(goodwill.lines.map((l) => [l.quantity, l.valuePaise])).toEqual([
      [0, 1_002_50],
      [0, 20_600],
    ]);
    const text = await documentText(`/o1/api/credit-note/${goodwill.refundKey}`, user.cookie);
    expect(text).toContain('Adjustment: value only, no goods returned');
    expect(text).toContain('Value adjustment:');
    expect(text).toContain('Total credited ₹1,208.50');

    // The buyer sends one ring back: its note counts that unit.
    const ring = order.products[1];
    if (!ring) throw new Error('no ring line');
    const { latest: returned } = await refund(order._id, 927, [{ lineId: ring._id, quantity: 1 }]);
    if (!returned) throw new Error('no credit note');
    expect(returned.lines.map((l) => l.quantity)).toEqual([0, 1]);
    const returnText = await documentText(`/o1/api/credit-note/${returned.refundKey}`, user.cookie);
    expect(returnText).not.toContain('value only');
  });

  it('downloads the month in the offline tool’s schema: rates per item, net of credit notes, no empty rows', async () => {
    await setGstin(SELLER_GSTIN);
    const fy = financialYear(new Date());
    const before = Gstr1PortalFile.parse((await portal()).json());
    // A business in Maharashtra buys at two rates: one B2B invoice with an item per rate, IGST.
    const b2b = await buy(
      [
        { pricePaise: 401_000, quantity: 1, categoryId: stones },
        { pricePaise: 103_000, quantity: 1, categoryId: jewellery },
      ],
      { ...MUMBAI, gstin: BUYER_GSTIN, legalname: 'Kiran Traders LLP' },
    );
    const { latest: b2bNote } = await refund(b2b.order._id, 1030, [
      { lineId: (b2b.order.products[1] as { _id: string })._id, quantity: 1 },
    ]);
    // A Haryana consumer above ₹1,00,000: B2C large.
    const large = await buy([{ pricePaise: 10_300_000, quantity: 1, categoryId: jewellery }], {
      ...SHIPPING,
      city: 'Gurugram',
      pincode: '122001',
    });

    if (!b2bNote) throw new Error('no credit note');
    const noteLines = b2bNote.lines;
    expect(noteLines.map((l) => l.quantity)).toEqual([0, 1]);
    const [stoneBack, ringBack] = noteLines as [(typeof noteLines)[number], (typeof noteLines)[number]];

    const res = await portal();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toContain(`GSTR1_${SELLER_GSTIN}_`);
    const raw = res.json();
    expect(raw.success).toBeUndefined();
    const file = Gstr1PortalFile.parse(raw);
    expect(emptyParts(raw)).toEqual([]);
    const [y, m] = month().split('-');
    expect(file).toMatchObject({ gstin: SELLER_GSTIN, fp: `${m}${y}`, version: 'GST3.1.6' });

    expect(file.b2b?.find((x) => x.ctin === BUYER_GSTIN)?.inv.find((i) => i.inum === b2b.order.invoice?.number)).toEqual({
      inum: b2b.order.invoice?.number,
      idt: indiaDate(new Date()).split('-').reverse().join('-'),
      val: 5040,
      pos: '27',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [
        { num: 1, itm_det: { txval: 4000, rt: 0.25, iamt: 10, csamt: 0 } },
        { num: 2, itm_det: { txval: 1000, rt: 3, iamt: 30, csamt: 0 } },
      ],
    });
    expect(file.b2cl).toEqual([
      {
        pos: '06',
        inv: [
          {
            inum: large.order.invoice?.number,
            idt: expect.any(String),
            val: 103000,
            itms: [{ num: 1, itm_det: { txval: 100000, rt: 3, iamt: 3000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(file.cdnr?.find((x) => x.ctin === BUYER_GSTIN)?.nt.find((n) => n.nt_num === b2bNote.number)).toEqual({
      ntty: 'C',
      nt_num: b2bNote.number,
      nt_dt: indiaDate(new Date()).split('-').reverse().join('-'),
      pos: '27',
      rchrg: 'N',
      inv_typ: 'R',
      val: 1030,
      itms: noteLines.map((l, k) => ({
        num: k + 1,
        itm_det: { txval: l.taxable / 100, rt: l.rateBp / 100, iamt: l.igst / 100, csamt: 0 },
      })),
    });
    // Punjab consumers (intra-state): every consumer invoice of the month less its notes, one row per rate.
    const b2cs = file.b2cs ?? [];
    const intra = b2cs.filter((row) => row.sply_ty === 'INTRA');
    expect(intra.map((row) => [row.pos, row.rt, row.typ])).toEqual([
      ['03', 0.25, 'OE'],
      ['03', 3, 'OE'],
    ]);
    // every consumer row is one place of supply at one rate
    expect(new Set(b2cs.map((row) => `${row.sply_ty}|${row.pos}|${row.rt}`)).size).toBe(b2cs.length);
    // The HSN tables (split from May 2025): B2B grew by the business invoice less its note, a unit back on the ring.
    const hsnTable = (f: Gstr1PortalFile, table: 'hsn_b2b' | 'hsn_b2c') => {
      const rows = ((f.hsn ?? {}) as Record<string, { hsn_sc: string; rt: number; qty: number; txval: number; iamt: number }[]>)[
        table
      ];
      return new Map((rows ?? []).map((h) => [`${h.hsn_sc}@${h.rt}`, h]));
    };
    const grew = (key: string) => {
      const now = hsnTable(file, 'hsn_b2b').get(key);
      const then = hsnTable(before, 'hsn_b2b').get(key);
      const paise = (n: number | undefined) => Math.round((n ?? 0) * 100);
      return {
        qty: (now?.qty ?? 0) - (then?.qty ?? 0),
        txval: paise(now?.txval) - paise(then?.txval),
        iamt: paise(now?.iamt) - paise(then?.iamt),
      };
    };
    expect(grew('7103@0.25')).toEqual({ qty: 1, txval: 400_000 - stoneBack.taxable, iamt: 1000 - stoneBack.igst });
    expect(grew('7113@3')).toEqual({ qty: 0, txval: 100_000 - ringBack.taxable, iamt: 3000 - ringBack.igst });
    const hsn = file.hsn as { hsn_b2b?: unknown[]; hsn_b2c?: unknown[] };
    expect(hsn.hsn_b2c?.map((h) => (h as { hsn_sc: string }).hsn_sc)).toEqual(['7103', '7113']);
    // Documents issued: the month's tax invoices and credit notes, as ranges of their series (bills of supply are not in it).
    const docs = file.doc_issue?.doc_det ?? [];
    expect(docs.map((d) => d.doc_num)).toEqual([1, 5]);
    const invoiceRows = await t.database.db.select().from(invoices).where(eq(invoices.kind, 'tax-invoice'));
    const invoiceDocs = docs[0]?.docs ?? [];
    expect(invoiceDocs.reduce((n, d) => n + d.totnum, 0)).toBe(invoiceRows.length);
    expect(invoiceDocs[0]?.from).toBe(`RG/${fy}/000001`);
    expect(invoiceDocs.every((d) => d.cancel === 0 && d.net_issue === d.totnum)).toBe(true);

    // A month with nothing in it: the identity only, no empty sections.
    const empty = await portal('2024-01');
    expect(empty.statusCode).toBe(200);
    expect(Gstr1PortalFile.parse(empty.json())).toEqual({ gstin: SELLER_GSTIN, fp: '012024', version: 'GST3.1.6', hash: 'hash' });
  });
});
