import type { FastifyReply } from 'fastify';
import { gstRoutes } from '../../../contract/gst.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { customsPdf } from './customs.js';
import { creditNotePdf, invoicePdf, receiptPdf, receiptVoucherPdf, refundVoucherPdf } from './documents.js';
import { gstr1Portal } from './portal.js';
import { gstr1, gstr1Csv } from './report.js';

const sendPdf = (reply: FastifyReply, doc: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${doc.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);

export default routePlugin(gstRoutes, (app) => ({
  'GET /o1/api/invoice/:id': async (request, reply) =>
    sendPdf(reply, await invoicePdf(app.db, request.params.id, userOf(request))),
  'GET /o1/api/receipt/:id': async (request, reply) =>
    sendPdf(reply, await receiptPdf(app.db, request.params.id, userOf(request))),
  'GET /o1/api/receipt-voucher/:id': async (request, reply) =>
    sendPdf(reply, await receiptVoucherPdf(app.db, request.params.id, userOf(request))),
  'GET /o1/api/refund-voucher/:refundId': async (request, reply) =>
    sendPdf(reply, await refundVoucherPdf(app.db, request.params.refundId, userOf(request))),
  'GET /o1/api/credit-note/:refundId': async (request, reply) =>
    sendPdf(reply, await creditNotePdf(app.db, request.params.refundId, userOf(request))),
  'GET /o1/api/admin/customs/:id': async (request, reply) => sendPdf(reply, await customsPdf(app.db, request.params.id)),
  'GET /o1/api/admin/gst-report': async (request, reply) => {
    if (request.query.format === 'portal') {
      const file = await gstr1Portal(app.db, request.query.month);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="GSTR1_${file.gstin}_${file.fp}.json"`)
        .send(JSON.stringify(file));
    }
    const report = await gstr1(app.db, request.query.month);
    if (request.query.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${report.month}.csv"`)
        .send(gstr1Csv(report));
    }
    return { success: true, ...report };
  },
}));
