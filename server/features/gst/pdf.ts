import { currencyDecimals, minorToMajor } from '../../../contract/currencies.js';
import type { InvoiceExport, InvoiceLine, InvoiceParty } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';
import { openPdf } from './pdf-document.js';
import { rupeesInWords } from './words.js';

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/**
 * ₹1,23,456.78
 * @forTests the document tests read the PDF text and expect amounts written as the PDF writes them
 */
export const rupees = (paise: number) => `₹${inr.format(paise / 100)}`;
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;
/**
 * DD-MM-YYYY, India time.
 * @forTests the document tests read the PDF text and expect the date written as the PDF writes it
 */
export const invoiceDate = (at: Date) => indiaDate(at).split('-').reverse().join('-');
/** HH:MM, India time. */
const indiaTime = (at: Date) => new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(11, 16);

type PdfDocumentData = {
  kind: 'invoice' | 'credit-note' | 'receipt' | 'refund';
  /** False for a seller not registered for GST: a bill of supply (or its credit note), no tax on it. */
  taxed: boolean;
  shopname: string;
  number: string;
  issuedAt: Date;
  /** Extra lines under the number: order id, the invoice a credit note refers to, the reason. */
  refs: [string, string][];
  seller: InvoiceParty;
  buyer: InvoiceParty;
  placeOfSupply: string;
  placeOfSupplyCode: string;
  intraState: boolean;
  lines: InvoiceLine[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number; discount?: number };
  /** An invoice of goods shipped out of India: its title, IEC, destination and endorsement. */
  exported?: InvoiceExport | null;
  /** An e-invoice registered with the IRP: its IRN, acknowledgement and the IRP's signed QR code data. */
  irn?: { irn: string; ackNo: string; ackDate: Date; signedQr: string; cancelled: boolean } | null;
  /**
   * An invoice issued after an advance: the receipt vouchers it adjusts, and the advance still held (paise: what
   * they received less what refund vouchers paid back).
   */
  advance?: { vouchers: { number: string; issuedAt: Date }[]; amountPaise: number } | null;
};

/** Side of the printed QR code, in points (about 5 cm): the signed data is long, so its modules stay readable. */
const QR_SIZE = 144;

/** The part of the `qrcode` package used here: the matrix of a QR code. */
type QrCodeModule = {
  create(
    data: string,
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' },
  ): { modules: { size: number; get(row: number, col: number): number | boolean } };
};
/** The package's name, loaded at the first e-invoice PDF only (a shop without e-invoices never loads it). */
const QRCODE_PACKAGE: string = 'qrcode';

/** Draws the IRP's signed QR data as a QR code (vector squares, sharp at any zoom) at (x, y). */
async function drawQr(doc: PDFKit.PDFDocument, data: string, x: number, y: number, size: number) {
  const QRCode = ((await import(QRCODE_PACKAGE)) as { default: QrCodeModule }).default;
  const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/** What a receipt voucher says it is for, and what follows it (docs/made-to-order.md). */
export const ADVANCE_PURPOSE = 'Advance against made-to-order jewellery';

/** A rate in units per rupee as an invoice states it: rupees per unit, `1 USD = ₹84.75`. */
export const rupeesPerUnit = (currency: string, fxRate: string) =>
  `1 ${currency} = ₹${inr.format(Math.round(100 / Number(fxRate)) / 100)}`;

/** The endorsement an export invoice must carry, by how it is taxed. */
function exportEndorsement(e: InvoiceExport, kind: PdfDocumentData['kind']): string {
  const supply =
    e.type === 'WOPAY'
      ? `Supply meant for export under Letter of Undertaking (ARN ${e.arn}) without payment of integrated tax`
      : 'Supply meant for export with payment of integrated tax';
  // A credit note reduces an export: it says so, with the same treatment as its invoice.
  return kind === 'credit-note'
    ? `Credit note against a supply meant for export: ${supply.charAt(0).toLowerCase()}${supply.slice(1)}`
    : supply;
}

/** An A4 tax invoice, bill of supply, credit note, receipt voucher or refund voucher, every field of the contract on it. */
export async function renderPdf(d: PdfDocumentData): Promise<Buffer> {
  const title =
    d.kind === 'receipt'
      ? 'Receipt Voucher'
      : d.kind === 'refund'
        ? 'Refund Voucher'
        : d.kind === 'credit-note'
          ? d.exported
            ? 'Credit Note — Export'
            : 'Credit Note'
          : d.exported
            ? 'Tax Invoice — Export'
            : d.taxed
              ? 'Tax Invoice'
              : 'Bill of Supply';
  const { doc, done } = await openPdf({
    Title: `${title} ${d.number}`,
    Author: d.seller.name,
    Subject: title,
    CreationDate: d.issuedAt,
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.4);
  };

  // Heading: the shop's name, then what the document is.
  doc.font('bold').fontSize(20).fillColor('#000000').text(d.shopname, left, doc.y, { width, align: 'center' });
  doc.font('body').fontSize(9).text(`${d.seller.address}`, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(13).text(title, { width, align: 'center' });
  doc.moveDown(0.5);
  rule();

  // An e-invoice: the IRN and acknowledgement, and the IRP's signed QR code beside them.
  if (d.irn) {
    const blockTop = doc.y;
    const textWidth = width - QR_SIZE - 16;
    doc.font('bold').fontSize(9).text('IRN: ', left, blockTop, { width: textWidth, continued: true });
    doc.font('body').text(d.irn.irn);
    doc.font('bold').text('Ack No: ', left, doc.y, { width: textWidth, continued: true });
    doc.font('body').text(d.irn.ackNo);
    doc.font('bold').text('Ack Date: ', left, doc.y, { width: textWidth, continued: true });
    doc.font('body').text(`${invoiceDate(d.irn.ackDate)} ${indiaTime(d.irn.ackDate)}`);
    if (d.irn.cancelled) doc.font('bold').text('This IRN has been cancelled.', left, doc.y, { width: textWidth });
    await drawQr(doc, d.irn.signedQr, left + width - QR_SIZE, blockTop, QR_SIZE);
    doc.y = Math.max(doc.y, blockTop + QR_SIZE) + 6;
    rule();
  }

  // Seller and document details side by side.
  const top = doc.y;
  const half = width / 2 - 8;
  const party = (heading: string, p: InvoiceParty, x: number, y: number) => {
    doc.font('bold').fontSize(9).text(heading, x, y, { width: half });
    doc.font('bold').fontSize(10).text(p.name, x, doc.y, { width: half });
    doc.font('body').fontSize(9);
    doc.text(p.address, x, doc.y, { width: half });
    if (p.country) {
      // A buyer abroad: the region as written in the address, then the country.
      if (p.state) doc.text(`State / Region: ${p.state}`, x, doc.y, { width: half });
      doc.text(`Country: ${p.country}`, x, doc.y, { width: half });
    } else doc.text(`State: ${p.state}${p.statecode ? ` (code ${p.statecode})` : ''}`, x, doc.y, { width: half });
    if (p.gstin || d.taxed) doc.text(`GSTIN: ${p.gstin || 'Unregistered'}`, x, doc.y, { width: half });
    return doc.y;
  };
  let sellerBottom = party('Sold by', d.seller, left, top);
  if (!d.taxed) {
    doc.text('Not registered for GST: no tax is charged.', left, sellerBottom, { width: half });
    sellerBottom = doc.y;
  }
  const rx = left + width / 2 + 8;
  doc.font('body').fontSize(9);
  const detail = (label: string, value: string, y?: number) => {
    doc.font('bold').text(`${label}: `, rx, y ?? doc.y, { width: half, continued: true });
    doc.font('body').text(value);
  };
  const docName = {
    receipt: 'Receipt voucher',
    refund: 'Refund voucher',
    'credit-note': 'Credit note',
    invoice: d.taxed ? 'Invoice' : 'Bill',
  }[d.kind];
  detail(`${docName} number`, d.number, top);
  detail(`${docName} date`, invoiceDate(d.issuedAt));
  for (const [label, value] of d.refs) detail(label, value);
  detail('Place of supply', `${d.placeOfSupply}${d.placeOfSupplyCode ? ` (code ${d.placeOfSupplyCode})` : ''}`);
  if (d.exported) {
    detail('Destination', d.exported.country);
    if (d.exported.iec) detail('IEC', d.exported.iec);
    const { currency, currencyAmount, fxRate } = d.exported;
    if (d.kind === 'invoice' && currency && currencyAmount !== undefined && fxRate) {
      detail('Paid in', `${currency} ${minorToMajor(currencyAmount, currency).toFixed(currencyDecimals(currency))}`);
      detail('Exchange rate', rupeesPerUnit(currency, fxRate));
    }
  }
  if (d.taxed) detail('Tax payable on reverse charge', 'No');
  doc.y = Math.max(sellerBottom, doc.y) + 8;
  rule();
  const buyerTop = doc.y;
  party('Billed and shipped to', d.buyer, left, buyerTop);
  if (d.buyer.extra) doc.text(`${d.buyer.country ? 'Phone' : 'Mobile'}: ${d.buyer.extra}`, left, doc.y, { width: half });
  doc.moveDown(0.6);
  rule();

  // Lines.
  const cols = !d.taxed
    ? [
        ['#', 16, 'left'],
        ['Description', 250, 'left'],
        ['HSN', 50, 'left'],
        ['Qty', 36, 'right'],
        ['Unit price', 86, 'right'],
        ['Amount', 85, 'right'],
      ]
    : d.intraState
      ? [
          ['#', 16, 'left'],
          ['Description', 132, 'left'],
          ['HSN', 40, 'left'],
          ['Qty', 26, 'right'],
          ['Unit price', 58, 'right'],
          ['Taxable value', 64, 'right'],
          ['GST rate', 34, 'right'],
          ['CGST', 50, 'right'],
          ['SGST', 50, 'right'],
          ['Total', 53, 'right'],
        ]
      : [
          ['#', 16, 'left'],
          ['Description', 152, 'left'],
          ['HSN', 40, 'left'],
          ['Qty', 26, 'right'],
          ['Unit price', 62, 'right'],
          ['Taxable value', 68, 'right'],
          ['GST rate', 34, 'right'],
          ['IGST', 60, 'right'],
          ['Total', 65, 'right'],
        ];
  const scale = width / cols.reduce((s, c) => s + (c[1] as number), 0);
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
    if (doc.y > doc.page.height - doc.page.margins.bottom - 140) {
      doc.addPage();
    }
  };
  row(
    cols.map((c) => c[0] as string),
    'bold',
  );
  rule();
  d.lines.forEach((l, i) => {
    // A credit note's line with no units taken back adjusts the value only.
    const valueOnly = d.kind === 'credit-note' && l.quantity === 0;
    const named = valueOnly ? `Value adjustment: ${l.description}` : l.description;
    const description = l.discountPaise > 0 ? `${named} (discount ${rupees(l.discountPaise)})` : named;
    const units = valueOnly ? ['—', '—'] : [String(l.quantity), rupees(l.unitPricePaise)];
    const tax = d.intraState ? [rupees(l.cgst), rupees(l.sgst)] : [rupees(l.igst)];
    const taxCells = d.taxed ? [rupees(l.taxable), percent(l.rateBp), ...tax] : [];
    row([String(i + 1), description, l.hsn, ...units, ...taxCells, rupees(l.valuePaise)], 'body');
  });
  rule();

  // Totals, right-aligned.
  // A seller not registered for GST charges none: no tax lines at all.
  const totals: [string, string][] = [];
  if (d.taxed) {
    totals.push(['Total taxable value', rupees(d.totals.taxable)]);
    if (d.intraState) totals.push(['CGST', rupees(d.totals.cgst)], ['SGST', rupees(d.totals.sgst)]);
    else totals.push(['IGST', rupees(d.totals.igst)]);
  }
  if (d.totals.discount) totals.push(['Discount (included above)', rupees(d.totals.discount)]);
  const closing = {
    receipt: 'Advance received',
    refund: 'Advance refunded',
    invoice: 'Total (amount paid)',
    'credit-note': 'Total credited',
  }[d.kind];
  totals.push([closing, rupees(d.totals.total)]);
  if (d.advance) {
    totals.push(
      ['Less advance received', `−${rupees(d.advance.amountPaise)}`],
      ['Balance payable', rupees(d.totals.total - d.advance.amountPaise)],
    );
  }
  for (const [label, value] of totals) {
    const y = doc.y;
    const last = label === closing || label === 'Balance payable';
    doc.font(last ? 'bold' : 'body').fontSize(last ? 10 : 9);
    doc.text(label, left + width / 2, y, { width: width / 4, align: 'right' });
    doc.text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    doc.y = Math.max(doc.y, y + 12);
  }
  doc.moveDown(0.6);
  doc.font('bold').fontSize(9).text('Amount in words: ', left, doc.y, { width, continued: true });
  doc.font('body').text(rupeesInWords(d.totals.total));
  doc.moveDown(0.3);
  if (d.taxed) doc.text('Tax payable on reverse charge: No', left, doc.y, { width });
  if (d.kind === 'receipt') {
    doc.moveDown(0.3);
    doc.text(
      'The tax invoice is issued when every piece is made and hallmarked, and adjusts this advance.' +
        (d.taxed
          ? ' GST on an advance for goods is charged on that invoice (Notification 66/2017–Central Tax): the tax above is what it will charge.'
          : ''),
      left,
      doc.y,
      { width },
    );
  }
  if (d.kind === 'refund') {
    doc.moveDown(0.3);
    doc.text(
      'Pays back an advance received: no goods are supplied and no tax invoice is issued for the amount refunded.',
      left,
      doc.y,
      { width },
    );
  }
  if (d.advance) {
    doc.moveDown(0.3);
    const named = d.advance.vouchers.map((v) => `${v.number} dated ${invoiceDate(v.issuedAt)}`);
    doc.text(`Adjusts the advance received by receipt voucher${named.length > 1 ? 's' : ''} ${named.join(', ')}.`, left, doc.y, {
      width,
    });
  }
  if (d.exported) {
    doc.moveDown(0.3);
    doc.font('bold').text(exportEndorsement(d.exported, d.kind), left, doc.y, { width });
  }
  doc.moveDown(1.5);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#555555')
    .text(`For ${d.seller.name}. This is a computer-generated document and needs no signature.`, left, doc.y, { width });
  doc.end();
  return done;
}
