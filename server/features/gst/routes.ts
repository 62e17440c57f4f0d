import type { FastifyReply } from 'fastify';
import { gstRoutes } from '../../../contract/gst.js';
import { routePlugin } from '../../http/routes.js';
import { userOf } from '../../http/session.js';
import { creditNotePdf, invoicePdf } from './documents.js';

const sendPdf = (reply: FastifyReply, doc: { pdf: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${doc.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);

export default routePlugin(gstRoutes, (app) => ({
  'GET /o1/api/invoice/:id': async (request, reply) =>
    sendPdf(reply, await invoicePdf(app.db, request.params.id, userOf(request))),
  'GET /o1/api/credit-note/:refundId': async (request, reply) =>
    sendPdf(reply, await creditNotePdf(app.db, request.params.refundId, userOf(request))),
}));
