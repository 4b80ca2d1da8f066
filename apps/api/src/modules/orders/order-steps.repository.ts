import { sql, type Kysely, type Transaction } from 'kysely';
import { DeliveryMethod, OrderEventKind, OrderStatus, PaymentMethod } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/** One step of an order's history. */
export interface OrderEventRecord {
  kind: OrderEventKind;
  at: string;
  by: 'customer' | 'staff' | null;
}

/** One step of an order as the live streams tell it, with whose order it is (to keep customers to their own). */
export interface OrderStepRecord {
  eventId: number;
  orderId: number;
  userId: number;
  kind: OrderEventKind;
  /** The order's status now. */
  status: OrderStatus;
  at: string;
  by: 'customer' | 'staff' | null;
  /** Set when the customer removed the order from the history: its steps are no longer theirs to see. */
  hiddenByCustomer: boolean;
}

/** What a notification mail needs of an order (the customer's address and wishes come from the users module). */
export interface OrderForNotice {
  orderId: number;
  userId: number;
  status: OrderStatus;
  deliveryMethod: DeliveryMethod;
  scheduledFor: string;
  storeId: number | null;
  /** For the payment receipt. */
  totalIdr: number;
  paymentMethod: PaymentMethod;
}

/** An order counted in a day's figures (the store's name comes from the stores module). */
export interface DayOrderRow {
  status: OrderStatus;
  totalIdr: number;
  scheduledFor: string;
  storeId: number | null;
}

/**
 * The orders module's reading of order steps (order_events, written with each move of an order) for the live
 * streams, and of orders for their mails and the day's figures.
 */
export function createOrderStepRepository(db: Kysely<Database>) {
  const steps = (trx?: Transaction<Database>) =>
    (trx ?? db)
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.id', 'e.order_id', 'e.kind', 'e.at', 'e.actor', 'o.user_id', 'o.status', 'o.hidden_by_customer_at']);

  type StepRow = {
    id: number;
    order_id: number;
    kind: string;
    at: string;
    actor: string | null;
    user_id: number;
    status: string;
    hidden_by_customer_at: string | null;
  };
  const toStep = (r: StepRow): OrderStepRecord => ({
    eventId: r.id,
    orderId: r.order_id,
    userId: r.user_id,
    kind: OrderEventKind.parse(r.kind),
    status: OrderStatus.parse(r.status),
    at: r.at,
    by: r.actor === 'customer' || r.actor === 'staff' ? r.actor : null,
    hiddenByCustomer: r.hidden_by_customer_at !== null,
  });

  return {
    /** Each order's steps, oldest first. */
    async historyOf(orderIds: readonly number[], trx?: Transaction<Database>): Promise<Map<number, OrderEventRecord[]>> {
      const byOrder = new Map<number, OrderEventRecord[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await (trx ?? db)
        .selectFrom('order_events')
        .select(['order_id', 'kind', 'at', 'actor'])
        .where('order_id', 'in', [...orderIds])
        .orderBy('order_id')
        .orderBy('id')
        .execute();
      for (const r of rows) {
        const event: OrderEventRecord = {
          kind: OrderEventKind.parse(r.kind),
          at: r.at,
          by: r.actor === 'customer' || r.actor === 'staff' ? r.actor : null,
        };
        const list = byOrder.get(r.order_id);
        if (list) list.push(event);
        else byOrder.set(r.order_id, [event]);
      }
      return byOrder;
    },

    /** Writes steps to an order's history, in the transaction of the move they tell. */
    async insertSteps(orderId: number, events: readonly OrderEventRecord[], trx?: Transaction<Database>): Promise<void> {
      if (events.length === 0) return;
      await (trx ?? db)
        .insertInto('order_events')
        .values(events.map((e) => ({ order_id: orderId, kind: e.kind, at: e.at, actor: e.by })))
        .execute();
    },

    /** Steps with an id above `afterId`, oldest first; with `userId`, only that customer's orders. */
    async listStepsAfter(afterId: number, options: { userId?: number; limit: number }, trx?: Transaction<Database>): Promise<OrderStepRecord[]> {
      let query = steps(trx).where('e.id', '>', afterId);
      if (options.userId !== undefined) query = query.where('o.user_id', '=', options.userId).where('o.hidden_by_customer_at', 'is', null);
      const rows = await query.orderBy('e.id').limit(options.limit).execute();
      return rows.map(toStep);
    },

    /** The steps with these ids (ones the feed saw missing and looks for again). */
    async listStepsByIds(ids: readonly number[]): Promise<OrderStepRecord[]> {
      if (ids.length === 0) return [];
      const rows = await steps().where('e.id', 'in', ids).orderBy('e.id').execute();
      return rows.map(toStep);
    },

    /** The newest step's id; 0 when there is none. */
    async lastStepId(): Promise<number> {
      const row = await db.selectFrom('order_events').select((eb) => eb.fn.max('id').as('last')).executeTakeFirst();
      return Number(row?.last ?? 0);
    },

    async findOrderForNotice(orderId: number): Promise<OrderForNotice | undefined> {
      const row = await db
        .selectFrom('orders')
        .select(['id', 'user_id', 'status', 'delivery_method', 'scheduled_for', 'store_id', 'total_idr', 'payment_method'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      return (
        row && {
          orderId: row.id,
          userId: row.user_id,
          status: OrderStatus.parse(row.status),
          deliveryMethod: DeliveryMethod.parse(row.delivery_method),
          scheduledFor: row.scheduled_for,
          storeId: row.store_id,
          totalIdr: Number(row.total_idr),
          paymentMethod: PaymentMethod.parse(row.payment_method),
        }
      );
    },

    /** The customer's delivered orders: their total (whole rupiah) and how many (member cards and coupon audiences). */
    async deliveredTotals(userId: number, trx?: Transaction<Database>): Promise<{ totalIdr: number; count: number }> {
      const row = await (trx ?? db)
        .selectFrom('orders')
        .select((eb) => [eb.fn.coalesce(eb.fn.sum<number | string>('total_idr'), sql<number>`0`).as('total'), eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      return { totalIdr: Number(row.total), count: Number(row.n) };
    },

    /** Orders the customers get on one shop day (`day` YYYY-MM-DD, compared with the shop-local `scheduled_for`). */
    async listDayOrders(day: string): Promise<DayOrderRow[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['status', 'total_idr', 'scheduled_for', 'store_id'])
        // Shop-local 'YYYY-MM-DDTHH:mm' text sorts as time: the day is one range on both databases.
        .where('scheduled_for', '>=', `${day}T00:00`)
        .where('scheduled_for', '<=', `${day}T23:59`)
        // Paid is the line: an order still waiting for an online payment is no sale (yet).
        .where((eb) => eb.or([eb('payment_status', '!=', 'awaiting-payment'), eb('payment_due_at', 'is', null)]))
        .execute();
      return rows.map((r) => ({
        status: OrderStatus.parse(r.status),
        totalIdr: Number(r.total_idr),
        scheduledFor: r.scheduled_for,
        storeId: r.store_id,
      }));
    },
  };
}

export type OrderStepRepository = ReturnType<typeof createOrderStepRepository>;
