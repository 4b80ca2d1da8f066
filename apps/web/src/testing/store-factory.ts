import type { Slot, Store, StoreSlots } from '@coffee/contract';

let nextId = 1;

/** A store as GET /stores answers it: open every day 09:00-18:00, open now, no rush. */
export function createStore(overrides: Partial<Store> = {}): Store {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Kopi Store ${id}`,
    address: `Jl. Kopi No. ${id}, Jakarta`,
    latitude: -6.2,
    longitude: 106.82,
    phone: '+62 21 555 0100',
    deliveryMethods: ['dine-in', 'door-delivery', 'pick-up'],
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '18:00' })),
    deliveryHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: '13:00', to: '19:00' })),
    closedDates: [],
    slotMinutes: 15,
    capacityPerSlot: { 'dine-in': 5, 'door-delivery': 5, 'pick-up': 5 },
    leadMinutes: 10,
    timeZone: 'Asia/Jakarta',
    isDefault: id === 1,
    paused: false,
    pausedUntil: null,
    extraPrepMinutes: 0,
    today: { date: '2026-11-23', hours: { from: '09:00', to: '18:00' }, openNow: true },
    notice: null,
    ...overrides,
  };
}

export function createSlot(time: string, overrides: Partial<Slot> = {}): Slot {
  return { startsAt: `2026-11-23T${time}`, time, capacity: 5, taken: 0, orderable: true, ...overrides };
}

export function createStoreSlots(overrides: Partial<StoreSlots> = {}): StoreSlots {
  const slots = overrides.slots ?? [createSlot('09:15'), createSlot('09:30'), createSlot('09:45')];
  return { storeId: 1, method: 'pick-up', date: '2026-11-23', asap: slots.find((s) => s.orderable) ?? null, notice: null, slots, ...overrides };
}
