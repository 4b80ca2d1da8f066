import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type ModuleContext } from '../../plugins/module-context.js';
import type { OrderService } from '../orders/orders.service.js';
import type { ProductService } from '../products/products.service.js';
import type { StoreService } from '../stores/stores.service.js';
import { reportRoutes } from './reports.routes.js';
import { createReportService, type ReportService } from './reports.service.js';

/** Reports for the owner: owns no table; reads the orders' figures, the products' names and the stores' through their doors. */
export async function reportsModule(app: FastifyInstance, ctx: ModuleContext & { orders: OrderService; products: ProductService; stores: StoreService }): Promise<ReportService> {
  const settings = ctx.config.orders;
  const reports = createReportService({ orders: ctx.orders, products: ctx.products, stores: ctx.stores, settings, now: ctx.now });
  await app.register(reportRoutes, { prefix: API_PREFIX, reports, orders: ctx.orders, stores: ctx.stores, timeZone: settings.shopTimeZone, taxLabel: settings.taxLabel });
  return reports;
}
