// @postgres: invoice and credit-note numbers are drawn under row locks, and the registration job claims rows with FOR UPDATE SKIP LOCKED
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DashboardStatsResponse } from '../../../contract/dashboard.js';
import { EinvoiceRetryResponse, EinvoicesResponse } from '../../../contract/einvoice.js';
import { gstinCheckChar } from '../../../contract/gst-rules.js';
import { categories, creditNotes, einvoices, invoices, orders } from '../../db/schema.js';
import { type FakeIrp, startFakeIrp } from '../../test/fake-irp.js';
import { createProduct, NEW_YORK, SHIPPING, shop } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';
import { EINVOICE_NEEDS } from '../gst/settings.js';
import { NOT_SET_UP, runEinvoices } from './service.js';

const SELLER_GSTIN = `03AAACR5055K1Z${gstinCheckChar('03AAACR5055K1Z')}`;
const BUYER_GSTIN = '27AAPFU0939F1ZV';
const MUMBAI = {
  ...SHIPPING,
  fullname: 'Kiran Traders',
  address: '14 Zaveri Bazaar',
  city: 'Mumbai',
  pincode: '400002',
  gstin: BUYER_GSTIN,
  legalname: 'Kiran Traders LLP',
};
const HOUR = 3600_000;
/** The INV-01 JSON the stand-in received, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: the document's JSON is read field by field
type Json = Record<string, any>;

let t: TestApp;
let irp: FakeIrp;
let admin: TestUser;
let s: ReturnType<typeof shop>;
/** A category sold at 3% under a 6-digit HSN, as the IRP needs. */
let stones: string;

const put = (url: string, payload: object) => t.request({ method: 'PUT', url, cookie: admin.cookie, payload });

beforeAll(async () => {
  irp = await startFakeIrp();
  t = await createTestApp(irp.env);
  s = shop(t);
  admin = await t.signUpAndIn('ADMIN');
  const [c] = await t.database.db.insert(categories).values({ name: 'Precious stones' }).returning();
  stones = (c as { id: string }).id;
});
afterAll(async () => {
  await t.close();
  await irp.close();
});

async function buy(shippinginfo: object, pricePaise = 10_300_000) {
  const user = await t.signUpAndIn();
  const p = await createProduct(t.database.db, { stock: 5, pricePaise, name: 'Colombian Emerald', categoryId: stones });
  expect((await s.add(user.cookie, p.id, 1)).statusCode).toBe(200);
  const order = await s.payAndPlace(user.cookie, shippinginfo);
  return { user, order };
}

const rowOf = async (number: string) => {
  const [row] = await t.database.db.select().from(einvoices).where(eq(einvoices.number, number));
  return row;
};
const invoiceOf = async (orderId: string) => {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error('no invoice');
  return row;
};
const adminOrder = async (orderId: string) => {
  const res = await t.request({ method: 'GET', url: `/o1/api/admin/orders/${orderId}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { invoice: { irn: string | null; ackno: string | null; einvoicestatus: string } | null };
};
const generated = (number: string) =>
  irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice' && (r.json?.DocDtls as { No?: string })?.No === number);

describe('turning e-invoices on', () => {
  it('needs the seller’s city and PIN code, and 6-digit HSN codes on every category (400, nothing saved)', async () => {
    expect(
      (await put('/a1/api/admin/settings', { gstin: SELLER_GSTIN, legalname: 'Ratna Gems LLP', iec: 'AABCR1234K' })).statusCode,
    ).toBe(200);
    const noPlace = await put('/a1/api/admin/settings', { einvoice: true });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().message).toBe(EINVOICE_NEEDS.place);
    expect((await put('/a1/api/admin/settings', { pincode: '14100' })).statusCode).toBe(400);

    expect((await put('/a1/api/admin/tax', { tax: [{ categoryId: stones, hsn: '7103', gstrate: 3 }] })).statusCode).toBe(200);
    const shortHsn = await put('/a1/api/admin/settings', { einvoice: true, city: 'Ludhiana', pincode: '141001' });
    expect(shortHsn.statusCode).toBe(400);
    expect(shortHsn.json().message).toBe(EINVOICE_NEEDS.hsn(['Precious stones']));
    const unchanged = await t.request({ method: 'GET', url: '/a1/api/admin/settings', cookie: admin.cookie });
    expect(unchanged.json().settings).toMatchObject({ einvoice: false, city: '', pincode: '' });

    expect((await put('/a1/api/admin/tax', { tax: [{ categoryId: stones, hsn: '710391', gstrate: 3 }] })).statusCode).toBe(200);
    const on = await put('/a1/api/admin/settings', { einvoice: true, city: 'Ludhiana', pincode: '141001' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().settings).toMatchObject({ einvoice: true, city: 'Ludhiana', pincode: '141001' });
    // While on, a 4-digit HSN is refused, and the city or PIN code cannot be cleared.
    expect((await put('/a1/api/admin/tax', { tax: [{ categoryId: stones, hsn: '7103', gstrate: 3 }] })).statusCode).toBe(400);
    expect((await put('/a1/api/admin/settings', { city: '' })).statusCode).toBe(400);
  });
});

describe('registering with the IRP', () => {
  it('registers a business buyer’s invoice with NIC’s INV-01 fields, and the Order shows its IRN', async () => {
    const { order } = await buy(MUMBAI);
    const inv = await invoiceOf(order._id);
    expect(order.invoice).toMatchObject({ number: inv.number, einvoicestatus: 'pending', irn: null });
    expect(await runEinvoices(t.app)).toBeGreaterThanOrEqual(1);

    const doc = irp.documents.find((d) => d.no === inv.number);
    if (!doc) throw new Error('not registered');
    const p = doc.payload as Json;
    expect(p.Version).toBe('1.1');
    expect(p.TranDtls).toMatchObject({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' });
    expect(p.DocDtls).toEqual({ Typ: 'INV', No: inv.number, Dt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) });
    expect(p.SellerDtls).toMatchObject({
      Gstin: SELLER_GSTIN,
      LglNm: 'Ratna Gems LLP',
      Loc: 'Ludhiana',
      Pin: 141001,
      Stcd: '03',
    });
    expect(p.BuyerDtls).toMatchObject({
      Gstin: BUYER_GSTIN,
      LglNm: 'Kiran Traders LLP',
      Pos: '27',
      Loc: 'Mumbai',
      Pin: 400002,
      Stcd: '27',
    });
    expect(p.ItemList).toHaveLength(1);
    expect(p.ItemList[0]).toMatchObject({ SlNo: '1', IsServc: 'N', HsnCd: '710391', Qty: 1, GstRt: 3, CgstAmt: 0, SgstAmt: 0 });
    expect(p.ValDtls).toMatchObject({
      AssVal: inv.taxablePaise / 100,
      IgstVal: inv.igstPaise / 100,
      TotInvVal: inv.totalPaise / 100,
    });
    expect(p.ExpDtls).toBeUndefined();

    const row = await rowOf(inv.number);
    expect(row).toMatchObject({
      status: 'registered',
      irn: doc.irn,
      ackNo: String(doc.ackNo),
      signedQr: doc.signedQr,
      lastError: '',
    });
    const seen = await adminOrder(order._id);
    expect(seen.invoice).toMatchObject({ irn: doc.irn, ackno: String(doc.ackNo), einvoicestatus: 'registered' });

    const list = EinvoicesResponse.parse(
      (await t.request({ method: 'GET', url: '/o1/api/admin/einvoices?status=registered', cookie: admin.cookie })).json(),
    );
    expect(list.einvoices).toContainEqual({
      number: inv.number,
      kind: 'INV',
      orderId: order._id,
      einvoicestatus: 'registered',
      irn: doc.irn,
      error: '',
      cancelfailed: false,
    });
    // The session (AppKey, Sek) is reused: one sign-in so far.
    expect(irp.requests.filter((r) => r.path === '/eivital/v1.03/auth')).toHaveLength(1);
  });

  it('prints the IRN and acknowledgement on the PDF, and its QR code reads back as the IRP’s signed data', async () => {
    const { user, order } = await buy(MUMBAI, 5_150_000);
    const before = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(pdfText(before.rawPayload)).not.toContain('IRN:');
    await runEinvoices(t.app);
    const inv = await invoiceOf(order._id);
    const row = await rowOf(inv.number);
    if (!row?.irn || !row.signedQr) throw new Error('not registered');

    const res = await t.request({ method: 'GET', url: `/o1/api/invoice/${order._id}`, cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`IRN: ${row.irn}`);
    expect(text).toContain(`Ack No: ${row.ackNo}`);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-qr-'));
    try {
      fs.writeFileSync(path.join(dir, 'invoice.pdf'), res.rawPayload);
      execFileSync('pdftoppm', [
        '-r',
        '300',
        '-f',
        '1',
        '-l',
        '1',
        '-png',
        path.join(dir, 'invoice.pdf'),
        path.join(dir, 'page'),
      ]);
      const page = fs.readdirSync(dir).find((f) => f.endsWith('.png'));
      if (!page) throw new Error('no page image');
      const read = execFileSync('zbarimg', ['--raw', '-q', path.join(dir, page)], { encoding: 'utf8' }).trim();
      expect(read).toBe(row.signedQr);
      const [head, body, sig] = read.split('.') as [string, string, string];
      expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'RS256' });
      expect(crypto.verify('sha256', Buffer.from(`${head}.${body}`), irp.signingKey, Buffer.from(sig, 'base64url'))).toBe(true);
      const data = JSON.parse(JSON.parse(Buffer.from(body, 'base64url').toString()).data);
      expect(data).toMatchObject({
        SellerGstin: SELLER_GSTIN,
        BuyerGstin: BUYER_GSTIN,
        DocNo: inv.number,
        DocTyp: 'INV',
        TotInvVal: inv.totalPaise / 100,
        MainHsnCode: '710391',
        Irn: row.irn,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never sends a consumer’s (B2C) invoice or credit note', async () => {
    const { order } = await buy(SHIPPING, 200_000);
    const inv = await invoiceOf(order._id);
    expect(order.invoice?.einvoicestatus).toBe('notrequired');
    const refund = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 500, reason: 'Polish mark' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await runEinvoices(t.app);
    expect(await rowOf(inv.number)).toBeUndefined();
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(note).toBeDefined();
    expect(await rowOf(note?.number ?? '')).toBeUndefined();
    expect(irp.documents.some((d) => d.no === inv.number || d.no === note?.number)).toBe(false);
  });

  it('a registration whose answer was lost is tried again and read from the IRP’s duplicate answer: registered once', async () => {
    irp.loseNextAnswer();
    const { order } = await buy(MUMBAI, 800_000);
    const inv = await invoiceOf(order._id);
    const now = new Date();
    await runEinvoices(t.app, now);
    const waiting = await rowOf(inv.number);
    expect(waiting).toMatchObject({ status: 'pending', irn: null });
    expect(waiting?.lastError).toMatch(/could not be reached/);
    expect(irp.documents.filter((d) => d.no === inv.number)).toHaveLength(1);
    // Not due again before its backoff ends.
    await runEinvoices(t.app, now);
    expect(generated(inv.number)).toHaveLength(1);

    await runEinvoices(t.app, new Date(now.getTime() + HOUR));
    const doc = irp.documents.find((d) => d.no === inv.number);
    expect(await rowOf(inv.number)).toMatchObject({ status: 'registered', irn: doc?.irn, signedQr: doc?.signedQr });
    expect(generated(inv.number)).toHaveLength(2);
    expect(irp.documents.filter((d) => d.no === inv.number)).toHaveLength(1);
    expect(irp.requests.some((r) => r.path === '/eicore/v1.03/Invoice/irnbydocdetails')).toBe(true);
  });

  it('two servers running the job at once send each document once', async () => {
    const { order } = await buy(MUMBAI, 400_000);
    const inv = await invoiceOf(order._id);
    const other = await createTestApp(irp.env, { database: t.database });
    try {
      await Promise.all([runEinvoices(t.app), runEinvoices(other.app), runEinvoices(t.app)]);
    } finally {
      await other.app.close();
      fs.rmSync(other.dataDir, { recursive: true, force: true });
    }
    expect(generated(inv.number)).toHaveLength(1);
    expect(await rowOf(inv.number)).toMatchObject({ status: 'registered' });
  });

  it('a server running the jobs registers a newly queued invoice at once, not at the job’s next round', async () => {
    // The job's 30-second round never comes here: only the invoice's announcement (EINVOICE_QUEUED) can run it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const withJobs = await createTestApp(irp.env, { database: t.database, jobs: true });
    try {
      const { order } = await buy(MUMBAI, 410_000);
      const inv = await invoiceOf(order._id);
      await expect.poll(async () => (await rowOf(inv.number))?.status, { timeout: 30_000 }).toBe('registered');
      expect(generated(inv.number)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await withJobs.app.close();
      fs.rmSync(withJobs.dataDir, { recursive: true, force: true });
    }
  });

  it('a refused one is failed, listed for the merchant and on the dashboard, and registered by the admin’s Retry', async () => {
    irp.refuseNext({ code: '2176', message: 'Buyer GSTIN is not active' });
    const { user, order } = await buy(MUMBAI, 900_000);
    const inv = await invoiceOf(order._id);
    await runEinvoices(t.app);
    expect(await rowOf(inv.number)).toMatchObject({ status: 'failed', lastError: '2176: Buyer GSTIN is not active' });

    const failed = EinvoicesResponse.parse(
      (await t.request({ method: 'GET', url: '/o1/api/admin/einvoices?status=failed', cookie: admin.cookie })).json(),
    );
    expect(failed.einvoices).toEqual([
      {
        number: inv.number,
        kind: 'INV',
        orderId: order._id,
        einvoicestatus: 'failed',
        irn: null,
        error: '2176: Buyer GSTIN is not active',
        cancelfailed: false,
      },
    ]);
    const stats = DashboardStatsResponse.parse(
      (await t.request({ method: 'GET', url: '/o1/api/admin/stats', cookie: admin.cookie })).json(),
    );
    expect(stats.todo.failedeinvoices).toBe(1);

    const retry = (number: string, cookie = admin.cookie) =>
      t.request({ method: 'POST', url: `/o1/api/admin/einvoices/${encodeURIComponent(number)}/retry`, cookie });
    expect((await retry(inv.number, user.cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/o1/api/admin/einvoices', cookie: user.cookie })).statusCode).toBe(403);
    expect((await retry('RG/99-00/999999')).statusCode).toBe(404);
    const registeredOne = irp.documents[0]?.no as string;
    expect((await retry(registeredOne)).statusCode).toBe(409);

    const again = await retry(inv.number);
    expect(again.statusCode, again.body).toBe(200);
    const answer = EinvoiceRetryResponse.parse(again.json());
    const doc = irp.documents.find((d) => d.no === inv.number);
    expect(answer.einvoice).toMatchObject({ number: inv.number, einvoicestatus: 'registered', irn: doc?.irn, error: '' });
    // A second Retry of a registered one changes nothing.
    expect((await retry(inv.number)).statusCode).toBe(409);
    expect(irp.documents.filter((d) => d.no === inv.number)).toHaveLength(1);
  });

  it('registers a credit note for a business buyer as CRN, referring to its invoice', async () => {
    const { order } = await buy(MUMBAI, 1_030_000);
    await runEinvoices(t.app);
    const inv = await invoiceOf(order._id);
    const refund = await t.request({
      method: 'POST',
      url: `/o1/api/admin/refund/${order._id}`,
      cookie: admin.cookie,
      payload: { amount: 1030, reason: 'Price adjusted' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    if (!note) throw new Error('no credit note');
    await runEinvoices(t.app);
    const doc = irp.documents.find((d) => d.no === note.number);
    if (!doc) throw new Error('credit note not registered');
    const p = doc.payload as Json;
    expect(p.DocDtls).toMatchObject({ Typ: 'CRN', No: note.number });
    expect(p.RefDtls.PrecDocDtls[0]).toMatchObject({ InvNo: inv.number });
    expect(p.ValDtls.TotInvVal).toBe(1030);
    expect(await rowOf(note.number)).toMatchObject({ kind: 'CRN', status: 'registered', irn: doc.irn });
  });

  it('registers an export invoice as EXPWP (IGST paid) with the export details', async () => {
    const { order } = await buy(NEW_YORK, 2_000_000);
    const inv = await invoiceOf(order._id);
    expect(inv.export?.type).toBe('WPAY');
    await runEinvoices(t.app);
    const doc = irp.documents.find((d) => d.no === inv.number);
    if (!doc) throw new Error('export invoice not registered');
    const p = doc.payload as Json;
    expect(p.TranDtls.SupTyp).toBe('EXPWP');
    expect(p.BuyerDtls).toMatchObject({ Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999, LglNm: NEW_YORK.fullname });
    expect(p.ExpDtls).toMatchObject({ CntCode: 'US', RefClm: 'Y' });
    expect(p.ValDtls.IgstVal).toBe(inv.igstPaise / 100);
  });

  it('cancels the IRN of an order cancelled within 24 hours, and does not register its credit note', async () => {
    const { order } = await buy(MUMBAI, 700_000);
    await runEinvoices(t.app);
    const inv = await invoiceOf(order._id);
    expect((await rowOf(inv.number))?.status).toBe('registered');
    const cancelled = await t.request({
      method: 'POST',
      url: `/o1/api/admin/cancel/${order._id}`,
      cookie: admin.cookie,
      payload: { reason: 'Buyer asked' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    if (!note) throw new Error('the refund made no credit note');

    await runEinvoices(t.app);
    const doc = irp.documents.find((d) => d.no === inv.number);
    expect(doc?.status).toBe('CNL');
    expect(irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel').at(-1)?.json).toMatchObject({
      Irn: doc?.irn,
      CnlRsn: '3',
    });
    expect(await rowOf(inv.number)).toMatchObject({ status: 'cancelled' });
    expect(await rowOf(note.number)).toMatchObject({ status: 'cancelled' });
    expect(irp.documents.some((d) => d.no === note.number)).toBe(false);
    expect((await adminOrder(order._id)).invoice?.einvoicestatus).toBe('cancelled');
    // A later run changes nothing.
    const cancels = irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel').length;
    await runEinvoices(t.app, new Date(Date.now() + HOUR));
    expect(irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel')).toHaveLength(cancels);
  });

  it('leaves an IRN older than 24 hours when its order is cancelled (the IRP no longer cancels it)', async () => {
    const { order } = await buy(MUMBAI, 600_000);
    await runEinvoices(t.app);
    const inv = await invoiceOf(order._id);
    const row = await rowOf(inv.number);
    await t.database.db
      .update(einvoices)
      .set({ ackDate: new Date(Date.now() - 25 * HOUR) })
      .where(eq(einvoices.id, row?.id as string));
    expect(
      (await t.request({ method: 'POST', url: `/o1/api/admin/cancel/${order._id}`, cookie: admin.cookie, payload: {} }))
        .statusCode,
    ).toBe(200);
    const cancels = irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel').length;
    await runEinvoices(t.app);
    expect(irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel')).toHaveLength(cancels);
    expect((await rowOf(inv.number))?.status).toBe('registered');
  });
});

const cancelCalls = () => irp.requests.filter((r) => r.path === '/eicore/v1.03/Invoice/Cancel');
const adminCancel = (orderId: string) =>
  t.request({ method: 'POST', url: `/o1/api/admin/cancel/${orderId}`, cookie: admin.cookie, payload: { reason: 'Buyer asked' } });
const notesOf = (orderId: string) =>
  t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.createdAt);

/** A business buyer's order registered, ₹1,000 refunded and its credit note registered: a credit note with an IRN. */
async function registeredWithCreditNote(pricePaise: number) {
  const { order } = await buy(MUMBAI, pricePaise);
  await runEinvoices(t.app);
  const refund = await t.request({
    method: 'POST',
    url: `/o1/api/admin/refund/${order._id}`,
    cookie: admin.cookie,
    payload: { amount: 1000, reason: 'Price adjusted' },
  });
  expect(refund.statusCode, refund.body).toBe(201);
  await runEinvoices(t.app);
  const inv = await invoiceOf(order._id);
  const [note] = await notesOf(order._id);
  if (!note) throw new Error('no credit note');
  expect(await rowOf(note.number)).toMatchObject({ status: 'registered' });
  return { order, inv, note };
}

describe('cancelling an IRN whose invoice has a registered credit note', () => {
  it('cancels the credit note’s IRN first, then the invoice’s; the cancellation’s own credit note is not registered', async () => {
    const { order, inv, note } = await registeredWithCreditNote(800_000);
    expect((await adminCancel(order._id)).statusCode).toBe(200);
    const [, last] = await notesOf(order._id);
    if (!last) throw new Error('the cancel made no credit note');

    const before = cancelCalls().length;
    await runEinvoices(t.app);
    const noteDoc = irp.documents.find((d) => d.no === note.number);
    const invDoc = irp.documents.find((d) => d.no === inv.number);
    expect(
      cancelCalls()
        .slice(before)
        .map((r) => r.json?.Irn),
    ).toEqual([noteDoc?.irn, invDoc?.irn]);
    expect([noteDoc?.status, invDoc?.status]).toEqual(['CNL', 'CNL']);
    expect(await rowOf(note.number)).toMatchObject({ status: 'cancelled', irn: noteDoc?.irn });
    expect(await rowOf(inv.number)).toMatchObject({ status: 'cancelled', lastError: '' });
    expect(await rowOf(last.number)).toMatchObject({ status: 'cancelled' });
    expect(irp.documents.some((d) => d.no === last.number)).toBe(false);
  });

  it('while the credit note’s IRN is refused, the invoice’s is not cancelled: the reason is kept and it is tried again', async () => {
    const { order, inv, note } = await registeredWithCreditNote(810_000);
    expect((await adminCancel(order._id)).statusCode).toBe(200);
    irp.refuseNextCancel({ code: '2230', message: 'IRN cannot be cancelled as e-way bill is active' });
    const before = cancelCalls().length;
    const at = new Date();
    await runEinvoices(t.app, at);
    const invDoc = irp.documents.find((d) => d.no === inv.number);
    expect(cancelCalls().slice(before)).toHaveLength(1);
    expect(invDoc?.status).toBe('ACT');
    const held = await rowOf(inv.number);
    expect(held?.status).toBe('registered');
    expect(held?.lastError).toContain(`the credit note ${note.number}’s IRN must be cancelled first`);
    expect(held?.lastError).toContain('2230: IRN cannot be cancelled as e-way bill is active');

    // The next try (after its pause) cancels both, the credit note first.
    await runEinvoices(t.app, new Date(at.getTime() + HOUR));
    expect(irp.documents.find((d) => d.no === note.number)?.status).toBe('CNL');
    expect(invDoc?.status).toBe('CNL');
    expect(await rowOf(inv.number)).toMatchObject({ status: 'cancelled', lastError: '' });
  });
});

describe('a cancellation not made within the IRP’s 24 hours', () => {
  it('is listed as failed with its reason; the IRN stands and the cancellation’s credit note is registered', async () => {
    const { order } = await buy(MUMBAI, 620_000);
    await runEinvoices(t.app);
    const inv = await invoiceOf(order._id);
    expect((await adminCancel(order._id)).statusCode).toBe(200);
    irp.setDown(true);
    try {
      await runEinvoices(t.app);
    } finally {
      irp.setDown(false);
    }
    const row = await rowOf(inv.number);
    expect(row?.lastError).toMatch(/^The IRN could not be cancelled: /);
    const list = async (query = '') =>
      EinvoicesResponse.parse(
        (await t.request({ method: 'GET', url: `/o1/api/admin/einvoices${query}`, cookie: admin.cookie })).json(),
      ).einvoices.find((e) => e.number === inv.number);
    expect(await list('?status=failed')).toBeUndefined();

    // A day passes (the invoice's IRN and the order's cancel, 25 hours back) with the IRP still not reached.
    const [ord] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    if (!row?.ackDate || !ord?.cancelledAt) throw new Error('no IRN or no cancel');
    const shift = 25 * HOUR;
    await t.database.db
      .update(einvoices)
      .set({ ackDate: new Date(row.ackDate.getTime() - shift) })
      .where(eq(einvoices.id, row.id));
    await t.database.db
      .update(orders)
      .set({ cancelledAt: new Date(ord.cancelledAt.getTime() - shift) })
      .where(eq(orders.id, order._id));
    const cancels = cancelCalls().length;
    await runEinvoices(t.app);
    expect(cancelCalls()).toHaveLength(cancels);

    const failed = await list('?status=failed');
    expect(failed).toMatchObject({ einvoicestatus: 'registered', cancelfailed: true, irn: row?.irn });
    expect(failed?.error).toMatch(/^Not cancelled within the IRP’s 24 hours: The IRN could not be cancelled: /);
    expect(failed?.error).toContain('The IRN stands');
    expect(await list()).toMatchObject({ cancelfailed: true });
    // Nothing to retry: the IRP no longer cancels it.
    const retry = await t.request({
      method: 'POST',
      url: `/o1/api/admin/einvoices/${encodeURIComponent(inv.number)}/retry`,
      cookie: admin.cookie,
    });
    expect(retry.statusCode).toBe(409);
    // The cancellation's credit note no longer waits: it is registered against the IRN that stands.
    const [note] = await notesOf(order._id);
    await runEinvoices(t.app, new Date(Date.now() + 2 * 60_000));
    expect(await rowOf(note?.number as string)).toMatchObject({ status: 'registered' });
  });
});

describe('without the IRP settings', () => {
  it('an invoice that needs an IRN is failed with what is missing', async () => {
    const bare = await createTestApp();
    try {
      const boss = await bare.signUpAndIn('ADMIN');
      const [c] = await bare.database.db.insert(categories).values({ name: 'Stones' }).returning();
      const categoryId = (c as { id: string }).id;
      const req = (url: string, payload: object) => bare.request({ method: 'PUT', url, cookie: boss.cookie, payload });
      expect((await req('/a1/api/admin/tax', { tax: [{ categoryId, hsn: '710391', gstrate: 3 }] })).statusCode).toBe(200);
      const on = await req('/a1/api/admin/settings', {
        gstin: SELLER_GSTIN,
        einvoice: true,
        city: 'Ludhiana',
        pincode: '141001',
      });
      expect(on.statusCode, on.body).toBe(200);
      const buyer = await bare.signUpAndIn();
      const p = await createProduct(bare.database.db, { stock: 2, pricePaise: 500_000, categoryId });
      const cart = shop(bare);
      expect((await cart.add(buyer.cookie, p.id, 1)).statusCode).toBe(200);
      const order = await cart.payAndPlace(buyer.cookie, MUMBAI);
      await runEinvoices(bare.app);
      const [row] = await bare.database.db.select().from(einvoices).where(eq(einvoices.orderId, order._id));
      expect(row).toMatchObject({ status: 'failed', lastError: NOT_SET_UP });
    } finally {
      await bare.close();
    }
  });
});
