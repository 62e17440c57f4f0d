import { paiseToRupees } from '../../../contract/common.js';
import type { Gstr1PortalFile } from '../../../contract/gst.js';
import { stateCode } from '../../../contract/gst-rules.js';
import type { DbOrTx } from '../../db/client.js';
import type { InvoiceLine } from '../../db/schema.js';
import { Conflict } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { indiaDate } from '../../domain/tax.js';
import { isB2cl, monthDocuments } from './report.js';

/**
 * GSTR-1 as the GST portal takes it: the JSON of the GSTN offline tool (schema version GST3.1.6), uploaded as it
 * is. Amounts in rupees to the paisa; dates DD-MM-YYYY; places of supply as two-digit state codes; each
 * document's items one per tax rate; sections with nothing in them are left out, and so are rows that come to
 * nothing. From the May 2025 period the HSN summary is split into its B2B and B2C tables.
 */
const VERSION = 'GST3.1.6';
/** The first period whose HSN summary (table 12) is split into B2B and B2C. */
const HSN_SPLIT_FROM = '2025-05';
/** What table 12 says each of the shop's HSN codes is, within the tool's 30 characters. */
const HSN_DESCRIPTIONS: Record<string, string> = {
  '7101': 'PEARLS',
  '7102': 'DIAMONDS',
  '7103': 'PRECIOUS/SEMI-PRECIOUS STONES',
  '7113': 'ARTICLES OF JEWELLERY',
};

const r = paiseToRupees;
const code = (state: string) => stateCode(state) ?? '97'; // 97: Other Territory
const portalDate = (at: Date) => indiaDate(at).split('-').reverse().join('-');

type Taxes = { taxable: number; igst: number; cgst: number; sgst: number };
const zero = (): Taxes => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
const add = (a: Taxes, b: Taxes, sign = 1) => {
  a.taxable += sign * b.taxable;
  a.igst += sign * b.igst;
  a.cgst += sign * b.cgst;
  a.sgst += sign * b.sgst;
};
const isNothing = (t: Taxes) => t.taxable === 0 && t.igst === 0 && t.cgst === 0 && t.sgst === 0;
/** The tax heads of a supply: IGST between states, CGST and SGST within one. */
const heads = (t: Taxes, intraState: boolean) =>
  intraState ? { camt: r(t.cgst), samt: r(t.sgst), csamt: 0 } : { iamt: r(t.igst), csamt: 0 };
/** The rate as the portal writes it: a percentage (0.25, 3). */
const rate = (rateBp: number) => rateBp / 100;

/** A document's items: one per rate, numbered from 1, the lines of each rate added up. */
function items(lines: InvoiceLine[], intraState: boolean) {
  const byRate = new Map<number, Taxes>();
  for (const l of lines) {
    if (l.valuePaise <= 0) continue;
    const t = byRate.get(l.rateBp) ?? zero();
    add(t, l);
    byRate.set(l.rateBp, t);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bp, t], k) => ({ num: k + 1, itm_det: { txval: r(t.taxable), rt: rate(bp), ...heads(t, intraState) } }));
}

/** Rows of a grouping, first seen first. */
function group<T>(map: Map<string, T>, key: string, make: () => T): T {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  return row;
}

/** The consecutive ranges of a series, for table 13: a gap (none is expected) starts a new range. */
function ranges(numbers: { number: string; fy: string; seq: number }[]) {
  const out: { from: string; to: string; totnum: number }[] = [];
  let last: { fy: string; seq: number } | null = null;
  for (const n of numbers) {
    const current = out[out.length - 1];
    if (current && last && last.fy === n.fy && n.seq === last.seq + 1) {
      current.to = n.number;
      current.totnum += 1;
    } else {
      out.push({ from: n.number, to: n.number, totnum: 1 });
    }
    last = n;
  }
  return out.map((x, k) => ({ num: k + 1, ...x, cancel: 0, net_issue: x.totnum }));
}

/** The month's GSTR-1 in the portal's own JSON; a shop without a GSTIN is not registered and files none (409). */
export async function gstr1Portal(db: DbOrTx, month: string): Promise<Gstr1PortalFile> {
  const shop = await settingsRow(db);
  if (!shop.gstin) {
    throw new Conflict('The shop has no GSTIN: it is not registered for GST and files no GSTR-1');
  }
  const { invs, notes, receipts, refundVouchers, invoiceById, shippingBill } = await monthDocuments(db, month);
  const [y, m] = month.split('-') as [string, string];

  const b2b = new Map<string, { ctin: string; inv: unknown[] }>();
  const b2cl = new Map<string, { pos: string; inv: unknown[] }>();
  const b2cs = new Map<string, Taxes & { intraState: boolean; pos: string; rateBp: number }>();
  const cdnr = new Map<string, { ctin: string; nt: unknown[] }>();
  const cdnur: unknown[] = [];
  const exp = new Map<string, { exp_typ: 'WPAY' | 'WOPAY'; inv: unknown[] }>();
  const hsn = new Map<string, Taxes & { b2b: boolean; hsn: string; rateBp: number; qty: number }>();
  const hsnRow = (b2bSupply: boolean, l: InvoiceLine) =>
    group(hsn, `${b2bSupply}|${l.hsn}|${l.rateBp}`, () => ({ ...zero(), b2b: b2bSupply, hsn: l.hsn, rateBp: l.rateBp, qty: 0 }));
  const smallRow = (intraState: boolean, state: string, rateBp: number) =>
    group(b2cs, `${intraState}|${code(state)}|${rateBp}`, () => ({ ...zero(), intraState, pos: code(state), rateBp }));

  for (const inv of invs) {
    const gstin = inv.buyer.gstin;
    const head = { inum: inv.number, idt: portalDate(inv.issuedAt), val: r(inv.totalPaise) };
    const exported = inv.export;
    if (exported) {
      // Table 6A: no place of supply; the shipping bill's port, number and date once the shipment records them.
      const bill = shippingBill(inv.orderId);
      group(exp, exported.type, () => ({ exp_typ: exported.type, inv: [] })).inv.push({
        ...head,
        ...(bill.portcode ? { sbpcode: bill.portcode } : {}),
        ...(bill.shippingbill ? { sbnum: bill.shippingbill } : {}),
        ...(bill.shippingbilldate ? { sbdt: bill.shippingbilldate.split('-').reverse().join('-') } : {}),
        itms: items(inv.lines, false).map((it) => ({ ...it.itm_det, csamt: 0 })),
      });
    } else if (gstin) {
      group(b2b, gstin, () => ({ ctin: gstin, inv: [] })).inv.push({
        ...head,
        pos: code(inv.placeOfSupply),
        rchrg: 'N',
        inv_typ: 'R',
        itms: items(inv.lines, inv.intraState),
      });
    } else if (isB2cl(inv)) {
      const pos = code(inv.placeOfSupply);
      group(b2cl, pos, () => ({ pos, inv: [] })).inv.push({ ...head, itms: items(inv.lines, false) });
    } else {
      for (const l of inv.lines) add(smallRow(inv.intraState, inv.placeOfSupply, l.rateBp), l);
    }
    for (const l of inv.lines) {
      const row = hsnRow(Boolean(gstin) && !exported, l);
      row.qty += l.quantity;
      add(row, l);
    }
  }

  for (const n of notes) {
    const inv = invoiceById.get(n.invoiceId);
    if (!inv) continue;
    const gstin = inv.buyer.gstin;
    const head = { ntty: 'C', nt_num: n.number, nt_dt: portalDate(n.issuedAt) };
    const itms = items(n.lines, inv.intraState);
    if (inv.export) {
      cdnur.push({ typ: inv.export.type === 'WPAY' ? 'EXPWP' : 'EXPWOP', ...head, val: r(n.totalPaise), itms });
    } else if (gstin) {
      group(cdnr, gstin, () => ({ ctin: gstin, nt: [] })).nt.push({
        ...head,
        pos: code(inv.placeOfSupply),
        rchrg: 'N',
        inv_typ: 'R',
        val: r(n.totalPaise),
        itms,
      });
    } else if (isB2cl(inv)) {
      cdnur.push({ typ: 'B2CL', ...head, pos: code(inv.placeOfSupply), val: r(n.totalPaise), itms });
    } else {
      for (const l of n.lines) add(smallRow(inv.intraState, inv.placeOfSupply, l.rateBp), l, -1);
    }
    for (const l of n.lines) {
      if (l.valuePaise <= 0) continue;
      const row = hsnRow(Boolean(gstin) && !inv.export, l);
      row.qty -= l.quantity;
      add(row, l, -1);
    }
  }

  /** Table 12's rows for the supplies chosen (B2B, B2C or, before the split, both), one per HSN code and rate. */
  const hsnRows = (chosen: (b2bSupply: boolean) => boolean) => {
    const merged = new Map<string, Taxes & { hsn: string; rateBp: number; qty: number }>();
    for (const h of hsn.values()) {
      if (!chosen(h.b2b)) continue;
      const row = group(merged, `${h.hsn}|${h.rateBp}`, () => ({ ...zero(), hsn: h.hsn, rateBp: h.rateBp, qty: 0 }));
      row.qty += h.qty;
      add(row, h);
    }
    return [...merged.values()]
      .filter((h) => !(isNothing(h) && h.qty === 0))
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp)
      .map((h, k) => ({
        num: k + 1,
        hsn_sc: h.hsn,
        desc: HSN_DESCRIPTIONS[h.hsn.slice(0, 4)] ?? '',
        uqc: 'NOS',
        qty: h.qty,
        rt: rate(h.rateBp),
        txval: r(h.taxable),
        iamt: r(h.igst),
        camt: r(h.cgst),
        samt: r(h.sgst),
        csamt: 0,
      }));
  };
  const hsnB2b = hsnRows((b2bSupply) => b2bSupply);
  const hsnB2c = hsnRows((b2bSupply) => !b2bSupply);
  const hsnSection =
    month >= HSN_SPLIT_FROM
      ? { ...(hsnB2b.length ? { hsn_b2b: hsnB2b } : {}), ...(hsnB2c.length ? { hsn_b2c: hsnB2c } : {}) }
      : { data: hsnRows(() => true) };

  const smalls = [...b2cs.values()]
    .filter((row) => !isNothing(row))
    .sort((a, b) => a.pos.localeCompare(b.pos) || a.rateBp - b.rateBp || Number(a.intraState) - Number(b.intraState))
    .map((row) => ({
      sply_ty: row.intraState ? 'INTRA' : 'INTER',
      pos: row.pos,
      typ: 'OE',
      rt: rate(row.rateBp),
      txval: r(row.taxable),
      ...heads(row, row.intraState),
    }));

  const docDet = [
    { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: ranges(invs) },
    { doc_num: 5, doc_typ: 'Credit Note', docs: ranges(notes) },
    { doc_num: 6, doc_typ: 'Receipt voucher', docs: ranges(receipts) },
    { doc_num: 8, doc_typ: 'Refund voucher', docs: ranges(refundVouchers) },
  ].filter((d) => d.docs.length > 0);

  const file = {
    gstin: shop.gstin,
    fp: `${m}${y}`,
    version: VERSION,
    hash: 'hash',
    ...(b2b.size ? { b2b: [...b2b.values()] } : {}),
    ...(b2cl.size ? { b2cl: [...b2cl.values()] } : {}),
    ...(smalls.length ? { b2cs: smalls } : {}),
    ...(exp.size ? { exp: [...exp.values()].sort((a, b) => a.exp_typ.localeCompare(b.exp_typ)) } : {}),
    ...(cdnr.size ? { cdnr: [...cdnr.values()] } : {}),
    ...(cdnur.length ? { cdnur } : {}),
    ...(hsnB2b.length + hsnB2c.length > 0 ? { hsn: hsnSection } : {}),
    ...(docDet.length ? { doc_issue: { doc_det: docDet } } : {}),
  };
  return file as Gstr1PortalFile;
}
