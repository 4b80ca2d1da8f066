// Apart from scheduled-time.ts: the product page reads the cart's time at start, and the shop's clock that turns a
// time into a day (lib/shop-time.ts) loads only with the first add.

/** '2025-01-06T14:00' -> '14:00'; null (as soon as possible) -> ''. */
export const timeOf = (scheduledFor: string | null): string => scheduledFor?.slice(11, 16) ?? '';

/** '2025-01-06T14:00' -> '2025-01-06'; null -> ''. */
export const dayOf = (scheduledFor: string | null): string => scheduledFor?.slice(0, 10) ?? '';
