import { useSyncExternalStore } from 'react';
import { BARISTA_NOTE_MAX_LENGTH, DELIVERY_METHODS, SHOP_LOCAL_DATE_TIME, SIZE_CODES } from '@coffee/contract';
import type { AddCartLineInputBody, DeliveryMethod, SizeCode } from '@coffee/contract';

/**
 * A visitor's cart lives in this browser until sign-in, when it is merged into the account's cart
 * (POST /cart/merge) and cleared. It holds ids, sizes and quantities only: the server prices every
 * line, so nothing here is money.
 */
export const VISITOR_CART_KEY = '@cart';

/** An Idempotency-Key as newIdempotencyKey writes it (a version 4 UUID). */
const MERGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// The merge endpoint takes at most 100 lines (contract MergeCartInput); one product in three sizes is three lines.
const MAX_LINES = 100;
const MAX_OPTION_IDS = 50;
// The steppers' ceiling. The shop's own per-line maximum is applied at sign-in, with a note when it cuts.
export const MAX_VISITOR_QUANTITY = 99;

export interface VisitorCartLine {
  productId: number;
  size: SizeCode | null;
  quantity: number;
  // Absent in carts stored before drinks had options: the server then fills every default.
  optionIds?: number[];
  baristaNote?: string;
}

export interface VisitorCart {
  lines: VisitorCartLine[];
  /** How and when, as chosen on the product page; null until the visitor picks (the account's choice is kept then). */
  delivery: { deliveryMethod: DeliveryMethod; scheduledFor: string | null } | null;
  /**
   * The Idempotency-Key of the merge into the account sent with this cart and not yet answered (merge-visitor-cart.ts):
   * a page reloaded meanwhile sends the cart again with it, and the server merges it once.
   */
  mergeKey?: string;
}

// Checked by hand rather than with a zod schema: every page reads this cart at start (the header's count), and zod
// with the contract's schemas would then load on every first screen.
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWholeNumber = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

function toVisitorCartLine(value: unknown): VisitorCartLine | null {
  if (!isObject(value)) return null;
  const { productId, size, quantity, optionIds, baristaNote } = value;
  if (!isWholeNumber(productId, 1) || !isWholeNumber(quantity, 1, MAX_VISITOR_QUANTITY)) return null;
  if (size !== null && !isOneOf(SIZE_CODES, size)) return null;
  const line: VisitorCartLine = { productId, size, quantity };
  if (optionIds !== undefined) {
    if (!Array.isArray(optionIds) || optionIds.length > MAX_OPTION_IDS) return null;
    if (!optionIds.every((id: unknown): id is number => isWholeNumber(id, 1))) return null;
    line.optionIds = [...optionIds];
  }
  if (baristaNote !== undefined) {
    if (typeof baristaNote !== 'string' || baristaNote.length > BARISTA_NOTE_MAX_LENGTH) return null;
    line.baristaNote = baristaNote;
  }
  return line;
}

/** The stored cart, or null when any part of it is not a cart this version wrote (an older shape, a hand edit). */
function toVisitorCart(value: unknown): VisitorCart | null {
  if (!isObject(value) || !Array.isArray(value.lines) || value.lines.length > MAX_LINES) return null;
  const lines: VisitorCartLine[] = [];
  for (const item of value.lines) {
    const line = toVisitorCartLine(item);
    if (!line) return null;
    lines.push(line);
  }
  const { delivery, mergeKey } = value;
  if (mergeKey !== undefined && !(typeof mergeKey === 'string' && MERGE_KEY.test(mergeKey))) return null;
  const keyed = mergeKey === undefined ? {} : { mergeKey };
  if (delivery === null) return { lines, delivery: null, ...keyed };
  if (!isObject(delivery) || !isOneOf(DELIVERY_METHODS, delivery.deliveryMethod)) return null;
  const { scheduledFor } = delivery;
  if (scheduledFor !== null && !(typeof scheduledFor === 'string' && SHOP_LOCAL_DATE_TIME.test(scheduledFor))) return null;
  return { lines, delivery: { deliveryMethod: delivery.deliveryMethod, scheduledFor }, ...keyed };
}

export const EMPTY_VISITOR_CART: VisitorCart = { lines: [], delivery: null };

/** Which line an addition joins: the same product, size, options and note. */
const sameLine = (line: VisitorCartLine, other: Omit<VisitorCartLine, 'quantity'>) =>
  line.productId === other.productId &&
  line.size === other.size &&
  [...(line.optionIds ?? [])].sort().join(',') === [...(other.optionIds ?? [])].sort().join(',') &&
  (line.baristaNote ?? '') === (other.baristaNote ?? '');

/** The same product, size, options and note add up (capped); anything else is a new line, up to the line limit. */
export function addVisitorLines(cart: VisitorCart, additions: ReadonlyArray<AddCartLineInputBody>): VisitorCart {
  const lines = cart.lines.map((line) => ({ ...line }));
  for (const addition of additions) {
    if (addition.quantity <= 0) continue;
    const identity = {
      // The API takes the id as text too ("3", as the product list gives it); the browser cart keeps numbers.
      productId: Number(addition.productId),
      size: addition.size ?? null,
      ...(addition.optionIds ? { optionIds: [...addition.optionIds] } : {}),
      ...(addition.baristaNote ? { baristaNote: addition.baristaNote } : {}),
    };
    const existing = lines.find((line) => sameLine(line, identity));
    if (existing) existing.quantity = Math.min(MAX_VISITOR_QUANTITY, existing.quantity + addition.quantity);
    else if (lines.length < MAX_LINES) {
      lines.push({ ...identity, quantity: Math.min(MAX_VISITOR_QUANTITY, addition.quantity) });
    }
  }
  return { ...cart, lines };
}

export const visitorItemCount = (cart: VisitorCart): number => cart.lines.reduce((n, line) => n + line.quantity, 0);

// The 'storage' event reaches other tabs only; this one tells the current tab.
const CHANGE_EVENT = 'coffee:visitor-cart-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedCart: VisitorCart = EMPTY_VISITOR_CART;

/** The stored cart; anything unreadable (an older shape, a hand edit) reads as empty. */
export function readVisitorCart(): VisitorCart {
  const raw = storage()?.getItem(VISITOR_CART_KEY) ?? null;
  // Same text, same object: useSyncExternalStore needs a stable snapshot.
  if (raw === cachedRaw) return cachedCart;
  cachedRaw = raw;
  let parsed: VisitorCart = EMPTY_VISITOR_CART;
  if (raw !== null) {
    try {
      parsed = toVisitorCart(JSON.parse(raw)) ?? EMPTY_VISITOR_CART;
    } catch {
      // Not JSON: empty.
    }
  }
  cachedCart = parsed;
  return parsed;
}

function writeVisitorCart(cart: VisitorCart): void {
  const store = storage();
  if (!store) return;
  if (cart.lines.length === 0 && cart.delivery === null) store.removeItem(VISITOR_CART_KEY);
  else store.setItem(VISITOR_CART_KEY, JSON.stringify(cart));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function updateVisitorCart(change: (cart: VisitorCart) => VisitorCart): VisitorCart {
  const next = change(readVisitorCart());
  writeVisitorCart(next);
  return next;
}

export function clearVisitorCart(): void {
  writeVisitorCart(EMPTY_VISITOR_CART);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === VISITOR_CART_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Re-renders when the browser cart changes, in this tab or another. */
export function useVisitorCart(): VisitorCart {
  return useSyncExternalStore(subscribe, readVisitorCart, () => EMPTY_VISITOR_CART);
}
