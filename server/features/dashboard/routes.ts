import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/common.js';
import {
  AdminOrderFilters,
  AwaitingShipmentQuery,
  AwaitingShipmentResponse,
  csvRow,
  DashboardStatsResponse,
  LowStockQuery,
  LowStockResponse,
  SHOP_TIME_ZONE,
} from '../../../contract/dashboard.js';
import { ADMIN, requireAdmin } from '../../http/session.js';
import * as service from './service.js';

const tags = ['Admin dashboard'];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stats',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary:
          'Revenue and paid orders for today, the last 7 and 30 days (India time), a 30-day daily series, orders awaiting shipment',
        description:
          'Revenue counts Paid orders only. Days are India-time (Asia/Kolkata) calendar days; "last 7 days" is today and the 6 days before it.',
        ...ADMIN,
        response: { 200: DashboardStatsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [revenue, awaitingShipment] = await Promise.all([
        service.revenueStats(app.db),
        service.awaitingShipmentCount(app.db),
      ]);
      return { success: true, timeZone: SHOP_TIME_ZONE, ...revenue, awaitingShipment };
    },
  );

  app.get(
    '/admin/low-stock',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Products with 2 or fewer units in stock (active or not), lowest stock first',
        ...ADMIN,
        querystring: LowStockQuery,
        response: { 200: LowStockResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true, ...(await service.lowStock(app.db, request.query.limit)) }),
  );

  app.get(
    '/admin/awaiting-shipment',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Paid orders still to send (delivery status pending or confirmed, not flagged as unfulfillable), oldest first',
        ...ADMIN,
        querystring: AwaitingShipmentQuery,
        response: { 200: AwaitingShipmentResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true, ...(await service.awaitingShipment(app.db, request.query.limit)) }),
  );

  app.get(
    '/admin/orders/export.csv',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'The filtered orders as a CSV file (same filters as GET /o1/api/admin/orders, no paging)',
        description:
          'Streams text/csv (UTF-8 with a byte-order mark, CRLF line ends), newest first, one row per order. ' +
          "Cells starting with = + - @ (or a tab or carriage return) are prefixed with ' so spreadsheets never run them as formulas.",
        ...ADMIN,
        querystring: AdminOrderFilters,
        response: {
          200: {
            description: 'CSV file, one header row then one row per order',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
      async function* lines() {
        yield `\uFEFF${csvRow(service.CSV_HEADER)}`;
        for await (const row of service.exportOrders(app.db, filters)) yield csvRow(row);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as unknown as string); // the schema documents the text; a stream sends it
    },
  );
};

export default routes;
