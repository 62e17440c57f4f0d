import { z } from 'zod';
import { IdParams } from './common.js';
import { routeTable } from './route.js';

/** A PDF answer (documented as binary; the body is the file itself). */
const Pdf = z.string().describe('application/pdf');

export const CreditNoteParams = z.object({ refundId: z.uuid({ message: 'Invalid refund id' }) });

/** The GST documents (API.md "GST tax invoices"). */
export const gstRoutes = routeTable('GST tax invoices', {
  'GET /o1/api/invoice/:id': {
    guard: 'user',
    summary: 'The order’s tax invoice as a PDF (own order, or any for an ADMIN; 404 before the order is paid)',
    description:
      'A4 PDF: seller and buyer names, addresses, states and GSTINs, invoice number and date, place of supply, per line ' +
      'description, HSN, quantity, rate, taxable value, CGST/SGST or IGST, totals, amount in words, "Tax payable on ' +
      'reverse charge: No". Made once on first request and kept. Another user’s order answers 404 like an unknown one.',
    params: IdParams,
    responses: { 200: Pdf },
    produces: ['application/pdf'],
    errors: [400, 404],
  },
  'GET /o1/api/credit-note/:refundId': {
    guard: 'user',
    summary: 'The credit note of a processed refund as a PDF, referring to the invoice (404 before it is processed)',
    params: CreditNoteParams,
    responses: { 200: Pdf },
    produces: ['application/pdf'],
    errors: [400, 404],
  },
});
