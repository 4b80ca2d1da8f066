// Shapes both order repositories use (orders.repository.ts and order-lines.repository.ts), so neither imports the other's types.
import type { Transaction } from 'kysely';
import type { ChosenOption, SizeCode } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

export interface OrderLineRecord {
  id: number;
  productId: number;
  name: string;
  /** The product's picture as it is now (the product row is never hard-deleted). */
  imageUrl: string | null;
  sizeCode: SizeCode | null;
  sizeLabel: string | null;
  /** The options as ordered (names and deltas of that moment). */
  options: ChosenOption[];
  /** '' for none. */
  baristaNote: string;
  quantity: number;
  /** The size's price plus the options' deltas, as ordered. */
  unitPriceIdr: number;
  lineTotalIdr: number;
  /** When the kitchen ticked it made; null while still to make. */
  doneAt: string | null;
}

export type NewOrderLine = Omit<OrderLineRecord, 'id' | 'imageUrl' | 'doneAt'>;

/**
 * What an order shows of other modules' rows, asked of their doors (the users, stores and products modules own
 * those tables): its customer, its store, and its products' pictures as they are now.
 */
export interface OrderLookups {
  customersOf: (userIds: readonly number[], trx?: Transaction<Database>) => Promise<Map<number, { email: string; name: string | null; phone: string | null }>>;
  placesOf: (storeIds: readonly (number | null)[]) => Promise<Map<number, { name: string; address: string }>>;
  pictureAddresses: (productIds: readonly number[], trx?: Transaction<Database>) => Promise<Map<number, string | null>>;
}
