import { and, asc, eq, inArray, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { abroadCountryName } from '../../../contract/address-rules.js';
import { stateCode, stateFromPin } from '../../../contract/gst-rules.js';
import { METALS, type Metal } from '../../../contract/made-to-order.js';
import { SHIPPING_LINE_NAME } from '../../../contract/shipping-zones.js';
import { type DbOrTx, execRows, type Tx } from '../../db/client.js';
import {
  categoryTax,
  creditNotes,
  documentCounters,
  einvoices,
  type InvoiceExport,
  type InvoiceLine,
  type InvoiceParty,
  invoices,
  orderItems,
  orders,
  type PieceSnapshot,
  products,
  receiptVouchers,
} from '../../db/schema.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { documentNumber, financialYear, indiaDate, splitLine, spreadDiscount, taxOrder } from '../../domain/tax.js';
import { queueEinvoice } from '../einvoice/queue.js';
import { JEWELLERY_HSN } from '../made-to-order/service.js';
import { rupees } from './pdf.js';
import { DEFAULT_HSN, DEFAULT_RATE_BP } from './settings.js';

/** The place of supply of goods shipped out of India, and its code in GST's list of states. */
const FOREIGN_PLACE_OF_SUPPLY = 'Foreign Country';
const FOREIGN_STATE_CODE = '96';

type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The next number of a series in a financial year. The counter row is created or incremented in one
 * statement, which locks it until the calling transaction ends: a second payment at the same instant (on
 * any server) waits and takes the next number; a transaction that rolls back gives its number back.
 * @forTests tests draw numbers across the turn of a financial year and in failed transactions to check each year's series has no gap
 */
export async function nextInSeries(tx: Tx, series: 'INV' | 'BS' | 'CN' | 'BCN' | 'RV' | 'RF', fy: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.fy],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ n: documentCounters.lastNumber });
  if (!row) throw new Error('document counter not updated');
  return row.n;
}

const describeLine = (i: { productname: string; size: string; colour: string }) =>
  [i.productname, [i.size, i.colour].filter(Boolean).join(', ')].filter(Boolean).join(' — ');

/**
 * A stone set in a design is supplied as jewellery (HSN 7113, or the merchant's longer code under it), taxed at the
 * rate and under the code its price was made with, and described with its metal and purity, grams, the metal rate
 * and the making charge, and its HUID (the invoice of an order with a piece is issued once every piece is ready, so
 * a gold piece's HUID is known).
 */
function asSupplied<
  T extends {
    productname: string;
    hsn: string | null;
    rateBp: number | null;
    setting: PieceSnapshot | null;
    huid: string | null;
  },
>(item: T): T {
  const piece = item.setting;
  if (!piece) return item;
  const metal = METALS[piece.metal as Metal] ?? piece.metal;
  const size = piece.size === null ? '' : `, ring size ${piece.size}`;
  return {
    ...item,
    productname: `${item.productname} set in a ${piece.kind} of ${metal}${size}: ${piece.milligrams / 1000} g at ${rupees(piece.ratePaise)}/g, making ${rupees(piece.makingPaise)}${item.huid ? `, HUID ${item.huid}` : ''}`,
    hsn: piece.hsn ?? JEWELLERY_HSN,
    rateBp: piece.gstRateBp,
  };
}

/**
 * Issues the order's tax invoice inside the paying transaction: the tax of every line at its category's HSN
 * and rate today, stored with the order and never recomputed. Idempotent (one invoice per order).
 *
 * A shop without a GSTIN is not registered for GST and may not charge it: it issues a bill of supply instead,
 * every line at no tax (its taxable value is what was paid), numbered in its own series `BS/<yy-yy>/000001`.
 *
 * Discounts: an order-wide discount is what the lines add up to beyond what was paid (a coupon's
 * `discountamount` once promotions exist); sale prices are already in the lines' unit prices.
 */
export async function issueInvoice(tx: Tx, orderId: string, at: Date = new Date()): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;
  const composed = await composeInvoice(tx, orderId, at);
  return writeInvoice(tx, composed, await nextInSeries(tx, composed.series, composed.fy));
}

/** An order's invoice as composed, before its number: see `issueInvoice`. */
type ComposedInvoice = Awaited<ReturnType<typeof composeSupply>> & {
  orderId: string;
  at: Date;
  fy: string;
  series: 'INV' | 'BS';
};

/**
 * The first half of `issueInvoice` for an order that has none yet: every line taxed as on `at`, and the series and
 * financial year its number will be drawn from. Reads only, so a placement composes the invoice before it takes
 * any counter row (server/features/payments/placement.ts).
 */
export async function composeInvoice(tx: Tx, orderId: string, at: Date = new Date()): Promise<ComposedInvoice> {
  const supply = await composeSupply(tx, orderId, at);
  return { ...supply, orderId, at, fy: financialYear(at), series: supply.registered ? 'INV' : 'BS' };
}

/** The second half of `issueInvoice`: the composed invoice written with number `seq` of its series and year. */
async function writeInvoice(tx: Tx, composed: ComposedInvoice, seq: number): Promise<InvoiceRow> {
  const [row] = await invoiceInsert(tx, composed, seq, documentNumber(invoicePrefix(composed), composed.fy, seq)).returning();
  if (!row) throw new Error('invoice not written');
  await queueEinvoice(tx, composed.shop, { kind: 'INV', invoice: row, at: composed.at });
  return row;
}

const invoicePrefix = (composed: ComposedInvoice) => (composed.registered ? composed.shop.invoiceprefix : 'BS');

/** The insert of a composed invoice, its number and its place in the series given as values or as SQL. */
function invoiceInsert(tx: Tx, composed: ComposedInvoice, seq: number | SQL, number: string | SQL) {
  const { registered, shop: _shop, orderId, at, fy, series: _series, ...doc } = composed;
  return tx.insert(invoices).values({
    orderId,
    kind: registered ? 'tax-invoice' : 'bill-of-supply',
    number,
    fy,
    seq,
    issuedAt: at,
    ...doc,
  });
}

/**
 * The number an order is inserted with when its placement numbers it in its last statement (`numberPlacement`):
 * unique (one order per checkout), never in the shop's series, and never seen outside the placing transaction,
 * which replaces it before it commits.
 */
export const unnumbered = (checkoutId: string) => `~${checkoutId}`;

/**
 * The last statement of a placement (server/features/payments/placement.ts): everything that needs the order's
 * number or its invoice's, written in one statement. It takes the next number from the counter row `ORD` and
 * gives it to the order inserted `unnumbered`, exactly as the trigger of migration 0140_order_number gives one to
 * an order inserted without it (the invoice prefix, a hyphen, at least six digits); with `invoice`, it takes the
 * next number of the invoice's series and year and writes the invoice with it; and it writes the outbox rows
 * `messages` makes with the order's number. The counter rows are taken in that order (the rows of one insert are
 * written as listed) and stay locked until the transaction ends, as with `nextInSeries`: a second placement waits
 * and takes the next numbers; one that rolls back gives its numbers back, so the series keep no gap. Taken in the
 * last statement, they are held only while it runs and the transaction commits, so placements at the same moment
 * wait for one another no longer than that. An invoice that needs an IRN is then queued for it (`queueEinvoice`).
 * Gives the order's number and the invoice's.
 */
export async function numberPlacement(
  tx: Tx,
  orderId: string,
  invoice: ComposedInvoice | null,
  messages: (orderNo: SQL) => SQLWrapper | null,
): Promise<{ number: string; invoice: string | null }> {
  const counters = invoice ? sql`('ORD', '', 1), (${invoice.series}, ${invoice.fy}, 1)` : sql`('ORD', '', 1)`;
  const seq = sql`(select last_number from n where series <> 'ORD')`;
  const written = messages(sql`(select number from o)`);
  const withInvoice = invoice
    ? sql`, i as (${invoiceInsert(tx, invoice, seq, documentNumberSql(invoicePrefix(invoice), invoice.fy, seq))
        .returning({ seq: invoices.seq, number: invoices.number })
        .getSQL()})`
    : sql``;
  const { rows } = await execRows<{ number: string; seq: number | null; invoice: string | null }>(
    tx,
    sql`with n as (
          insert into document_counters (series, fy, last_number) values ${counters}
          on conflict (series, fy) do update set last_number = document_counters.last_number + 1
          returning series, last_number
        ), o as (
          update orders
             set number = coalesce((select invoiceprefix from shop_settings where id = 1), 'RG') || '-'
                          || lpad(n.last_number::text, greatest(6, length(n.last_number::text)), '0')
            from n
           where n.series = 'ORD' and orders.id = ${orderId}
          returning orders.number
        )${withInvoice}${written ? sql`, m as (${written.getSQL()})` : sql``}
        select (select number from o) as number,
               ${invoice ? sql`(select seq from i) as seq, (select number from i) as invoice` : sql`null as seq, null as invoice`}`,
  );
  const [row] = rows;
  if (!row?.number) throw new Error(`order ${orderId} not numbered`);
  if (!invoice) return { number: row.number, invoice: null };
  if (row.invoice !== documentNumber(invoicePrefix(invoice), invoice.fy, Number(row.seq))) {
    throw new Error(`the invoice of order ${orderId} is not numbered as its series is`);
  }
  if (invoice.shop.einvoice) {
    const [issued] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (issued) await queueEinvoice(tx, invoice.shop, { kind: 'INV', invoice: issued, at: invoice.at });
  }
  return { number: row.number, invoice: row.invoice };
}

/**
 * `documentNumber` in SQL, of the number `seq` (an SQL expression): `<prefix>/<yy-yy>/<000042>`, padded with fewer
 * zeros after a longer prefix, and without separators once that outgrows 16 characters. `numberPlacement` checks
 * what it gives against `documentNumber` itself.
 */
function documentNumberSql(prefix: string, fy: string, seq: SQL): SQL {
  const width = Math.min(6, 16 - prefix.length - 7);
  const compactWidth = 16 - prefix.length - 4;
  return sql`(select case when length(d.full) <= 16 then d.full
                else ${`${prefix}${fy.replace('-', '')}`} || lpad(d.s, greatest(${compactWidth}::int, length(d.s)), '0') end
                from (select q.s, ${`${prefix}/${fy}/`} || lpad(q.s, greatest(${width}::int, length(q.s)), '0') as full
                        from (select (${seq})::text as s) q) d)`;
}

/**
 * Issues the receipt voucher of an advance inside the paying transaction: an order with a made-to-order piece is paid
 * before the piece is made, and its tax invoice waits for the piece (and its HUID). The voucher names the amount
 * received and the supply it is for — the order's lines as the invoice will have them, with their HSN, rate and
 * the tax inside — numbered `RV/<yy-yy>/000001` in its own gapless series. Idempotent (one voucher per order).
 */
export async function issueReceiptVoucher(tx: Tx, orderId: string, at: Date = new Date()) {
  const [existing] = await tx
    .select()
    .from(receiptVouchers)
    .where(and(eq(receiptVouchers.orderId, orderId), isNull(receiptVouchers.paymentId)));
  if (existing) return existing;
  // A receipt voucher is not an e-invoice: the IRP registers the tax invoice that adjusts it.
  const { registered, shop: _shop, ...doc } = await composeSupply(tx, orderId, at);
  return writeReceiptVoucher(tx, { orderId, paymentId: null, at, taxed: registered, ...doc });
}

/**
 * The receipt voucher of a payment on account of a credit order, in the transaction that records it (the order's row
 * locked by the caller): an order with a made-to-order piece is invoiced when its last piece is ready, so money
 * received before then is an advance. The voucher is the payment's share of the order's lines — in proportion to
 * what earlier vouchers left of each, the one covering the rest of a line taking exactly the rest of its tax — with
 * the HSN, rate and tax inside, in the `RV` series. Null when the order has no piece, is invoiced already, or earlier
 * vouchers cover it; idempotent per payment.
 */
export async function issuePaymentReceiptVoucher(
  tx: Tx,
  payment: { id: string; orderId: string; amountPaise: number },
  at: Date = new Date(),
) {
  const [existing] = await tx.select().from(receiptVouchers).where(eq(receiptVouchers.paymentId, payment.id));
  if (existing) return existing;
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, payment.orderId));
  if (invoice) return null;
  const [piece] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, payment.orderId), isNotNull(orderItems.setting)))
    .limit(1);
  if (!piece) return null;
  const { registered, shop: _shop, ...doc } = await composeSupply(tx, payment.orderId, at);
  const earlier = await tx
    .select({ lines: receiptVouchers.lines })
    .from(receiptVouchers)
    .where(eq(receiptVouchers.orderId, payment.orderId));
  const share = shareOfLines(
    doc.lines,
    earlier.map((v) => v.lines),
    payment.amountPaise,
    doc.intraState,
  );
  if (!share) return null;
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => share.lines.reduce((n, l) => n + l[k], 0);
  return writeReceiptVoucher(tx, {
    orderId: payment.orderId,
    paymentId: payment.id,
    at,
    taxed: registered,
    seller: doc.seller,
    buyer: doc.buyer,
    placeOfSupply: doc.placeOfSupply,
    intraState: doc.intraState,
    lines: share.lines,
    discountPaise: 0,
    export: doc.export,
    taxablePaise: sum('taxable'),
    cgstPaise: sum('cgst'),
    sgstPaise: sum('sgst'),
    igstPaise: sum('igst'),
    totalPaise: share.amount,
  });
}

/** A receipt voucher numbered next in the `RV` series of `at`'s financial year. */
async function writeReceiptVoucher(
  tx: Tx,
  v: Omit<typeof receiptVouchers.$inferInsert, 'number' | 'fy' | 'seq' | 'issuedAt'> & { at: Date },
) {
  const { at, ...values } = v;
  const fy = financialYear(at);
  const seq = await nextInSeries(tx, 'RV', fy);
  const [row] = await tx
    .insert(receiptVouchers)
    .values({ ...values, number: documentNumber('RV', fy, seq), fy, seq, issuedAt: at })
    .returning();
  if (!row) throw new Error('receipt voucher not written');
  return row;
}

/** What the order supplies, taxed as on `at`: the parties, the place of supply, the lines and their totals. */
async function composeSupply(tx: Tx, orderId: string, at: Date) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found for its invoice`);
  const items = await tx
    .select({
      productname: orderItems.productname,
      size: orderItems.size,
      colour: orderItems.colour,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      hsn: categoryTax.hsn,
      rateBp: categoryTax.gstRateBp,
      setting: orderItems.setting,
      huid: orderItems.huid,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categoryTax, eq(categoryTax.categoryId, products.categoryId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
    .then((rows) => rows.map(asSupplied));
  const shop = await settingsRow(tx);
  const registered = shop.gstin !== '';

  const ship = order.shippinginfo;
  // An address abroad is supplied to a foreign country (GST's place-of-supply code 96), never within the shop's state.
  const abroad = abroadCountryName(ship.country);
  const placeOfSupply = abroad ? FOREIGN_PLACE_OF_SUPPLY : ship.state || stateFromPin(ship.pincode) || shop.state;
  const intraState = !abroad && placeOfSupply === shop.state;
  // An export by a registered shop is zero-rated under a Letter of Undertaking valid on the invoice's date;
  // without one IGST is paid at each line's rate, as for an inter-state sale. Fixed here, once.
  const day = indiaDate(at);
  const lut = shop.lut && shop.lut.validfrom <= day && day <= shop.lut.validto ? shop.lut : null;
  // The currency the buyer paid in, its amount and the rate (units per rupee), as the order keeps them.
  const paidIn =
    order.currency !== 'INR' && order.currencyAmount !== null && order.fxRate
      ? { currency: order.currency, currencyAmount: order.currencyAmount, fxRate: order.fxRate }
      : {};
  const exported: InvoiceExport | null =
    abroad && registered
      ? { type: lut ? 'WOPAY' : 'WPAY', arn: lut?.arn ?? '', iec: shop.iec, country: abroad, ...paidIn }
      : null;
  const taxedAt = (rateBp: number | null) => (registered && exported?.type !== 'WOPAY' ? (rateBp ?? DEFAULT_RATE_BP) : 0);
  const gross = items.map((i) => i.unitPricePaise * i.quantity);
  const grossTotal = gross.reduce((s, a) => s + a, 0);
  // The coupon's discount is on the goods: what the lines add up to beyond what was paid for them (shipping apart).
  const discountPaise = Math.max(0, grossTotal - (order.totalPaise - order.shippingPaise));
  const goods = taxOrder(
    items.map((i, k) => ({ amountPaise: gross[k] as number, rateBp: taxedAt(i.rateBp) })),
    discountPaise,
    intraState,
  );
  // Shipping is its own line ("Shipping and insurance"): part of a composite supply whose principal supply is the
  // order's largest line, so it is taxed at that line's HSN and rate (docs/gst.md).
  const largest = gross.reduce((best, g, k) => (g > (gross[best] as number) ? k : best), 0);
  const principal = items[largest];
  if (order.shippingPaise > 0 && principal) {
    items.push({
      productname: SHIPPING_LINE_NAME,
      size: '',
      colour: '',
      quantity: 1,
      unitPricePaise: order.shippingPaise,
      hsn: principal.hsn,
      rateBp: principal.rateBp,
      setting: null,
      huid: null,
    });
  }
  const shippingTaxed =
    order.shippingPaise > 0 && principal
      ? taxOrder([{ amountPaise: order.shippingPaise, rateBp: taxedAt(principal.rateBp) }], 0, intraState)
      : null;
  const lines = [...goods.lines, ...(shippingTaxed?.lines ?? [])];
  const add = (k: keyof typeof goods.totals) => goods.totals[k] + (shippingTaxed?.totals[k] ?? 0);
  const totals = { taxable: add('taxable'), cgst: add('cgst'), sgst: add('sgst'), igst: add('igst'), total: add('total') };
  const invoiceLines: InvoiceLine[] = lines.map((l, k) => {
    const item = items[k] as (typeof items)[number];
    return {
      description: describeLine(item),
      hsn: item.hsn ?? DEFAULT_HSN,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      amountPaise: l.amountPaise,
      discountPaise: l.discountPaise,
      valuePaise: l.valuePaise,
      rateBp: l.rateBp,
      taxable: l.taxable,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
    };
  });
  const seller: InvoiceParty = {
    name: shop.legalname,
    address: shop.address,
    state: shop.state,
    statecode: stateCode(shop.state) ?? '',
    gstin: shop.gstin,
    extra: shop.shopname,
  };
  // The buyer's GSTIN is the one given with this order (with its legal name), never one from an earlier order.
  const business = Boolean(ship.gstin);
  const buyer: InvoiceParty = abroad
    ? {
        name: ship.fullname,
        address: [ship.address, ship.city, ship.pincode].filter(Boolean).join(', '),
        state: ship.state ?? '',
        statecode: FOREIGN_STATE_CODE,
        gstin: '',
        extra: ship.mobileno,
        country: abroad,
      }
    : {
        name: business && ship.legalname ? ship.legalname : ship.fullname,
        address: [ship.address, ship.city, ship.pincode].filter(Boolean).join(', '),
        state: placeOfSupply,
        statecode: stateCode(placeOfSupply) ?? '',
        gstin: ship.gstin ?? '',
        extra: ship.mobileno,
      };
  return {
    registered,
    shop,
    seller,
    buyer,
    placeOfSupply,
    intraState,
    lines: invoiceLines,
    discountPaise,
    export: exported,
    taxablePaise: totals.taxable,
    cgstPaise: totals.cgst,
    sgstPaise: totals.sgst,
    igstPaise: totals.igst,
    totalPaise: totals.total,
  };
}

/**
 * `amountPaise` spread over a document's lines in proportion to what is left of each after the `earlier` documents
 * against it (their lines in the same order), each share's tax taken at the line's rate; the share that takes what is
 * left of a line takes exactly the rest of its tax, so the documents together reverse the lines to the paisa. The
 * amount is capped at what is left; null when nothing is. Each line keeps its quantity and unit price.
 */
export function shareOfLines(lines: InvoiceLine[], earlier: InvoiceLine[][], amountPaise: number, intraState: boolean) {
  const before = lines.map((_, k) => {
    const parts = { valuePaise: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const doc of earlier) {
      const l = doc[k];
      if (!l) continue;
      parts.valuePaise += l.valuePaise;
      parts.taxable += l.taxable;
      parts.cgst += l.cgst;
      parts.sgst += l.sgst;
      parts.igst += l.igst;
    }
    return parts;
  });
  const remaining = lines.map((l, k) => Math.max(0, l.valuePaise - (before[k] as { valuePaise: number }).valuePaise));
  const left = remaining.reduce((a, b) => a + b, 0);
  const amount = Math.min(amountPaise, left);
  if (amount <= 0) return null;
  const shares = spreadDiscount(remaining, amount);
  const shared: InvoiceLine[] = lines.map((l, k) => {
    const value = shares[k] as number;
    const prev = before[k] as { valuePaise: number; taxable: number; cgst: number; sgst: number; igst: number };
    const split =
      value > 0 && value === remaining[k]
        ? { taxable: l.taxable - prev.taxable, cgst: l.cgst - prev.cgst, sgst: l.sgst - prev.sgst, igst: l.igst - prev.igst }
        : splitLine(value, l.rateBp, intraState);
    return {
      ...l,
      amountPaise: value,
      discountPaise: 0,
      valuePaise: value,
      taxable: split.taxable,
      cgst: split.cgst,
      sgst: split.sgst,
      igst: split.igst,
    };
  });
  return { amount, lines: shared };
}

/**
 * A credit note for a processed refund of `amountPaise`, inside the transaction that records it: the amount
 * is spread over the invoice's lines in proportion to what each was paid (the invoice's own rule for
 * discounts) and each share's tax taken at the line's rate, so a full refund reverses the invoice exactly.
 * Each line's quantity is the units the refund took back from it (`restock`); a refund that takes back no
 * units is a value adjustment, every line at quantity 0. Idempotent per refund. Null when the order has no
 * invoice (nothing to credit).
 */
export async function issueCreditNote(
  tx: Tx,
  refund: {
    refundKey: string;
    orderId: string;
    amountPaise: number;
    reason?: string;
    restock?: readonly { lineId: string; quantity: number }[];
  },
  at: Date = new Date(),
): Promise<CreditNoteRow | null> {
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundKey, refund.refundKey));
  if (existing) return existing;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, refund.orderId)).for('update');
  if (!invoice) return null;
  const earlier = await tx.select({ lines: creditNotes.lines }).from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
  const share = shareOfLines(
    invoice.lines,
    earlier.map((n) => n.lines),
    refund.amountPaise,
    invoice.intraState,
  );
  if (!share) return null;
  const { amount } = share;
  // The invoice's lines are the order's lines in their order: units taken back are counted on theirs.
  const returned = new Map<string, number>();
  for (const r of refund.restock ?? []) returned.set(r.lineId, (returned.get(r.lineId) ?? 0) + r.quantity);
  const lineIds = returned.size
    ? (
        await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(eq(orderItems.orderId, refund.orderId))
          .orderBy(asc(orderItems.position))
      ).map((r) => r.id)
    : [];
  const lines: InvoiceLine[] = share.lines.map((l, k) => {
    const id = lineIds[k];
    return { ...l, quantity: Math.min(l.quantity, id ? (returned.get(id) ?? 0) : 0) };
  });
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => lines.reduce((s, l) => s + l[k], 0);
  const fy = financialYear(at);
  // A bill of supply's note is not a GST credit note: its own series keeps the CN series (listed in GSTR-1) gapless.
  const series = invoice.kind === 'bill-of-supply' ? 'BCN' : 'CN';
  const seq = await nextInSeries(tx, series, fy);
  const [row] = await tx
    .insert(creditNotes)
    .values({
      refundKey: refund.refundKey,
      orderId: refund.orderId,
      invoiceId: invoice.id,
      number: documentNumber(series, fy, seq),
      series,
      fy,
      seq,
      issuedAt: at,
      reason: refund.reason ?? '',
      lines,
      taxablePaise: sum('taxable'),
      cgstPaise: sum('cgst'),
      sgstPaise: sum('sgst'),
      igstPaise: sum('igst'),
      totalPaise: amount,
    })
    .returning();
  if (row) await queueEinvoice(tx, await settingsRow(tx), { kind: 'CRN', invoice, creditNote: row, at });
  return row ?? null;
}

/**
 * The (first) receipt voucher of each order paid in advance of its piece: `{number, url}` for the Order answer (every
 * voucher of an order is in its `vouchers`).
 */
export async function receiptLinks(db: DbOrTx, orderIds: string[]) {
  const links = new Map<string, { number: string; url: string }>();
  if (orderIds.length === 0) return links;
  const rows = await db
    .select({ orderId: receiptVouchers.orderId, number: receiptVouchers.number })
    .from(receiptVouchers)
    .where(inArray(receiptVouchers.orderId, orderIds))
    .orderBy(asc(receiptVouchers.issuedAt), asc(receiptVouchers.fy), asc(receiptVouchers.seq));
  for (const r of rows) {
    if (!links.has(r.orderId)) links.set(r.orderId, { number: r.number, url: `/o1/api/receipt/${r.orderId}` });
  }
  return links;
}

/** The invoice of each order that has one, with where it stands with the IRP, for the Order answer. */
export async function invoiceLinks(db: DbOrTx, orderIds: string[]) {
  type Link = {
    number: string;
    url: string;
    irn: string | null;
    ackno: string | null;
    ackdate: string | null;
    einvoicestatus: 'notrequired' | 'pending' | 'registered' | 'failed' | 'cancelled';
  };
  if (orderIds.length === 0) return new Map<string, Link>();
  const rows = await db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      status: einvoices.status,
      irn: einvoices.irn,
      ackNo: einvoices.ackNo,
      ackDate: einvoices.ackDate,
    })
    .from(invoices)
    .leftJoin(einvoices, and(eq(einvoices.invoiceId, invoices.id), eq(einvoices.kind, 'INV')))
    .where(inArray(invoices.orderId, orderIds));
  return new Map<string, Link>(
    rows.map((r) => [
      r.orderId,
      {
        number: r.number,
        url: `/o1/api/invoice/${r.orderId}`,
        irn: r.irn,
        ackno: r.ackNo,
        ackdate: r.ackDate ? r.ackDate.toISOString() : null,
        einvoicestatus: r.status ?? 'notrequired',
      },
    ]),
  );
}
