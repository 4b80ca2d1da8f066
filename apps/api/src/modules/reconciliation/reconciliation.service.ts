import type { Kysely } from 'kysely';
import { parseShopLocal, shopLocalToInstant, toShopLocal, type Reconciliation, type ReconciliationLine } from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { englishOf, type Text } from '../../lib/i18n.js';
import { createOrderLedger } from '../orders/orders.service.js';
import { createChargeLedger } from '../payments/payments.service.js';
import type { StoreService } from '../stores/stores.service.js';
import { byDisagreementFirst, gatewayTookMoney, methodWords, problemOf } from './reconciliation-rules.js';

export interface ReconciliationDeps {
  db: Kysely<Database>;
  now: () => Date;
  shopTimeZone: string;
  stores: Pick<StoreService, 'placesOf'>;
}

/** The day after a 'YYYY-MM-DD' date. */
const nextDay = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The owner's check of the payment service's charges against the shop's orders, one shop day at a time. */
export function createReconciliationService(deps: ReconciliationDeps) {
  // Read-only doors of the two modules whose records are compared.
  const charges = createChargeLedger(deps.db);
  const orders = createOrderLedger(deps.db);
  const zone = deps.shopTimeZone;

  /** The span of a shop day as UTC instants (a day on the shop's clock, whatever the server's zone). */
  function dayBounds(date: string): { from: string; to: string } {
    const start = parseShopLocal(`${date}T00:00`);
    const end = parseShopLocal(`${nextDay(date)}T00:00`);
    if (!start || !end) throw badRequest(/*i18n*/ 'That is not a date on the calendar: choose another day.', 'date');
    return { from: shopLocalToInstant(start, zone).toISOString(), to: shopLocalToInstant(end, zone).toISOString() };
  }

  return {
    /** `translate` words each disagreement in the reader's language (English by default). */
    async day(rawDate: string | undefined, translate: (text: Text) => string = englishOf): Promise<Reconciliation> {
      const date = rawDate ?? toShopLocal(deps.now(), zone).text.slice(0, 10);
      const { from, to } = dayBounds(date);
      const list = await charges.chargesMadeBetween(from, to);
      const byOrder = await orders.ordersByIds(list.map((c) => c.orderId));
      const places = await deps.stores.placesOf([...byOrder.values()].map((o) => o.storeId));
      const paidOrders = new Set(list.filter(gatewayTookMoney).map((c) => c.orderId));
      const lines = list.flatMap((charge): ReconciliationLine[] => {
        const order = byOrder.get(charge.orderId);
        if (!order) return [];
        const problem = problemOf(charge, order, paidOrders.has(order.id) && !gatewayTookMoney(charge));
        return [
          {
            reference: charge.reference,
            orderId: order.id,
            storeName: order.storeId === null ? null : (places.get(order.storeId)?.name ?? null),
            method: methodWords(charge),
            amountIdr: charge.amountIdr,
            orderTotalIdr: order.totalIdr,
            gatewayStatus: charge.gatewayStatus,
            gatewayRefund: charge.refundState,
            orderStatus: order.status,
            paymentStatus: order.paymentStatus,
            refundStatus: order.refundStatus,
            createdAt: charge.createdAt,
            problem: problem?.kind ?? null,
            problemText: problem ? translate(problem.text) : null,
          },
        ];
      });
      lines.sort(byDisagreementFirst);
      return { date, timeZone: zone, disagreements: lines.filter((l) => l.problem !== null).length, lines };
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
