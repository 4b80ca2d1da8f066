/**
 * Money is integer rupiah everywhere inside the system (docs/decisions/003-money.md).
 * The API exposes product prices in thousands of rupiah (`price: 34` is shown 'IDR 34.000'),
 * so the two conversions live here, next to the one formatter both apps use.
 */
export const RUPIAH_PER_PRICE_UNIT = 1000;

export const priceUnitsToRupiah = (price: number): number => Math.round(price * RUPIAH_PER_PRICE_UNIT);
export const rupiahToPriceUnits = (rupiah: number): number => rupiah / RUPIAH_PER_PRICE_UNIT;

/** 34000 -> 'IDR 34.000'; 1250500 -> 'IDR 1.250.500' (Indonesian thousands separator). */
export function formatIdr(rupiah: number): string {
  const sign = rupiah < 0 ? '-' : '';
  const digits = Math.abs(Math.round(rupiah)).toString();
  return `IDR ${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}
