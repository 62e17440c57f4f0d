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
  format: z.enum(['json', 'csv'], { message: 'format is json or csv' }).default('json'),
});
const Money = z.number();
const Taxes = { taxablevalue: Money, igst: Money, cgst: Money, sgst: Money };
const InvoiceHead = { invoice: z.string(), date: z.string(), value: Money, pos: z.string() };
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const GstReportResponse = z.object({
  success: z.boolean(),
  month: z.string(),
  b2b: z.array(z.object({ gstin: z.string(), ...InvoiceHead, ...Taxes })),
  b2cl: z.array(z.object({ ...InvoiceHead, ...Taxes })),
  b2cs: z.array(z.object({ pos: z.string(), rate: z.number(), ...Taxes })),
  hsn: z.array(z.object({ hsn: z.string(), quantity: z.number().int(), ...Taxes })),
  creditnotes: z.array(
    z.object({ gstin: z.string(), note: z.string(), date: z.string(), invoice: z.string(), value: Money, ...Taxes }),
  ),
});

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
  'GET /o1/api/credit-note/:refundId': {
    guard: 'user',
    summary: 'The credit note of a processed refund as a PDF, referring to the invoice (404 before it is processed)',
    ...byId(CreditNoteParams, { 200: Pdf }),
    produces: ['application/pdf'],
  },
  'GET /o1/api/admin/gst-report': {
    guard: 'admin',
    summary: 'GSTR-1 for a month (India time): B2B, B2C large, B2C small, credit notes, HSN summary; JSON or one CSV',
    query: GstReportQuery,
    responses: { 200: GstReportResponse },
    produces: ['application/json', 'text/csv'],
    errors: [400],
  },
});
