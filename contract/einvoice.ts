import { z } from 'zod';
import { byId, routeTable } from './route.js';

/** Where an invoice or credit note stands with the IRP; `notrequired` for a consumer (B2C) one or with e-invoices off. */
export const EINVOICE_STATUSES = ['notrequired', 'pending', 'registered', 'failed', 'cancelled'] as const;

const Einvoice = z.object({
  /** The invoice's or credit note's number. */
  number: z.string(),
  kind: z.enum(['INV', 'CRN']),
  orderId: z.string(),
  einvoicestatus: z.enum(EINVOICE_STATUSES),
  irn: z.string().nullable(),
  /** What went wrong at the last try ("" when nothing did). */
  error: z.string(),
  /**
   * An invoice whose order was cancelled within 24 hours of its IRN, still registered after those 24 hours: the IRP
   * no longer cancels it, so the IRN stands (`einvoicestatus` stays `registered`); `error` says why it was not
   * cancelled. Listed with `status=failed`.
   */
  cancelfailed: z.boolean(),
});

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const EinvoicesResponse = z.object({ success: z.boolean(), einvoices: z.array(Einvoice) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const EinvoiceRetryResponse = z.object({ success: z.boolean(), message: z.string(), einvoice: Einvoice });

const EinvoicesQuery = z.object({
  status: z
    .enum(['pending', 'registered', 'failed', 'cancelled'], {
      message: 'Status must be pending, registered, failed or cancelled',
    })
    .optional(),
});

const NumberParams = z.object({
  invoiceNumber: z
    .string()
    .trim()
    .min(1, { message: 'Invoice number is required' })
    .max(40, { message: 'Invoice number is at most 40 characters' }),
});

/** /o1/api/admin/einvoices: the merchant's E-invoices screen (docs/einvoice.md). */
export const einvoiceRoutes = routeTable('E-invoices', {
  'GET /o1/api/admin/einvoices': {
    guard: 'admin',
    summary: 'Invoices and credit notes registered (or to be registered) with the IRP, newest first',
    description:
      'Only documents that need an IRN (a buyer with a GSTIN, or an export, while `einvoice` is on) are listed; ' +
      '`status` narrows the list (failed ones are those the merchant can retry; `failed` also lists the IRNs whose ' +
      'cancellation failed: still registered, `cancelfailed` true, the reason in `error`).',
    query: EinvoicesQuery,
    responses: { 200: EinvoicesResponse },
    errors: [400],
  },
  'POST /o1/api/admin/einvoices/:invoiceNumber/retry': {
    guard: 'admin',
    summary: 'Try a failed e-invoice again (the number percent-encoded)',
    description:
      'The registration is tried at once and the answer is the e-invoice after it: `registered`, or `failed` again with ' +
      'the IRP’s error, or `pending` when the IRP could not be reached (the job keeps trying). An unknown number → 404; ' +
      'one that has not failed → 409.',
    ...byId(NumberParams, { 200: EinvoiceRetryResponse }, 409),
  },
});
