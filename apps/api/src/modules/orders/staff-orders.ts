import type { ListStaffOrdersQuery, PageMeta, StaffOrder } from '@coffee/contract';
import { notFound } from '../../lib/errors.js';
import { parseId } from '../cart/cart.service.js';
import { pageMeta } from './order-answers.js';
import type { OrderLookup } from './order-lookup.js';
import type { OrderRepository } from './orders.repository.js';

export interface StaffOrdersDeps {
  orders: Pick<OrderRepository, 'listOrders' | 'markLineDone'>;
  lookup: Pick<OrderLookup, 'findAnyOrder' | 'asStaffOrder' | 'asStaffOrders'>;
  now: () => Date;
}

/** The shop's view of every order: the staff list (by status, store, what is active or awaiting payment), one order, and the kitchen's per-line tick. */
export function createStaffOrders({ orders, lookup, now }: StaffOrdersDeps) {
  const { findAnyOrder, asStaffOrder } = lookup;
  return {
    async listAllOrders(query: ListStaffOrdersQuery): Promise<{ data: StaffOrder[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { status: query.status, active: query.active, awaitingPayment: query.awaitingPayment, storeId: query.storeId },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: await lookup.asStaffOrders(rows), meta: pageMeta(query, total) };
    },

    async getAnyOrder(rawId: string): Promise<StaffOrder> {
      return asStaffOrder(await findAnyOrder(rawId));
    },

    /** The kitchen's per-line tick; a line not of the order is a 404 (the tick is not an order's step: no event). */
    async markLineDone(rawId: string, rawLineId: string, done: boolean): Promise<StaffOrder> {
      const order = await findAnyOrder(rawId);
      const lineId = parseId(rawLineId);
      if (lineId === null || !(await orders.markLineDone(order.id, lineId, done ? now().toISOString() : null))) {
        throw notFound(/*i18n*/ { id: 'Order #{id} has no line {line}', values: { id: order.id, line: rawLineId.slice(0, 20) } });
      }
      return asStaffOrder(await findAnyOrder(rawId));
    },
  };
}
