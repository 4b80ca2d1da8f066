import { Readable } from 'node:stream';
import { ErrorResponse, ReportQuery, ReportResponse } from '@coffee/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { staffWith } from '../../lib/current-user.js';
import type { OrderService } from '../orders/orders.service.js';
import type { StoreService } from '../stores/stores.service.js';
import { ordersCsv, reportCsv } from './report-csv.js';
import type { ReportService } from './reports.service.js';

const TAGS = ['Reports (staff)'];
const failures = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export interface ReportRoutesOptions {
  reports: ReportService;
  orders: Pick<OrderService, 'exportPage'>;
  stores: Pick<StoreService, 'placesOf'>;
  timeZone: string;
  taxLabel: string;
}

/** Streams CSV lines to the client as they are made; the reply pulls the next only when the socket takes it. */
function sendCsv(reply: FastifyReply, fileName: string, lines: Iterable<string> | AsyncIterable<string>) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(lines, { objectMode: false }));
}

/** The owner's reports: the figures of a date range as JSON, and as CSV with the orders themselves. */
export const reportRoutes: FastifyPluginCallbackZod<ReportRoutesOptions> = (app, options, done) => {
  const { reports } = options;
  const nameOf = (kind: string, from: string, to: string, storeId: number | null) => `${kind}-${from}-to-${to}${storeId === null ? '' : `-store-${storeId}`}.csv`;

  app.get(
    '/staff/reports',
    {
      onRequest: staffWith('reports'),
      schema: {
        tags: TAGS,
        summary: 'Sales of a day, week, month or chosen days',
        description: 'Paid orders only (by when they were paid, shop time); refunds and cancellations apart; per store or all.',
        querystring: ReportQuery,
        response: { 200: ReportResponse, ...failures },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ data: await reports.report(request.query) }),
  );

  app.get(
    '/staff/reports/report.csv',
    { onRequest: staffWith('reports'), schema: { tags: TAGS, summary: 'The report as CSV', querystring: ReportQuery, response: failures } },
    async (request, reply) => {
      const report = await reports.report(request.query);
      return sendCsv(reply, nameOf('report', report.from, report.to, report.storeId), reportCsv(report));
    },
  );

  app.get(
    '/staff/reports/orders.csv',
    {
      onRequest: staffWith('reports'),
      schema: { tags: TAGS, summary: 'The orders placed in the range as CSV, every status', description: 'Streamed a page at a time.', querystring: ReportQuery, response: failures },
    },
    async (request, reply) => {
      const { range, window } = await reports.windowOf(request.query);
      return sendCsv(reply, nameOf('orders', range.from, range.to, window.storeId), ordersCsv(window, options));
    },
  );
  done();
};
