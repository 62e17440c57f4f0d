import { einvoiceRoutes } from '../../../contract/einvoice.js';
import { routePlugin } from '../../http/routes.js';
import { listEinvoices, retryEinvoice } from './service.js';

/** /o1/api/admin/einvoices: the merchant's E-invoices screen (docs/einvoice.md). */
export default routePlugin(einvoiceRoutes, (app) => ({
  'GET /o1/api/admin/einvoices': async (request) => ({
    success: true,
    einvoices: await listEinvoices(app.db, request.query.status, app.clock()),
  }),

  'POST /o1/api/admin/einvoices/:invoiceNumber/retry': async (request) => {
    const einvoice = await retryEinvoice(app, request.params.invoiceNumber);
    const message =
      einvoice.einvoicestatus === 'registered'
        ? 'E-invoice registered'
        : einvoice.einvoicestatus === 'failed'
          ? 'The IRP refused the e-invoice again'
          : 'The IRP could not be reached: it will be tried again';
    return { success: true, message, einvoice };
  },
}));
