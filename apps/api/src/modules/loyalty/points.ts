import { formatIdr, type LoyaltySettings, type OrderStatus, type PaymentStatus, type RefundStatus } from '@coffee/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AccountRow, EntryRecord, LoyaltyRepository } from './loyalty.repository.js';
import { pointsFor } from './reward-pricing.js';
import { tierOf, twelveMonthsBefore, type PaidSpendSince } from './tiers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What points are judged on, asked of the orders module (registered before this one) by order number. */
export interface OrderFacts {
  id: number;
  userId: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  refundStatus: RefundStatus | null;
  /** What the customer paid: the total after every discount. */
  totalIdr: number;
}


/** Earning, taking back and expiry: the points side of the loyalty service. */
export function createPoints(
  repo: LoyaltyRepository,
  deps: { db: Kysely<Database>; now: () => Date; orderFacts: (orderId: number) => Promise<OrderFacts | undefined>; paidSpendSince: PaidSpendSince },
) {
  const { db, now } = deps;
  /** The inactivity rule (decision 032): the balance lapses `expiryDays` after the customer last earned. */
  const expiresAt = (account: AccountRow, settings: LoyaltySettings): string | null =>
    settings.expiryDays === null || account.lastEarnedAt === null || account.balance <= 0
      ? null
      : new Date(Date.parse(account.lastEarnedAt) + settings.expiryDays * DAY_MS).toISOString();

  /** Locks the account and lets a lapsed balance expire first; the account as it is after. */
  async function openAccount(userId: number, trx: Transaction<Database>): Promise<AccountRow> {
    const nowIso = now().toISOString();
    const account = await repo.lockAccount(userId, nowIso, trx);
    const lapse = expiresAt(account, await repo.settings(trx));
    if (lapse === null || lapse > nowIso) return account;
    await repo.addEntry(
      { userId, orderId: null, kind: 'expired', points: -account.balance, shortfall: 0, label: 'Points expired', rewardId: null, discountIdr: null, createdAt: nowIso },
      trx,
    );
    return { ...account, balance: 0 };
  }

  /**
   * Brings an order's points in line with where the order is: a paid order earns once; a cancelled (or refunded) one
   * gives its reward's points back and takes its earned points back, never below zero (what is missing is the
   * shortfall the owner sees). Every move is under the customer's account lock and at most one of each kind exists
   * per order, so calling this twice, or twice at once, changes nothing the second time.
   */
  async function settleOrder(orderId: number): Promise<void> {
    const order = await deps.orderFacts(orderId);
    if (!order) return;
    const undone = order.status === 'cancelled' || order.refundStatus !== null;
    await db.transaction().execute(async (trx) => {
      const account = await openAccount(order.userId, trx);
      const entries = await repo.entriesOfOrder(orderId, trx);
      const has = (kind: EntryRecord['kind']) => entries.find((e) => e.kind === kind);
      const createdAt = now().toISOString();
      const base = { userId: order.userId, orderId, rewardId: null, discountIdr: null, createdAt };
      let balance = account.balance;
      if (undone) {
        const spent = has('spent');
        if (spent && !has('returned')) {
          await repo.addEntry({ ...base, kind: 'returned', points: -spent.points, shortfall: 0, label: `Reward given back: order #${orderId} cancelled` }, trx);
          balance -= spent.points;
        }
        if (!has('taken-back')) {
          // Written even when nothing was earned: a "paid" heard after the cancel then finds it and earns nothing.
          const earned = has('earned')?.points ?? 0;
          const taken = Math.min(earned, Math.max(balance, 0));
          await repo.addEntry({ ...base, kind: 'taken-back', points: -taken, shortfall: earned - taken, label: `Order #${orderId} cancelled` }, trx);
        }
        return;
      }
      if (order.paymentStatus !== 'paid' || has('earned') || has('taken-back')) return;
      const settings = await repo.settings(trx);
      // The tier the customer holds as this order is paid: the other orders paid in the last 12 months, read in this
      // transaction (through the orders module's door).
      const tier = settings.tiersEnabled
        ? tierOf(settings, await deps.paidSpendSince(order.userId, twelveMonthsBefore(now()), orderId, trx))
        : null;
      const points = pointsFor(order.totalIdr, tier?.idrPerPoint ?? settings.idrPerPoint);
      const label = `Order #${orderId}: ${formatIdr(order.totalIdr)} paid${tier?.name === 'Gold' ? ' (Gold)' : ''}`;
      await repo.addEntry({ ...base, kind: 'earned', points, shortfall: 0, label }, trx);
    });
  }

  return { expiresAt, openAccount, settleOrder };
}
