import type { ListOrdersQuery, Order, PageMeta } from '@coffee/contract';
import { conflict } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import { pageMeta } from './order-answers.js';
import type { OrderLookup } from './order-lookup.js';
import { isFinished } from './order-status.js';
import type { OrderRepository } from './orders.repository.js';

export interface CustomerOrdersDeps {
  orders: Pick<OrderRepository, 'listOrders' | 'hideFromCustomer'>;
  lookup: Pick<OrderLookup, 'findOwnOrder' | 'asOrder' | 'asOrders'>;
  /** "Order again" fills the customer's cart. */
  cart: Pick<CartService, 'addLinesBestEffort'>;
  now: () => Date;
}

/** A customer's own order history: the list, one order, removing a finished one, and "order again". */
export function createCustomerOrders({ orders, lookup, cart, now }: CustomerOrdersDeps) {
  const { findOwnOrder } = lookup;
  return {
    async listMyOrders(userId: number, query: ListOrdersQuery): Promise<{ data: Order[]; meta: PageMeta }> {
      const { orders: rows, total } = await orders.listOrders(
        { userId, visibleToCustomer: true },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: await lookup.asOrders(rows), meta: pageMeta(query, total) };
    },

    async getMyOrder(userId: number, rawId: string): Promise<Order> {
      return lookup.asOrder(await findOwnOrder(userId, rawId));
    },

    /** Removes a finished order from the customer's history; the shop keeps it (hidden_by_customer_at). */
    async hideMyOrder(userId: number, rawId: string): Promise<void> {
      const order = await findOwnOrder(userId, rawId);
      if (!isFinished(order.status)) {
        throw conflict(
          /*i18n*/ {
            id: 'Order #{id} is still {status}: only delivered or cancelled orders can be removed from your history',
            values: { id: order.id, status: order.status },
          },
        );
      }
      await orders.hideFromCustomer(order.id, now().toISOString());
    },

    /** "Order again": the order's lines go into the cart at today's prices; what cannot be ordered is skipped with a note. */
    async reorder(userId: number, rawId: string) {
      const order = await findOwnOrder(userId, rawId);
      return cart.addLinesBestEffort(
        userId,
        // The same options by id; an option since removed from the product makes that line a note, not a guess.
        order.lines.map((l) => ({
          productId: l.productId,
          sizeCode: l.sizeCode,
          optionIds: l.options.map((o) => o.optionId),
          baristaNote: l.baristaNote,
          quantity: l.quantity,
        })),
      );
    },
  };
}
