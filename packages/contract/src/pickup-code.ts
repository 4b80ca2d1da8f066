/**
 * The short code a customer shows at the counter for their order (its QR carries `/pickup/<code>`). It is the order
 * number shuffled (so neighbouring orders do not look alike) in Crockford's base 32 (no I, L, O or U), plus one check
 * character, odd weights, so any one mistyped character is refused rather than opening another order. Not a secret: only staff look codes up.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BITS = 20; // four characters: order numbers below 2^20 (about a million)
const SPAN = 2 ** BITS;
const MULTIPLIER = 0x9e3b5; // odd, so multiplying modulo 2^20 is a permutation
const INVERSE = inverseOf(MULTIPLIER);

function inverseOf(a: number): number {
  // Newton's iteration for the inverse of an odd number modulo 2^20 (each step doubles the correct bits).
  let x = a;
  for (let i = 0; i < 5; i += 1) x = Number((BigInt(x) * (2n - BigInt(a) * BigInt(x))) % BigInt(SPAN) + BigInt(SPAN)) % SPAN;
  return x;
}

const checkChar = (body: string): string => {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += (2 * i + 1) * ALPHABET.indexOf(body[i]!);
  return ALPHABET[sum % 32]!;
};

/** The pick-up code of an order ("7KQ2-M"), or null for a number too large for the code. */
export function pickupCodeOf(orderId: number): string | null {
  if (!Number.isInteger(orderId) || orderId < 1 || orderId >= SPAN) return null;
  let n = Number((BigInt(orderId) * BigInt(MULTIPLIER)) % BigInt(SPAN));
  let body = '';
  for (let i = 0; i < 4; i += 1) {
    body = ALPHABET[n % 32]! + body;
    n = Math.floor(n / 32);
  }
  return `${body}-${checkChar(body)}`;
}

/**
 * The order number a typed, pasted or scanned code stands for: the code alone ("7kq2m", "7KQ2-M") or the QR's
 * address (".../pickup/7KQ2-M"); null when it is no code (or a mistyped one).
 */
export function orderIdOfPickupCode(text: string): number | null {
  const fromUrl = /\/pickup\/([^/?#\s]+)/i.exec(text)?.[1];
  const raw = (fromUrl ? decodeURIComponent(fromUrl) : text).toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{5}$/.test(raw)) return null;
  const body = raw.slice(0, 4);
  if (checkChar(body) !== raw[4]) return null;
  let n = 0;
  for (const ch of body) n = n * 32 + ALPHABET.indexOf(ch);
  const id = Number((BigInt(n) * BigInt(INVERSE)) % BigInt(SPAN));
  return id >= 1 ? id : null;
}
