import type { Kysely } from 'kysely';
import type { Order, RefundAccountGiven, RefundAccountView, StaffOrder, StaffRefundAccountView } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { createRefundAccountRepository } from './refund-accounts.repository.js';
import type { OrderService } from './orders.service.js';

/** A refund that only a bank transfer can pay back: the gateway cannot refund a bank transfer (decision 034). */
export const refundedByTransfer = (order: Pick<Order, 'refundStatus' | 'paymentMethod'>): boolean =>
  order.refundStatus === 'refund-due' && order.paymentMethod === 'bank-account';

export interface RefundTransferDeps {
  db: Kysely<Database>;
  orders: Pick<OrderService, 'getMyOrder' | 'getAnyOrder' | 'markRefunded' | 'onSteps'>;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}

/**
 * Refunds of Bank Account orders: the customer gives the account, staff see it with the amount and record "Refunded
 * by transfer". Recording goes through the orders' one "Mark refunded" (a compare-and-set on the refund, after the
 * gateway refund's claim), so two staff taps and a "Mark refunded" at once give one refund. The account is erased as
 * soon as any refund of the order is committed.
 */
export function createRefundTransfers({ db, orders, now, log }: RefundTransferDeps) {
  const accounts = createRefundAccountRepository(db);
  orders.onSteps((orderId, steps) => {
    // Not erased now (the database failed): the account is never shown again, since it is read only while a refund is due.
    if (steps.some((s) => s.kind === 'refunded')) void accounts.erase(orderId).catch((err: unknown) => log.error({ err, orderId }, 'could not erase a refund account'));
  });

  async function customerView(order: Order): Promise<RefundAccountView> {
    const needed = refundedByTransfer(order);
    const account = needed ? await accounts.find(order.id) : undefined;
    return {
      needed,
      account: account ? { holderName: account.holderName, bank: account.bank, accountNumberEnd: account.accountNumber.slice(-4) } : null,
    };
  }

  return {
    async accountOf(userId: number, rawId: string): Promise<RefundAccountView> {
      return customerView(await orders.getMyOrder(userId, rawId));
    },

    async giveAccount(userId: number, rawId: string, account: RefundAccountGiven): Promise<RefundAccountView> {
      const order = await orders.getMyOrder(userId, rawId);
      if (!refundedByTransfer(order)) {
        throw conflict(
          order.refundStatus === 'refunded'
            ? /*i18n*/ { id: 'Order #{id} is refunded already: there is nothing more to send', values: { id: order.id } }
            : /*i18n*/ { id: 'Order #{id} has no refund to send by bank transfer', values: { id: order.id } },
        );
      }
      await accounts.save({ orderId: order.id, ...account, givenAt: now().toISOString() });
      // Recorded refunded in the meantime: the account is not needed, so it is not kept.
      const after = await orders.getMyOrder(userId, rawId);
      if (!refundedByTransfer(after)) {
        await accounts.erase(order.id);
        throw conflict(/*i18n*/ { id: 'Order #{id} was refunded just now: there is nothing more to send', values: { id: order.id } });
      }
      return customerView(after);
    },

    async staffView(rawId: string): Promise<StaffRefundAccountView> {
      const order = await orders.getAnyOrder(rawId);
      const account = refundedByTransfer(order) ? await accounts.find(order.id) : undefined;
      return {
        amountIdr: order.summary.totalIdr,
        account: account ? { holderName: account.holderName, bank: account.bank, accountNumber: account.accountNumber, givenAt: account.givenAt } : null,
      };
    },

    /** Staff sent the money to the account the customer gave; once, whatever else is pressed at the same moment. */
    async recordTransfer(rawId: string): Promise<StaffOrder> {
      const order = await orders.getAnyOrder(rawId);
      if (refundedByTransfer(order) && !(await accounts.find(order.id))) {
        throw conflict(
          /*i18n*/ {
            id: 'The customer of order #{id} has not said where to send the money yet: ask them, or pay it back another way and mark it refunded',
            values: { id: order.id },
          },
        );
      }
      const refunded = await orders.markRefunded(rawId);
      await accounts.erase(refunded.id);
      return refunded;
    },
  };
}
export type RefundTransfers = ReturnType<typeof createRefundTransfers>;
