import type { Kysely, Transaction } from 'kysely';
import {
  DELIVERY_METHODS,
  type DeliveryMethod,
  type Slot,
  type SlotsQuery,
  type Store,
  type StoreInput,
  type StoreRushInput,
  type StoreSlots,
} from '@coffee/contract';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';
import { parseShopLocal, shopLocalToInstant, toShopLocal } from '../../lib/shop-time.js';
import { inEnglish, resolveRequestedTime, type ReceivingHours, type Say } from '../checkout/checkout.service.js';
import type { StoreStock } from './store-stock.js';
import {
  earliestReady,
  isPaused,
  methodKey,
  noneLeftToday,
  notOffered,
  noticeOf,
  receivingHoursOf,
  slotContaining,
  slotTimes,
  toSlot,
  type SlotTime,
} from './slots.js';
import { createStoreRepository, type StoreRecord, type StoreRepository } from './stores.repository.js';

// The public file of the stores module: what other modules (cart, orders) may use.
export { notOffered } from './slots.js';
export type { StoreRecord } from './stores.repository.js';

export interface StoreSettings {
  /** The shop's clock (SHOP_TIMEZONE), for stores without a zone of their own. */
  shopTimeZone: string;
  /** How far ahead a customer may schedule (ORDER_MAX_DAYS_AHEAD). */
  maxDaysAhead: number;
}

export interface StoreServiceDeps {
  /** The module builds its own repository over it: only this module touches stores and slot_counters. */
  db: Kysely<Database>;
  /** Tests of this module: a repository of their own. */
  storeRepository?: StoreRepository | undefined;
  settings: StoreSettings;
  now: () => Date;
}

/** What placing an order took: its store, its slot, and when the customer gets it. */
export interface SlotReservation {
  storeId: number;
  /** The slot's start, ISO-8601 UTC. */
  slotAt: string;
  /** 'YYYY-MM-DDTHH:mm' on the store's clock: the slot's start for "as soon as possible", else the chosen time. */
  scheduledFor: string;
  scheduledAt: string;
  isAsap: boolean;
}

/** How a store judges a requested time: what the cart needs to say whether the chosen time would pass. */
export interface StoreTimeRules {
  storeId: number;
  name: string;
  deliveryMethods: DeliveryMethod[];
  timeZone: string;
  hours: ReceivingHours;
}

export interface SlotRequest {
  /** Absent: the default store (clients that know no stores). */
  storeId?: number | undefined;
  method: DeliveryMethod;
  /** 'YYYY-MM-DDTHH:mm' on the store's clock, or null: as soon as possible. */
  requested: string | null;
}

const sayNotice = (notice: Text | null, say: Say): string | null => (notice === null ? null : say(notice));

const parseStoreId = (raw: string): number | null => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export function createStoreService(deps: StoreServiceDeps) {
  const { settings, now } = deps;
  const stores = deps.storeRepository ?? createStoreRepository(deps.db);
  const zoneOf = (store: StoreRecord) => store.timeZone ?? settings.shopTimeZone;

  async function findStore(rawId: string, trx?: Transaction<Database>): Promise<StoreRecord> {
    const id = parseStoreId(rawId);
    const store = id === null ? undefined : await stores.findStore(id, trx);
    if (!store) throw notFound(/*i18n*/ 'We could not find that store. Please choose one from the list of stores.');
    return store;
  }

  /** The slots of a date from `from` on, with their counts. */
  async function slotsOf(store: StoreRecord, method: DeliveryMethod, date: string, at: Date, trx?: Transaction<Database>): Promise<{ time: SlotTime; slot: Slot }[]> {
    const times = slotTimes(store, method, date, zoneOf(store));
    const first = times[0];
    const last = times[times.length - 1];
    if (!first || !last) return [];
    const taken = await stores.countTaken(store.id, method, first.at, last.at, trx);
    return times.map((time) => ({ time, slot: toSlot(store, method, time, taken.get(time.at) ?? 0, at) }));
  }

  /** The first slot of the date with room that an order placed now can still make, after `after` (ISO) when given. */
  async function nextFreeSlot(store: StoreRecord, method: DeliveryMethod, date: string, at: Date, after?: string, trx?: Transaction<Database>): Promise<Slot | null> {
    const all = await slotsOf(store, method, date, at, trx);
    return all.find(({ time, slot }) => slot.orderable && (after === undefined || time.at > after))?.slot ?? null;
  }

  /** "As soon as possible" needs the store open for the method right now, like the shop's former windows. */
  const openNowFor = (store: StoreRecord, method: DeliveryMethod, at: Date) =>
    receivingHoursOf(store).isInside(method, toShopLocal(at, zoneOf(store)));

  async function toStore(store: StoreRecord, isDefault: boolean, at: Date, say: Say = inEnglish): Promise<Store> {
    const zone = zoneOf(store);
    const local = toShopLocal(at, zone);
    const date = local.text.slice(0, 10);
    const opening = store.closedDates.includes(date) ? undefined : store.openingHours.find((h) => h.day === local.isoWeekday);
    const method = DELIVERY_METHODS.find((m) => m === 'pick-up' && store.deliveryMethods.includes(m)) ?? store.deliveryMethods[0] ?? 'pick-up';
    const next = openNowFor(store, method, at) ? await nextFreeSlot(store, method, date, at) : null;
    return {
      id: store.id,
      name: store.name,
      address: store.address,
      latitude: store.latitude,
      longitude: store.longitude,
      phone: store.phone,
      deliveryMethods: store.deliveryMethods,
      openingHours: store.openingHours,
      deliveryHours: store.deliveryHours,
      closedDates: store.closedDates,
      slotMinutes: store.slotMinutes,
      capacityPerSlot: store.capacityPerSlot,
      leadMinutes: store.leadMinutes,
      timeZone: zone,
      isDefault,
      paused: isPaused(store, at),
      pausedUntil: isPaused(store, at) && store.pausedUntil ? toShopLocal(new Date(store.pausedUntil), zone).text : null,
      extraPrepMinutes: store.extraPrepMinutes,
      today: {
        date,
        hours: opening ? { from: opening.from, to: opening.to } : null,
        openNow: opening !== undefined && local.text.slice(11) >= opening.from && local.text.slice(11) <= opening.to,
      },
      notice: sayNotice(noticeOf(store, method, at, zone, next), say),
    };
  }

  async function answerStore(id: number, say?: Say): Promise<Store> {
    const [store, first] = await Promise.all([stores.findStore(id), stores.findDefaultStore()]);
    if (!store) throw notFound(/*i18n*/ 'We could not find that store. Please choose one from the list of stores.');
    return toStore(store, store.id === first?.id, now(), say);
  }

  return {
    /** `say` words each store's notice in the reader's language (English unless given). */
    async listStores(say?: Say): Promise<Store[]> {
      const at = now();
      const all = await stores.listStores();
      return Promise.all(all.map((s, i) => toStore(s, i === 0, at, say)));
    },

    getStore: async (rawId: string, say?: Say): Promise<Store> => answerStore((await findStore(rawId)).id, say),

    async getSlots(rawId: string, query: SlotsQuery, say: Say = inEnglish): Promise<StoreSlots> {
      const store = await findStore(rawId);
      const at = now();
      const zone = zoneOf(store);
      const today = toShopLocal(at, zone).text.slice(0, 10);
      const date = query.date ?? today;
      const nowLocal = toShopLocal(at, zone).text;
      // Slots already begun are left out: a customer can only choose from now on.
      const all = date < today ? [] : (await slotsOf(store, query.method, date, at)).filter(({ time }) => time.local >= nowLocal.slice(0, 16) || date > today);
      const asap = date === today && openNowFor(store, query.method, at) ? (all.find(({ slot }) => slot.orderable)?.slot ?? null) : null;
      return {
        storeId: store.id,
        method: query.method,
        date,
        asap,
        notice: sayNotice(noticeOf(store, query.method, at, zone, asap), say),
        slots: all.map(({ slot }) => slot),
      };
    },

    async createStore(input: StoreInput): Promise<Store> {
      const id = await stores.insertStore(input, now().toISOString());
      return answerStore(id);
    },

    async replaceStore(rawId: string, input: StoreInput): Promise<Store> {
      const store = await findStore(rawId);
      await stores.updateStore(store.id, input, now().toISOString());
      return answerStore(store.id);
    },

    /** The stores as stored, the default (first) one first; for loaders and tests. */
    storeRecords: (): Promise<StoreRecord[]> => stores.listStores(),

    /** For loaders (the demo stores): these changes to stored stores and these new stores, in one transaction. */
    async writeStores(changes: readonly { id: number; input: StoreInput }[], added: readonly StoreInput[]): Promise<void> {
      const at = now().toISOString();
      await deps.db.transaction().execute(async (trx) => {
        for (const { id, input } of changes) await stores.updateStore(id, input, at, trx);
        for (const input of added) await stores.insertStore(input, at, trx);
      });
    },

    ...storeFactsForOthers(stores, zoneOf),

    /** Rush control: takes effect for the next slot list and the next placement, in every process (it is a row). */
    async setRush(rawId: string, input: StoreRushInput): Promise<Store> {
      const store = await findStore(rawId);
      const at = now();
      let pausedUntil: string | null = null;
      if (input.paused && input.pausedUntil !== null) {
        const local = parseShopLocal(input.pausedUntil);
        if (!local) throw badRequest(/*i18n*/ 'That date and time does not exist. Please choose another time.', 'pausedUntil');
        const until = shopLocalToInstant(local, zoneOf(store));
        if (until.getTime() <= at.getTime()) {
          throw badRequest(/*i18n*/ { id: '{time} has already passed. Please choose a later time to resume.', values: { time: { shopTime: local.text } } }, 'pausedUntil');
        }
        pausedUntil = until.toISOString();
      }
      await stores.setRush(store.id, { paused: input.paused, pausedUntil, extraPrepMinutes: input.extraPrepMinutes }, at.toISOString());
      return answerStore(store.id);
    },
    ...createSlotReservations({ stores, now, maxDaysAhead: settings.maxDaysAhead, zoneOf, slotsOf, nextFreeSlot }),
  };
}

export type StoreService = ReturnType<typeof createStoreService>;

/** What other modules read of the stores: orders their names and addresses, the cart their hours and clock. */
function storeFactsForOthers(stores: StoreRepository, zoneOf: (store: StoreRecord) => string) {
  return {
    /** The name and address of each of these stores (a removed one is left out), for orders and their mails. */
    async placesOf(storeIds: readonly (number | null)[]): Promise<Map<number, { name: string; address: string }>> {
      const wanted = new Set(storeIds.filter((id) => id !== null));
      if (wanted.size === 0) return new Map();
      // A shop has a handful of stores: one read of them all serves any number of orders.
      const all = await stores.listStores();
      return new Map(all.filter((s) => wanted.has(s.id)).map((s) => [s.id, { name: s.name, address: s.address }]));
    },

    /** A store's hours, methods and clock, or undefined when there is no such store. */
    async timeRulesOf(storeId: number, trx?: Transaction<Database>): Promise<StoreTimeRules | undefined> {
      const store = await stores.findStore(storeId, trx);
      return (
        store && { storeId: store.id, name: store.name, deliveryMethods: store.deliveryMethods, timeZone: zoneOf(store), hours: receivingHoursOf(store) }
      );
    },
  };
}

/** What taking and giving back a slot's places needs of the store service. */
interface SlotContext {
  stores: StoreRepository;
  now: () => Date;
  maxDaysAhead: number;
  zoneOf: (store: StoreRecord) => string;
  slotsOf: (store: StoreRecord, method: DeliveryMethod, date: string, at: Date, trx?: Transaction<Database>) => Promise<{ time: SlotTime; slot: Slot }[]>;
  nextFreeSlot: (store: StoreRecord, method: DeliveryMethod, date: string, at: Date, after?: string, trx?: Transaction<Database>) => Promise<Slot | null>;
}

/** An order's place in its slot: taken in the order's transaction, given back when it is cancelled. */
function createSlotReservations({ stores, now, maxDaysAhead, zoneOf, slotsOf, nextFreeSlot }: SlotContext) {
  return {
    /**
     * Takes a place in the slot an order asks for, inside the order's transaction: the store's hours, closures and
     * methods, its pause and lead time, and the slot's capacity. "As soon as possible" is the first slot with room
     * from now plus lead time (plus the rush's extra minutes). A refusal proposes the next slot with room.
     */
    async reserveSlot(request: SlotRequest, trx: Transaction<Database>): Promise<SlotReservation> {
      const at = now();
      const store = request.storeId === undefined ? await stores.findDefaultStore(trx) : await stores.findStore(request.storeId, trx);
      if (!store) throw badRequest(/*i18n*/ 'We could not find that store. Please choose one from the list of stores.', 'storeId');
      const { method } = request;
      const way = methodKey(method);
      if (!store.deliveryMethods.includes(method)) throw badRequest(notOffered(store.name, method), 'deliveryMethod');
      const zone = zoneOf(store);
      if (isPaused(store, at)) throw conflict(noticeOf(store, method, at, zone, null) ?? '', 'storeId', { nextSlot: null });

      const time = resolveRequestedTime(method, request.requested, at, {
        timeZone: zone,
        maxDaysAhead,
        hours: receivingHoursOf(store),
      });
      if (!time.ok) throw badRequest(time.message, time.field);
      const capacity = store.capacityPerSlot[method];
      const date = time.scheduledFor.slice(0, 10);

      if (time.isAsap) {
        // Slots that look full are skipped; one filled by a concurrent order in between is skipped by takePlace.
        for (const { time: slot } of (await slotsOf(store, method, date, at, trx)).filter(({ slot: s }) => s.orderable)) {
          if (await stores.takePlace(store.id, method, slot.at, capacity, trx)) {
            return { storeId: store.id, slotAt: slot.at, scheduledFor: slot.local, scheduledAt: slot.at, isAsap: true };
          }
        }
        throw conflict(noneLeftToday(way, store.name), 'scheduledFor', { nextSlot: null });
      }

      const local = parseShopLocal(time.scheduledFor);
      const slot = local ? slotContaining(store, method, local, zone) : null;
      // resolveRequestedTime judged the time inside the store's hours, so it always falls in a slot.
      if (!local || !slot) throw new AppError(500, /*i18n*/ { id: 'no slot holds {time} at store {store}', values: { time: time.scheduledFor, store: store.id } });
      if (Date.parse(time.scheduledAt) < earliestReady(store, at).getTime()) {
        const next = await nextFreeSlot(store, method, date, at, undefined, trx);
        throw conflict(
          next
            ? /*i18n*/ {
                id: 'The earliest {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} at {store} is {time}. Please choose that time or later.',
                values: { way, store: store.name, time: next.time },
              }
            : noneLeftToday(way, store.name),
          'scheduledFor',
          { nextSlot: next },
        );
      }
      if (!(await stores.takePlace(store.id, method, slot.at, capacity, trx))) {
        const next = await nextFreeSlot(store, method, date, at, slot.at, trx);
        throw conflict(
          next
            ? /*i18n*/ {
                id: 'The {slot} {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} slot at {store} is full. The next free one is {time}: please choose it or another time.',
                values: { slot: slot.local.slice(11), way, store: store.name, time: next.time },
              }
            : /*i18n*/ {
                id: 'The {slot} {way, select, pickup {pickup} delivery {delivery} other {Dine in table}} slot at {store} is full and no later one is free that day. Please choose another day.',
                values: { slot: slot.local.slice(11), way, store: store.name },
              },
          'scheduledFor',
          { nextSlot: next },
        );
      }
      return { storeId: store.id, slotAt: slot.at, scheduledFor: time.scheduledFor, scheduledAt: time.scheduledAt, isAsap: false };
    },

    /** Gives an order's place back, e.g. when it is cancelled, so another customer can take the slot. */
    async releaseSlot(order: { storeId: number | null; deliveryMethod: DeliveryMethod; slotAt: string | null }, trx?: Transaction<Database>): Promise<void> {
      if (order.storeId === null || order.slotAt === null) return;
      await stores.releasePlace(order.storeId, order.deliveryMethod, order.slotAt, trx);
    },
  };
}

export type { StoreStock };

/** What the stores module hands other modules: the store service and what each store has sold out. */
export type StoresDoor = StoreService & { stock: StoreStock };
