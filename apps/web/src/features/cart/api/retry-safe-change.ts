import { ApiError } from '../../../lib/api-client';

/**
 * Sends a cart change with an Idempotency-Key made for this change alone (one click, one sign-in merge). When the
 * connection fails before an answer arrives, the change may or may not have been made, so it is sent once more
 * with the same key: the server answers a key it has seen without changing the cart again, so nothing is added twice.
 */
export async function sendRetrySafe<T>(send: (headers: Record<string, string>) => Promise<T>, key: string = newIdempotencyKey()): Promise<T> {
  const headers = { 'Idempotency-Key': key };
  try {
    return await send(headers);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return send(headers);
    throw error;
  }
}

/** A random (version 4) UUID. crypto.randomUUID exists on HTTPS and localhost only; the shop also runs on a plain-HTTP local network. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
