import { z } from 'zod';
import { IdParams } from './common.js';
import { byId, routeTable } from './route.js';

/** A PDF answer (documented as binary; the body is the file itself). */
const Pdf = z.string().describe('application/pdf');

const GstReportQuery = z.object({
  month: z
    .string({ message: 'month is required (YYYY-MM)' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Use the month format YYYY-MM' })
    // The same years the orders list takes (the database has no year 0000; GST began in 2017).
    .refine((m) => m >= '1900-01' && m <= '2999-12', { message: 'The year must be between 1900 and 2999' }),
  format: z.enum(['json', 'csv', 'portal'], { message: 'format is json, csv or portal' }).default('json'),
});
const Money = z.number();
const Taxes = { taxablevalue: Money, igst: Money, cgst: Money, sgst: Money };
const InvoiceHead = { invoice: z.string(), date: z.string(), value: Money, pos: z.string() };
/** A voucher of the month: its number, date, the buyer's GSTIN ("" for a consumer), value, place and taxes. */
const VoucherRow = z.object({
  voucher: z.string(),
  date: z.string(),
  gstin: z.string(),
  value: Money,
  pos: z.string(),
  ...Taxes,
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const GstReportResponse = z.object({
  success: z.boolean(),
  month: z.string(),
  b2b: z.array(z.object({ gstin: z.string(), ...InvoiceHead, ...Taxes })),
  b2cl: z.array(z.object({ ...InvoiceHead, ...Taxes })),
  b2cs: z.array(z.object({ pos: z.string(), rate: z.number(), ...Taxes })),
  /** Exports (table 6A): in no B2B or B2C section; `value` in rupees. */
  exp: z.array(
    z.object({
      type: z.enum(['WOPAY', 'WPAY']),
      invoice: z.string(),
      date: z.string(),
      value: Money,
      currency: z.string(),
      portcode: z.string(),
      shippingbill: z.string(),
      shippingbilldate: z.string(),
      taxablevalue: Money,
      igst: Money,
    }),
  ),
  hsn: z.array(z.object({ hsn: z.string(), quantity: z.number().int(), ...Taxes })),
  /** Registered buyers' notes (`type` B2B) and an export's notes (`type` EXP, `gstin` ""). */
  creditnotes: z.array(
    z.object({
      type: z.enum(['B2B', 'EXP']),
      gstin: z.string(),
      note: z.string(),
      date: z.string(),
      invoice: z.string(),
      value: Money,
      ...Taxes,
    }),
  ),
  /**
   * The month's receipt vouchers (advances received before a made-to-order piece's invoice), one by one, with the tax
   * their supply carries: shown, not reported as the month's tax (GST on goods is due with the invoice). Counted in
   * table 13 of the portal file.
   */
  receiptvouchers: z.array(VoucherRow),
  /** The month's refund vouchers (advances paid back before the invoice), each naming its order's receipt vouchers. */
  refundvouchers: z.array(VoucherRow.extend({ receipt: z.string() })),
});

// ---------------------------------------------------------------- GSTR-1 in the GST portal's own JSON
/*
 * The GSTN offline tool's GSTR-1 file (schema version GST3.1.6), as strict objects: a key the tool does not know
 * is refused, as are empty sections and rows, negative document values, dates not DD-MM-YYYY and places of
 * supply not two-digit state codes.
 */
const portalGstin = z.string().regex(/^[0-9]{2}[0-9A-Z]{13}$/);
const portalDate = z.string().regex(/^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-(19|20)[0-9]{2}$/);
const portalPos = z.string().regex(/^(0[1-9]|[1-3][0-9]|97|99)$/);
const portalNumber = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[a-zA-Z0-9/-]+$/);
const portalAmount = z.number().refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most 2 decimals');
const documentValue = portalAmount.refine((n) => n >= 0, 'not negative');
const portalRate = z.number().refine((n) => [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40].includes(n), 'a GST rate');
const interItem = z.strictObject({ txval: documentValue, rt: portalRate, iamt: documentValue, csamt: documentValue });
const intraItem = z.strictObject({
  txval: documentValue,
  rt: portalRate,
  camt: documentValue,
  samt: documentValue,
  csamt: documentValue,
});
const portalItems = z.array(z.strictObject({ num: z.number().int().min(1), itm_det: z.union([interItem, intraItem]) })).min(1);
const hsnRow = z.strictObject({
  num: z.number().int().min(1),
  hsn_sc: z.string().regex(/^[0-9]{4,8}$/),
  desc: z.string().max(30),
  uqc: z.string().min(2).max(3),
  qty: z.number(),
  rt: portalRate,
  txval: portalAmount,
  iamt: portalAmount,
  camt: portalAmount,
  samt: portalAmount,
  csamt: portalAmount,
});
const docRange = z.strictObject({
  num: z.number().int().min(1),
  from: portalNumber,
  to: portalNumber,
  totnum: z.number().int().min(1),
  cancel: z.number().int().min(0),
  net_issue: z.number().int().min(0),
});
/** @forTests tests read the portal download through this schema, so a file the offline tool would refuse fails them */
export const Gstr1PortalFile = z.strictObject({
  gstin: portalGstin,
  fp: z.string().regex(/^(0[1-9]|1[0-2])(20[0-9]{2})$/),
  version: z.literal('GST3.1.6'),
  hash: z.literal('hash'),
  b2b: z
    .array(
      z.strictObject({
        ctin: portalGstin,
        inv: z
          .array(
            z.strictObject({
              inum: portalNumber,
              idt: portalDate,
              val: documentValue,
              pos: portalPos,
              rchrg: z.enum(['Y', 'N']),
              inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE']),
              itms: portalItems,
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .optional(),
  b2cl: z
    .array(
      z.strictObject({
        pos: portalPos,
        inv: z
          .array(
            z.strictObject({
              inum: portalNumber,
              idt: portalDate,
              val: documentValue,
              itms: z.array(z.strictObject({ num: z.number().int().min(1), itm_det: interItem })).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .optional(),
  b2cs: z
    .array(
      z.union([
        z.strictObject({
          sply_ty: z.literal('INTER'),
          pos: portalPos,
          typ: z.literal('OE'),
          rt: portalRate,
          txval: portalAmount,
          iamt: portalAmount,
          csamt: portalAmount,
        }),
        z.strictObject({
          sply_ty: z.literal('INTRA'),
          pos: portalPos,
          typ: z.literal('OE'),
          rt: portalRate,
          txval: portalAmount,
          camt: portalAmount,
          samt: portalAmount,
          csamt: portalAmount,
        }),
      ]),
    )
    .min(1)
    .optional(),
  cdnr: z
    .array(
      z.strictObject({
        ctin: portalGstin,
        nt: z
          .array(
            z.strictObject({
              ntty: z.enum(['C', 'D']),
              nt_num: portalNumber,
              nt_dt: portalDate,
              pos: portalPos,
              rchrg: z.enum(['Y', 'N']),
              inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE']),
              val: documentValue,
              itms: portalItems,
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .optional(),
  exp: z
    .array(
      z.strictObject({
        exp_typ: z.enum(['WPAY', 'WOPAY']),
        inv: z
          .array(
            z.strictObject({
              inum: portalNumber,
              idt: portalDate,
              val: documentValue,
              sbpcode: z
                .string()
                .regex(/^[A-Z0-9]{6}$/)
                .optional(),
              sbnum: z
                .string()
                .regex(/^[0-9]{7}$/)
                .optional(),
              sbdt: portalDate.optional(),
              itms: z.array(interItem).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .optional(),
  cdnur: z
    .array(
      z.strictObject({
        typ: z.enum(['B2CL', 'EXPWP', 'EXPWOP']),
        ntty: z.enum(['C', 'D']),
        nt_num: portalNumber,
        nt_dt: portalDate,
        // an export's note has no place of supply
        pos: portalPos.optional(),
        val: documentValue,
        itms: z.array(z.strictObject({ num: z.number().int().min(1), itm_det: interItem })).min(1),
      }),
    )
    .min(1)
    .optional(),
  hsn: z
    .union([
      z.strictObject({ data: z.array(hsnRow).min(1) }),
      z
        .strictObject({ hsn_b2b: z.array(hsnRow).min(1).optional(), hsn_b2c: z.array(hsnRow).min(1).optional() })
        .refine((h) => h.hsn_b2b || h.hsn_b2c, 'an HSN table'),
    ])
    .optional(),
  doc_issue: z
    .strictObject({
      doc_det: z
        .array(
          z.strictObject({
            doc_num: z.number().int().min(1).max(12),
            doc_typ: z.string(),
            docs: z.array(docRange).min(1),
          }),
        )
        .min(1),
    })
    .optional(),
});
export type Gstr1PortalFile = z.infer<typeof Gstr1PortalFile>;

const CreditNoteParams = z.object({ refundId: z.uuid({ message: 'Invalid refund id' }) });

/** The GST documents (docs/gst.md). */
export const gstRoutes = routeTable('GST tax invoices', {
  'GET /o1/api/invoice/:id': {
    guard: 'user',
    summary: 'The order’s tax invoice as a PDF (own order, or any for an ADMIN; 404 before the order is paid)',
    description:
      'A4 PDF: seller and buyer names, addresses, states and GSTINs, invoice number and date, place of supply, per line ' +
      'description, HSN, quantity, rate, taxable value, CGST/SGST or IGST, totals, amount in words, "Tax payable on ' +
      'reverse charge: No". Made once on first request and kept. Another user’s order answers 404 like an unknown one.',
    ...byId(IdParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/receipt/:id': {
    guard: 'user',
    summary:
      'The receipt voucher of an advance as a PDF: an order paid before its made-to-order piece is made (own order, or any for an ADMIN)',
    description:
      'A4 PDF titled "Receipt Voucher", numbered RV/<yy-yy>/000001 in its own series, dated with the payment: seller and ' +
      'buyer, place of supply, "Advance against made-to-order jewellery", the order’s lines as its tax invoice will have ' +
      'them (the piece as jewellery, HSN 7113, with its rate and tax), the amount received and in words. The tax invoice, ' +
      'issued when every piece is ready, names it and subtracts it. 404 for an order with no advance (ready stock is ' +
      'invoiced with the payment), unpaid, another user’s or unknown.',
    ...byId(IdParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/receipt-voucher/:id': {
    guard: 'user',
    summary: 'A receipt voucher as a PDF, by its own id (as the order’s `vouchers` link it; own order, or any for an ADMIN)',
    description:
      'The same document as above, for any of an order’s receipt vouchers: a credit order with a made-to-order piece ' +
      'has one for each payment received before the piece is ready, each its share of the order’s lines with their ' +
      'rate and tax and "Part of the order’s value" beside the number. 404 for another user’s or an unknown voucher.',
    ...byId(IdParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/refund-voucher/:refundId': {
    guard: 'user',
    summary:
      'The refund voucher of an advance paid back as a PDF: a processed refund of an order cancelled before its tax invoice (own order, or any for an ADMIN)',
    description:
      'A4 PDF titled "Refund Voucher", numbered RF/<yy-yy>/000001 in its own series, dated with the refund: seller and ' +
      'buyer, place of supply, each receipt voucher it pays back with its date, the order, the reason, the lines of the ' +
      'receipt vouchers each with its share of the refund (HSN, rate and the tax inside), the amount refunded and in ' +
      'words. 404 for a refund with none (a refund of an invoiced order has a credit note), before it is processed, ' +
      'another user’s or unknown.',
    ...byId(CreditNoteParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/credit-note/:refundId': {
    guard: 'user',
    summary: 'The credit note of a processed refund as a PDF, referring to the invoice (404 before it is processed)',
    ...byId(CreditNoteParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/admin/customs/:id': {
    guard: 'admin',
    summary:
      'The parcel’s commercial invoice and customs declaration for an order shipped abroad, as a PDF (404 for a domestic order)',
    description:
      'Sender with the shop’s IEC and GSTIN, recipient, per line the description, HS code (the invoice line’s HSN), ' +
      'country of origin (the product’s `origin`), weight in carats and grams, quantity and value; the invoice number. ' +
      '404 for a domestic order or one not yet invoiced.',
    ...byId(IdParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/admin/gst-report': {
    guard: 'admin',
    summary:
      'GSTR-1 for a month (India time): B2B, B2C large, B2C small, exports, credit notes, HSN summary, receipt and refund vouchers; JSON or one CSV',
    description:
      '`format=portal` downloads the GST portal’s own GSTR-1 JSON (the offline tool’s schema, no `success` wrapper): ' +
      '`gstin`, `fp`, `b2b`, `b2cl`, `b2cs`, `exp`, `cdnr`, `cdnur`, the HSN summary (its B2B and B2C tables from the May 2025 ' +
      'period), `doc_issue`; rates per item, net of credit notes, no empty sections or rows. Bills of supply are not ' +
      'part of GSTR-1; a shop without a GSTIN files none (409). The JSON and the CSV (sections `receiptvouchers`, ' +
      '`refundvouchers`, columns `voucher` and `receipt`) list the month’s receipt and refund vouchers of advances one ' +
      'by one; the portal file counts them in `doc_issue` (6 Receipt voucher, 8 Refund voucher).',
    query: GstReportQuery,
    responses: { 200: GstReportResponse },
    produces: ['application/json', 'text/csv'],
    errors: [400, 409],
  },
});
