import type { Kysely, Transaction } from 'kysely';
import { DeliveryMethod, OrderEventKind, OrderStatus } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

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

/** What a notification mail needs to know about an order and its customer. */
export interface NotificationTarget {
  orderId: number;
  /** Whose devices get the push (modules/push). */
  userId: number;
  email: string;
  /** The customer's choice in the profile. */
  orderEmails: boolean;
  status: OrderStatus;
  deliveryMethod: DeliveryMethod;
  scheduledFor: string;
  storeName: string | null;
  storeAddress: string | null;
}

/** An order counted in a day's figures. */
export interface DayOrderRecord {
  status: OrderStatus;
  totalIdr: number;
  scheduledFor: string;
  storeId: number | null;
  storeName: string | null;
}

export function createEventsRepository(db: Kysely<Database>) {
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

    async findNotificationTarget(orderId: number): Promise<NotificationTarget | undefined> {
      const row = await db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin('stores as s', 's.id', 'o.store_id')
        .select(['o.id', 'o.user_id', 'o.status', 'o.delivery_method', 'o.scheduled_for', 'u.email', 'u.order_emails', 's.name as store_name', 's.address as store_address'])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        orderId: row.id,
        userId: row.user_id,
        email: row.email,
        orderEmails: Number(row.order_emails) === 1,
        status: OrderStatus.parse(row.status),
        deliveryMethod: DeliveryMethod.parse(row.delivery_method),
        scheduledFor: row.scheduled_for,
        storeName: row.store_name,
        storeAddress: row.store_address,
      };
    },

    /** Orders the customers get on one shop day (`day` YYYY-MM-DD, compared with the shop-local `scheduled_for`). */
    async listDayOrders(day: string): Promise<DayOrderRecord[]> {
      const rows = await db
        .selectFrom('orders as o')
        .leftJoin('stores as s', 's.id', 'o.store_id')
        .select(['o.status', 'o.total_idr', 'o.scheduled_for', 'o.store_id', 's.name as store_name'])
        // Shop-local 'YYYY-MM-DDTHH:mm' text sorts as time: the day is one range on both databases.
        .where('o.scheduled_for', '>=', `${day}T00:00`)
        .where('o.scheduled_for', '<=', `${day}T23:59`)
        .execute();
      return rows.map((r) => ({
        status: OrderStatus.parse(r.status),
        totalIdr: Number(r.total_idr),
        scheduledFor: r.scheduled_for,
        storeId: r.store_id,
        storeName: r.store_name,
      }));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
