import type { Order, OrderPayment, StaffOrder } from '@coffee/contract';
import type { OrderSettings } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { parseId } from '../cart/cart.service.js';
import type { PaymentService } from '../payments/payments.service.js';
import { toOrder, toStaffOrder } from './order-answers.js';
import type { OrderRecord, OrderRepository } from './orders.repository.js';

export interface OrderLookupDeps {
  orders: Pick<OrderRepository, 'findOrder'>;
  settings: Pick<OrderSettings, 'shopTimeZone'>;
  /** The gateway's payments shown on an order (QR, virtual account); absent: orders show none. */
  gateway?: Pick<PaymentService, 'viewsOf'> | undefined;
}

/**
 * How every part of the orders service finds an order by the id in a request, and answers it: as the customer sees
 * it (with its gateway payment) or as staff do. A customer's lookup never tells another customer's order exists.
 */
export function createOrderLookup({ orders, settings, gateway }: OrderLookupDeps) {
  /** The gateway payments of these orders (QR, virtual account, status), when the shop has a gateway. */
  const paymentsOf = async (records: readonly OrderRecord[]): Promise<Map<number, OrderPayment>> =>
    gateway ? gateway.viewsOf(records.map((r) => r.id)) : new Map();

  const asOrders = async (records: readonly OrderRecord[]): Promise<Order[]> => {
    const payments = await paymentsOf(records);
    return records.map((r) => toOrder(r, settings.shopTimeZone, payments.get(r.id) ?? null));
  };
  const asStaffOrders = async (records: readonly OrderRecord[]): Promise<StaffOrder[]> => {
    const payments = await paymentsOf(records);
    return records.map((r) => toStaffOrder(r, settings.shopTimeZone, payments.get(r.id) ?? null));
  };

  /** One of the customer's own visible orders; another customer's order is "not found", never "forbidden". */
  async function findOwnOrder(userId: number, rawId: string): Promise<OrderRecord> {
    const id = parseId(rawId);
    const order = id === null ? undefined : await orders.findOrder(id);
    if (!order || order.userId !== userId || order.hiddenByCustomerAt !== null) throw notFound(/*i18n*/ { id: 'You have no order {id}', values: { id: rawId.slice(0, 20) } });
    return order;
  }

  async function findAnyOrder(rawId: string): Promise<OrderRecord> {
    const id = parseId(rawId);
    const order = id === null ? undefined : await orders.findOrder(id);
    if (!order) throw notFound(/*i18n*/ { id: 'There is no order {id}', values: { id: rawId.slice(0, 20) } });
    return order;
  }

  return {
    findOwnOrder,
    findAnyOrder,
    asOrders,
    asStaffOrders,
    asOrder: async (record: OrderRecord): Promise<Order> => (await asOrders([record]))[0]!,
    asStaffOrder: async (record: OrderRecord): Promise<StaffOrder> => (await asStaffOrders([record]))[0]!,
  };
}

export type OrderLookup = ReturnType<typeof createOrderLookup>;
