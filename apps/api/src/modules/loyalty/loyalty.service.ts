import type { Kysely, Transaction } from 'kysely';
import type {
  LoyaltyAccount,
  LoyaltySettings,
  Reward,
  RewardInput,
  RewardQuote,
} from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { CartService } from '../cart/cart.service.js';
import { summarize, type PricingSettings } from '../checkout/checkout.service.js';
import type { ProductService } from '../products/products.service.js';
import type { UserService } from '../users/users.service.js';
import { createLoyaltyRepository, type LoyaltyRepository } from './loyalty.repository.js';
import { createPoints, type OrderFacts } from './points.js';

export type { OrderFacts } from './points.js';
import { priceReward, type RewardLine } from './reward-pricing.js';
import { tierOf, twelveMonthsBefore, type PaidSpendSince } from './tiers.js';

/** A step of an order as the orders module tells it once committed. */
export interface OrderStep {
  kind: string;
}

export interface LoyaltyServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** The categories of the ordered products (a free drink is for a drink). */
  products: Pick<ProductService, 'productFacts'>;
  /** The email of a customer with a shortfall, for the owner. */
  users: Pick<UserService, 'findUserById'>;
  /** The orders module's door: an order's customer, state and total; undefined when there is no such order. */
  orderFacts: (orderId: number) => Promise<OrderFacts | undefined>;
  /** The orders module's door: a customer's 12-month spend, for tiers. */
  paidSpendSince: PaidSpendSince;
  /** The customer's cart, for the checkout's price with a reward. */
  cart: Pick<CartService, 'getCart'>;
  pricing: PricingSettings;
  log: { error(obj: object, msg: string): void };
}

/** A reward judged for an order, before it is spent in the order's transaction. */
export interface RewardForOrder {
  reward: Reward;
  discountIdr: number;
  label: string;
}

const ENTRIES_SHOWN = 50;
const REWARD_AND_COUPON = /*i18n*/ 'A reward and a coupon cannot be used on the same order: remove the coupon to use your reward, or order without the reward';

export function createLoyaltyService(deps: LoyaltyServiceDeps) {
  const { db, now } = deps;
  const repo: LoyaltyRepository = createLoyaltyRepository(db);

  const { expiresAt, openAccount, settleOrder } = createPoints(repo, deps);

  // The moves started by the orders module's steps, so tests (and shutdown) can wait for them.
  const inFlight = new Set<Promise<void>>();
  function settleLater(orderId: number): void {
    const run = settleOrder(orderId)
      .catch((err: unknown) => deps.log.error({ err, orderId }, 'points of an order could not be settled'))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  async function findReward(rewardId: number, trx?: Transaction<Database>): Promise<Reward> {
    const reward = await repo.findReward(rewardId, trx);
    if (!reward || !reward.isActive) throw notFound(/*i18n*/ 'This reward is no longer offered: choose another one');
    return reward;
  }

  /** The reward judged on these lines (order placement or the checkout's quote); refused with what to do. */
  async function judgeReward(rewardId: number, lines: readonly RewardLine[], trx?: Transaction<Database>): Promise<RewardForOrder> {
    const reward = await findReward(rewardId, trx);
    const facts = await deps.products.productFacts([...new Set(lines.map((l) => l.productId))], trx);
    const price = priceReward(reward, lines, (id) => facts.get(id)?.category);
    if (!price.ok) throw conflict(price.message, 'rewardId');
    return { reward, discountIdr: price.discountIdr, label: `Reward: ${reward.name}` };
  }

  /**
   * Spends the reward's points in the order's transaction. Under the account lock, so of ten orders placed at once
   * with the same reward, those the balance cannot pay for are refused and roll back.
   */
  async function spendReward(userId: number, judged: RewardForOrder, orderId: number, trx: Transaction<Database>): Promise<void> {
    const account = await openAccount(userId, trx);
    const cost = judged.reward.pointsCost;
    if (account.balance < cost) {
      throw conflict(
        /*i18n*/ {
          id: '{reward} needs {cost} points and you have {balance}: order without the reward, or earn more first',
          values: { reward: judged.reward.name, cost, balance: account.balance },
        },
        'rewardId',
      );
    }
    await repo.addEntry(
      { userId, orderId, kind: 'spent', points: -cost, shortfall: 0, label: `${judged.reward.name} on order #${orderId}`, rewardId: judged.reward.id, discountIdr: judged.discountIdr, createdAt: now().toISOString() },
      trx,
    );
  }

  return {
    settleOrder,
    /** Waits for the point moves started by order steps (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** The orders module's steps: a payment earns, a cancel or refund takes back (after the move committed). */
    onOrderSteps(orderId: number, steps: readonly OrderStep[]): void {
      if (steps.some((s) => s.kind === 'paid' || s.kind === 'cancelled' || s.kind === 'refunded')) settleLater(orderId);
    },

    /**
     * The orders module's door at placing, inside the order's transaction: the reward judged on the order's lines
     * (never with a coupon), and `spend`, which takes its points once the order has its number.
     */
    async rewardForOrder(
      userId: number,
      rewardId: number,
      order: { lines: readonly RewardLine[]; hasCoupon: boolean },
      trx: Transaction<Database>,
    ): Promise<{ discountIdr: number; label: string; spend: (orderId: number) => Promise<void> }> {
      if (order.hasCoupon) throw conflict(REWARD_AND_COUPON, 'rewardId');
      const judged = await judgeReward(rewardId, order.lines, trx);
      return { discountIdr: judged.discountIdr, label: judged.label, spend: (orderId) => spendReward(userId, judged, orderId, trx) };
    },

    /** The checkout's figures with a reward: what the order will cost, priced by the server as placing will. */
    async quote(userId: number, rewardId: number): Promise<RewardQuote> {
      const cart = await deps.cart.getCart(userId);
      if (cart.coupon) throw conflict(REWARD_AND_COUPON, 'rewardId');
      const lines = cart.lines.filter((l) => l.isAvailable);
      if (lines.length === 0) throw conflict(/*i18n*/ 'Your cart is empty: add something before choosing a reward', 'rewardId');
      const judged = await judgeReward(rewardId, lines);
      const account = await repo.findAccount(userId);
      if ((account?.balance ?? 0) < judged.reward.pointsCost) {
        throw conflict(
          /*i18n*/ {
            id: '{reward} needs {cost} points and you have {balance}',
            values: { reward: judged.reward.name, cost: judged.reward.pointsCost, balance: account?.balance ?? 0 },
          },
          'rewardId',
        );
      }
      const summary = summarize(lines, cart.deliveryMethod, deps.pricing, { amountIdr: judged.discountIdr, label: judged.label });
      return { rewardId, discountIdr: summary.discountIdr, totalIdr: summary.totalIdr };
    },

    async account(userId: number): Promise<LoyaltyAccount> {
      const account = await db.transaction().execute((trx) => openAccount(userId, trx));
      const settings = await repo.settings();
      const entries = await repo.entriesOf(userId, ENTRIES_SHOWN);
      const tier = settings.tiersEnabled ? tierOf(settings, await deps.paidSpendSince(userId, twelveMonthsBefore(now()), 0)) : null;
      return {
        balance: account.balance,
        idrPerPoint: settings.idrPerPoint,
        expiryDays: settings.expiryDays,
        expiresAt: expiresAt(account, settings),
        tier,
        // A cancel of an order that earned nothing moves nothing: not worth a line.
        entries: entries
          .filter((e) => e.points !== 0)
          .map((e) => ({ id: e.id, kind: e.kind, points: e.points, label: e.label, orderId: e.orderId, at: e.createdAt })),
      };
    },

    listRewards: (onlyActive: boolean) => repo.listRewards(onlyActive),
    addReward: (input: RewardInput) => repo.insertReward(input, now().toISOString()),
    async changeReward(id: number, input: RewardInput): Promise<Reward> {
      const reward = await repo.updateReward(id, input);
      if (!reward) throw notFound(/*i18n*/ { id: 'There is no reward {id}', values: { id } });
      return reward;
    },

    async settings() {
      const settings = await repo.settings();
      const shortfall = await Promise.all(
        (await repo.shortfalls()).map(async (s) => ({ ...s, email: (await deps.users.findUserById(s.userId))?.email ?? '(account removed)' })),
      );
      return { ...settings, shortfall };
    },
    saveSettings: (settings: LoyaltySettings) => repo.saveSettings(settings, now().toISOString()),
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
