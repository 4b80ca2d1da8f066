import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import { CapacityPerSlot, DayHours, DeliveryMethod, type StoreInput } from '@coffee/contract';
import type { Database } from '../../db/schema.js';

/** A store as the rules read it; `timeZone` null means the shop's clock. */
export interface StoreRecord extends StoreInput {
  id: number;
  timeZone: string | null;
  paused: boolean;
  /** ISO-8601 UTC; null while paused means until staff resume. */
  pausedUntil: string | null;
  extraPrepMinutes: number;
}

export interface StoreRush {
  paused: boolean;
  pausedUntil: string | null;
  extraPrepMinutes: number;
}

const StoredHours = z.array(DayHours);
const StoredMethods = z.array(DeliveryMethod);
const StoredDates = z.array(z.string());

/** The JSON columns are written by this repository only, from validated input. */
function parseJson<T>(schema: z.ZodType<T>, text: string): T {
  return schema.parse(JSON.parse(text));
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof selectStores>['executeTakeFirstOrThrow']>>;
const selectStores = (db: Kysely<Database> | Transaction<Database>) => db.selectFrom('stores').selectAll();

const toRecord = (r: StoreRow): StoreRecord => ({
  id: r.id,
  name: r.name,
  address: r.address,
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  phone: r.phone,
  openingHours: parseJson(StoredHours, r.opening_hours),
  deliveryHours: parseJson(StoredHours, r.delivery_hours),
  closedDates: parseJson(StoredDates, r.closed_dates),
  deliveryMethods: parseJson(StoredMethods, r.delivery_methods),
  timeZone: r.time_zone,
  slotMinutes: r.slot_minutes,
  capacityPerSlot: parseJson(CapacityPerSlot, r.capacity_per_slot),
  leadMinutes: r.lead_minutes,
  paused: r.paused === 1,
  pausedUntil: r.paused_until,
  extraPrepMinutes: r.extra_prep_minutes,
});

const toColumns = (input: StoreInput) => ({
  name: input.name,
  address: input.address,
  latitude: input.latitude,
  longitude: input.longitude,
  phone: input.phone,
  opening_hours: JSON.stringify([...input.openingHours].sort((a, b) => a.day - b.day)),
  delivery_hours: JSON.stringify([...input.deliveryHours].sort((a, b) => a.day - b.day)),
  closed_dates: JSON.stringify([...new Set(input.closedDates)].sort()),
  delivery_methods: JSON.stringify(input.deliveryMethods),
  slot_minutes: input.slotMinutes,
  capacity_per_slot: JSON.stringify(input.capacityPerSlot),
  lead_minutes: input.leadMinutes,
  time_zone: input.timeZone ?? null,
});

/** Stores and slot counters SQL; every function takes an optional open transaction last. */
export function createStoreRepository(db: Kysely<Database>) {
  return {
    /** The default store (the first one) first. */
    async listStores(trx?: Transaction<Database>): Promise<StoreRecord[]> {
      const rows = await selectStores(trx ?? db).orderBy('id').execute();
      return rows.map(toRecord);
    },

    async findStore(id: number, trx?: Transaction<Database>): Promise<StoreRecord | undefined> {
      const row = await selectStores(trx ?? db).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findDefaultStore(trx?: Transaction<Database>): Promise<StoreRecord | undefined> {
      const row = await selectStores(trx ?? db).orderBy('id').limit(1).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async insertStore(input: StoreInput, at: string, trx?: Transaction<Database>): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('stores')
        .values({ ...toColumns(input), paused: 0, paused_until: null, extra_prep_minutes: 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateStore(id: number, input: StoreInput, at: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db).updateTable('stores').set({ ...toColumns(input), updated_at: at }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setRush(id: number, rush: StoreRush, at: string, trx?: Transaction<Database>): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('stores')
        .set({ paused: rush.paused ? 1 : 0, paused_until: rush.pausedUntil, extra_prep_minutes: rush.extraPrepMinutes, updated_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Orders taken per slot start (ISO UTC) between two instants, both included. */
    async countTaken(
      storeId: number,
      method: DeliveryMethod,
      fromIso: string,
      toIso: string,
      trx?: Transaction<Database>,
    ): Promise<Map<string, number>> {
      const rows = await (trx ?? db)
        .selectFrom('slot_counters')
        .select(['slot_at', 'taken'])
        .where('store_id', '=', storeId)
        .where('delivery_method', '=', method)
        .where('slot_at', '>=', fromIso)
        .where('slot_at', '<=', toIso)
        .execute();
      return new Map(rows.map((r) => [r.slot_at, r.taken]));
    },

    /**
     * Takes one place of a slot if it has one left. A single statement: the first order of a slot inserts its
     * counter, later ones raise it only while it is below `capacity`. PostgreSQL locks the counter row for the
     * rest of the transaction (concurrent placements wait for it, then see the new count); SQLite runs one
     * writing transaction at a time. Either way two placements can never both take the last place.
     */
    async takePlace(
      storeId: number,
      method: DeliveryMethod,
      slotAt: string,
      capacity: number,
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      const row = await (trx ?? db)
        .insertInto('slot_counters')
        .values({ store_id: storeId, delivery_method: method, slot_at: slotAt, taken: 1 })
        .onConflict((oc) =>
          oc
            .columns(['store_id', 'delivery_method', 'slot_at'])
            .doUpdateSet({ taken: sql<number>`slot_counters.taken + 1` })
            .where('slot_counters.taken', '<', capacity),
        )
        .returning('taken')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives a place back (an order that no longer needs its slot). */
    async releasePlace(storeId: number, method: DeliveryMethod, slotAt: string, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .updateTable('slot_counters')
        .set({ taken: sql<number>`taken - 1` })
        .where('store_id', '=', storeId)
        .where('delivery_method', '=', method)
        .where('slot_at', '=', slotAt)
        .where('taken', '>', 0)
        .execute();
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
