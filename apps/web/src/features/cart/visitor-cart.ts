import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { DeliveryMethod, ShopLocalDateTime, SizeCode } from '@coffee/contract';
import type { AddCartLineInputBody } from '@coffee/contract';

/**
 * A visitor's cart lives in this browser until sign-in, when it is merged into the account's cart
 * (POST /cart/merge) and cleared. It holds ids, sizes and quantities only: the server prices every
 * line, so nothing here is money.
 */
export const VISITOR_CART_KEY = '@cart';

// The merge endpoint takes at most 100 lines (contract MergeCartInput); one product in three sizes is three lines.
const MAX_LINES = 100;
// The steppers' ceiling. The shop's own per-line maximum is applied at sign-in, with a note when it cuts.
export const MAX_VISITOR_QUANTITY = 99;

const VisitorCartLine = z.object({
  productId: z.number().int().positive(),
  size: SizeCode.nullable(),
  quantity: z.number().int().min(1).max(MAX_VISITOR_QUANTITY),
});
export type VisitorCartLine = z.infer<typeof VisitorCartLine>;

const VisitorCart = z.object({
  lines: z.array(VisitorCartLine).max(MAX_LINES),
  /** How and when, as chosen on the product page; null until the visitor picks (the account's choice is kept then). */
  delivery: z.object({ deliveryMethod: DeliveryMethod, scheduledFor: ShopLocalDateTime.nullable() }).nullable(),
});
export type VisitorCart = z.infer<typeof VisitorCart>;

export const EMPTY_VISITOR_CART: VisitorCart = { lines: [], delivery: null };

/** The same product and size add up (capped); a new product and size is a new line, up to the line limit. */
export function addVisitorLines(cart: VisitorCart, additions: ReadonlyArray<AddCartLineInputBody>): VisitorCart {
  const lines = cart.lines.map((line) => ({ ...line }));
  for (const addition of additions) {
    if (addition.quantity <= 0) continue;
    const size = addition.size ?? null;
    const existing = lines.find((line) => line.productId === addition.productId && line.size === size);
    if (existing) existing.quantity = Math.min(MAX_VISITOR_QUANTITY, existing.quantity + addition.quantity);
    else if (lines.length < MAX_LINES) {
      lines.push({ productId: addition.productId, size, quantity: Math.min(MAX_VISITOR_QUANTITY, addition.quantity) });
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
      const result = VisitorCart.safeParse(JSON.parse(raw));
      if (result.success) parsed = result.data;
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
