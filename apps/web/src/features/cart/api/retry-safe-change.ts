import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from './place-order';

/**
 * Sends a cart change with an Idempotency-Key made for this change alone (one click, one sign-in merge). When the
 * connection fails before an answer arrives, the change may or may not have been made, so it is sent once more
 * with the same key: the server answers a key it has seen without changing the cart again, so nothing is added twice.
 */
export async function sendRetrySafe<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() };
  try {
    return await send(headers);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return send(headers);
    throw error;
  }
}
