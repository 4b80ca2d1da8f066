import type { Transaction } from 'kysely';
import type { Language, Order, OrderStatus } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import type { StoreService } from '../stores/stores.service.js';
import type { UserService } from '../users/users.service.js';
import type { OrderStepRecord, OrderStepRepository } from './order-steps.repository.js';
import type { OrderRepository } from './orders.repository.js';

/** What points are judged on (the loyalty module): the order's customer, where it is, and what was paid. */
export interface LoyaltyFacts {
  id: number;
  userId: number;
  status: OrderStatus;
  paymentStatus: Order['paymentStatus'];
  refundStatus: Order['refundStatus'];
  totalIdr: number;
}

/** What a notification mail needs to know about an order and its customer. */
export interface NotificationTarget {
  orderId: number;
  /** Whose devices get the push (modules/push). */
  userId: number;
  email: string;
  /** The customer's choice in the profile. */
  orderEmails: boolean;
  /** The customer's language (the profile's): their mails and pushes are written in it. */
  language: Language;
  status: OrderStatus;
  deliveryMethod: Order['deliveryMethod'];
  scheduledFor: string;
  storeName: string | null;
  storeAddress: string | null;
  /** For the payment receipt: what was paid, and how. */
  totalIdr: number;
  paymentMethod: Order['paymentMethod'];
}

/** An order counted in a day's figures. */
export interface DayOrderRecord {
  status: OrderStatus;
  totalIdr: number;
  scheduledFor: string;
  storeId: number | null;
  storeName: string | null;
}

export interface OrderFactsDeps {
  orders: Pick<OrderRepository, 'findOrder' | 'paidSpendSince'>;
  steps: Pick<OrderStepRepository, 'listStepsAfter' | 'listStepsByIds' | 'lastStepId' | 'findOrderForNotice' | 'deliveredTotals' | 'listDayOrders'>;
  users: Pick<UserService, 'customersOf'>;
  stores: Pick<StoreService, 'placesOf'>;
}

/**
 * What other modules ask of orders, read-only: loyalty (an order's facts, a customer's paid spend), promotions
 * (delivered orders), and events (the steps for live streams, what a mail needs, a day's orders).
 */
export function createOrderFacts({ orders, steps, users, stores }: OrderFactsDeps) {
  return {
    /** The loyalty module's question: whose order, where it is and what was paid; undefined for no such order. */
    async loyaltyFactsOf(orderId: number): Promise<LoyaltyFacts | undefined> {
      const o = await orders.findOrder(orderId);
      return o && { id: o.id, userId: o.userId, status: o.status, paymentStatus: o.paymentStatus, refundStatus: o.refundStatus, totalIdr: o.totalIdr };
    },

    /** The points tiers' question (loyalty module), in its transaction: what the customer paid since then, other orders. */
    paidSpendSince: (userId: number, sinceIso: string, exceptOrderId: number, trx?: Transaction<Database>): Promise<number> =>
      orders.paidSpendSince(userId, sinceIso, exceptOrderId, trx),

    /** For the live streams: steps with an id above `afterId`, oldest first; with `userId`, only that customer's visible orders. */
    listStepsAfter: (afterId: number, options: { userId?: number; limit: number }): Promise<OrderStepRecord[]> => steps.listStepsAfter(afterId, options),

    /** The steps with these ids (ones a feed saw missing and looks for again). */
    listStepsByIds: (ids: readonly number[]): Promise<OrderStepRecord[]> => steps.listStepsByIds(ids),

    /** The newest step's id; 0 when there is none. */
    lastStepId: (): Promise<number> => steps.lastStepId(),

    /** What a mail about an order's step needs: the order, its customer's address and wishes, its store. */
    async notificationTarget(orderId: number): Promise<NotificationTarget | undefined> {
      const order = await steps.findOrderForNotice(orderId);
      if (!order) return undefined;
      const [customers, places] = await Promise.all([users.customersOf([order.userId]), stores.placesOf([order.storeId])]);
      const customer = customers.get(order.userId);
      if (!customer) return undefined;
      const place = order.storeId === null ? undefined : places.get(order.storeId);
      return {
        orderId: order.orderId,
        userId: order.userId,
        email: customer.email,
        orderEmails: customer.orderEmails,
        language: customer.language,
        status: order.status,
        deliveryMethod: order.deliveryMethod,
        scheduledFor: order.scheduledFor,
        storeName: place?.name ?? null,
        storeAddress: place?.address ?? null,
        totalIdr: order.totalIdr,
        paymentMethod: order.paymentMethod,
      };
    },

    /** For promotions: the customer's delivered orders, their total (whole rupiah) and how many. */
    deliveredOrders: (userId: number, trx?: Transaction<Database>): Promise<{ totalIdr: number; count: number }> => steps.deliveredTotals(userId, trx),

    /** Orders the customers get on one shop day (`day` YYYY-MM-DD), with their stores' names. */
    async dayOrders(day: string): Promise<DayOrderRecord[]> {
      const rows = await steps.listDayOrders(day);
      const places = await stores.placesOf(rows.map((r) => r.storeId));
      return rows.map((r) => ({ ...r, storeName: r.storeId === null ? null : (places.get(r.storeId)?.name ?? null) }));
    },
  };
}
