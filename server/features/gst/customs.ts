import { asc, eq } from 'drizzle-orm';
import { abroadCountryName } from '../../../contract/address-rules.js';
import { convertPaise, currencyDecimals, minorToMajor } from '../../../contract/currencies.js';
import type { Db } from '../../db/client.js';
import { invoices, orderItems, orders, products } from '../../db/schema.js';
import { NotFound } from '../../domain/errors.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { invoiceDate, rupees, rupeesPerUnit } from './pdf.js';
import { openPdf } from './pdf-document.js';

/** Every order is priced in rupees (and may be paid in another currency: then both are shown). */
const CURRENCY = 'INR';

/**
 * The parcel's commercial invoice and customs declaration (CN23-style) for an order shipped abroad: the sender with
 * the shop's IEC and GSTIN, the recipient, per line the description, HS code, country of origin, weight in carats
 * and grams, quantity and value, and the invoice it travels with. A domestic order, or one not yet invoiced, has
 * none (404). Values are in rupees, and, for an order paid in another currency, in that currency at the order's
 * rate too (each line rounded down; the total is exactly what was paid).
 */
export async function customsPdf(db: Db, orderId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const missing = new NotFound('No customs declaration: the order is not shipped abroad');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const country = order ? abroadCountryName(order.shippinginfo.country) : null;
  if (!order || !country) throw missing;
  const [inv] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!inv) throw new NotFound('No customs declaration: the order has no invoice yet');
  const items = await db
    .select({
      name: orderItems.productname,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      origin: products.origin,
      carats: products.weightcarrat,
      grams: products.weightgrams,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const shop = await settingsRow(db);
  // The invoice's goods lines follow the order's lines in order (its shipping line, if any, comes last).
  const lines = items.map((item, k) => {
    const invoiced = inv.lines[k];
    return {
      description: invoiced?.description ?? item.name,
      hs: invoiced?.hsn ?? '',
      origin: item.origin || 'India',
      carats: item.carats === null ? '—' : `${Number(item.carats).toFixed(2)} ct`,
      grams: item.grams === null ? '—' : `${Number(item.grams).toFixed(3)} g`,
      quantity: item.quantity,
      valuePaise: invoiced?.valuePaise ?? item.unitPricePaise * item.quantity,
    };
  });
  const goodsPaise = lines.reduce((s, l) => s + l.valuePaise, 0);

  const title = 'Commercial Invoice and Customs Declaration';
  const { doc, done } = await openPdf({ Title: `${title} ${inv.number}`, Author: shop.shopname });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const half = width / 2 - 8;

  doc.font('bold').fontSize(14).text(title, left, doc.y, { width, align: 'center' });
  doc
    .font('body')
    .fontSize(9)
    .text(`Invoice ${inv.number} of ${invoiceDate(inv.issuedAt)} · Order ${order.number || order.id}`, {
      width,
      align: 'center',
    });
  doc.moveDown(0.8);

  const top = doc.y;
  doc.font('bold').fontSize(9).text('Sender (exporter)', left, top, { width: half });
  doc.font('body').text(shop.legalname || shop.shopname, left, doc.y, { width: half });
  doc.text(shop.address, left, doc.y, { width: half });
  doc.text(`${shop.state}, India`, left, doc.y, { width: half });
  if (shop.iec) doc.text(`IEC: ${shop.iec}`, left, doc.y, { width: half });
  if (shop.gstin) doc.text(`GSTIN: ${shop.gstin}`, left, doc.y, { width: half });
  const senderBottom = doc.y;
  const ship = order.shippinginfo;
  const rx = left + width / 2 + 8;
  doc.font('bold').text('Recipient (importer)', rx, top, { width: half });
  doc.font('body').text(ship.fullname, rx, doc.y, { width: half });
  doc.text(ship.address, rx, doc.y, { width: half });
  doc.text([ship.city, ship.pincode].filter(Boolean).join(' '), rx, doc.y, { width: half });
  if (ship.state) doc.text(ship.state, rx, doc.y, { width: half });
  doc.text(`Country: ${country}`, rx, doc.y, { width: half });
  doc.text(`Phone: ${ship.mobileno}`, rx, doc.y, { width: half });
  doc.y = Math.max(senderBottom, doc.y) + 10;

  const paidIn =
    order.currency !== 'INR' && order.currencyAmount !== null && order.fxRate
      ? { code: order.currency, minor: order.currencyAmount, rate: order.fxRate, decimals: currencyDecimals(order.currency) }
      : null;
  const inPaidCurrency = (paise: number) =>
    paidIn ? minorToMajor(convertPaise(paise, paidIn.rate, paidIn.code, 'down'), paidIn.code).toFixed(paidIn.decimals) : '';
  const cols: [string, number, 'left' | 'right'][] = [
    ['#', 16, 'left'],
    ['Description', paidIn ? 110 : 170, 'left'],
    ['HS code', 50, 'left'],
    ['Origin', 60, 'left'],
    ['Carats', 48, 'right'],
    ['Grams', 52, 'right'],
    ['Qty', 28, 'right'],
    [`Value (${CURRENCY})`, 80, 'right'],
    ...(paidIn ? [[`Value (${paidIn.code})`, 60, 'right'] as [string, number, 'right']] : []),
  ];
  const scale = width / cols.reduce((s, c) => s + c[1], 0);
  const row = (cells: string[], font: 'body' | 'bold') => {
    doc.font(font).fontSize(8);
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const [, w, align] = cols[i] as [string, number, 'left' | 'right'];
      doc.text(cell, x + 2, y, { width: w * scale - 4, align });
      bottom = Math.max(bottom, doc.y);
      x += w * scale;
    });
    doc.y = bottom + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
  };
  row(
    cols.map((c) => c[0]),
    'bold',
  );
  lines.forEach((l, i) => {
    const cells = [String(i + 1), l.description, l.hs, l.origin, l.carats, l.grams, String(l.quantity), rupees(l.valuePaise)];
    row(paidIn ? [...cells, inPaidCurrency(l.valuePaise)] : cells, 'body');
  });
  doc.moveDown(0.5);
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(9)
      .text(label, left + width / 2, y, { width: width / 4, align: 'right' });
    doc.font('body').text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    doc.y = Math.max(doc.y, y + 12);
  };
  total('Value of the goods', rupees(goodsPaise));
  if (order.shippingPaise > 0) total('Shipping and insurance', rupees(order.shippingPaise));
  total('Invoice total', rupees(inv.totalPaise));
  total('Currency', CURRENCY);
  if (paidIn) {
    total(`Paid in ${paidIn.code}`, minorToMajor(paidIn.minor, paidIn.code).toFixed(paidIn.decimals));
    total('Exchange rate', rupeesPerUnit(paidIn.code, paidIn.rate));
  }
  doc.moveDown(0.8);
  doc
    .font('body')
    .fontSize(8)
    .text(
      'Nature of the goods: sale of goods. I declare that the particulars given in this declaration are correct and that ' +
        'this parcel contains no dangerous article prohibited by law or by postal or customs regulations.',
      left,
      doc.y,
      { width },
    );
  doc.moveDown(1);
  doc.text(`For ${shop.legalname || shop.shopname}, ${invoiceDate(new Date())}`, left, doc.y, { width });
  doc.end();
  return { pdf: await done, fileName: `customs-${inv.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf` };
}
