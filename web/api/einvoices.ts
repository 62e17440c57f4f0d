import type { einvoiceRoutes } from '../../contract/einvoice';
import type { RouteAnswer } from '../../contract/route';
import { routeCaller } from './client';

const call = routeCaller<typeof einvoiceRoutes>();

export type Einvoice = RouteAnswer<(typeof einvoiceRoutes)['routes']['GET /o1/api/admin/einvoices']>['einvoices'][number];
export type EinvoiceFilter = 'pending' | 'registered' | 'failed' | 'cancelled';

/** The merchant's E-invoices screen: invoices and credit notes registered with the IRP, and Retry of a failed one. */
export const einvoiceApi = {
  list: (status?: EinvoiceFilter) => call('GET /o1/api/admin/einvoices', { query: { status } }),
  retry: (invoiceNumber: string) => call('POST /o1/api/admin/einvoices/:invoiceNumber/retry', { params: { invoiceNumber } }),
};
