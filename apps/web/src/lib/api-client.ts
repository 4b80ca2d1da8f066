import { ErrorResponse } from '@coffee/contract';
import type { z } from 'zod';

/** A failed call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

const API_BASE = '/api/v1';

export type QueryParams = Record<string, string | number | boolean | undefined>;

/** '/products' + { cat: 'coffee', search: undefined } -> '/api/v1/products?cat=coffee' */
export function apiUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

type RequestOptions<T> = {
  params?: QueryParams;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The contract schema of a successful answer; the answer is checked against it. */
  schema: z.ZodType<T>;
};

/**
 * Same-origin JSON call with the session cookie. Successful answers are checked against the contract,
 * so a drifted API shows a clear error instead of a broken screen; failures carry the server's
 * `message` and `field` (shared ErrorResponse shape).
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { params, method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'We could not reach the shop. Check your connection and try again.');
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const parsed = ErrorResponse.safeParse(payload);
    if (parsed.success) throw new ApiError(response.status, parsed.data.message, parsed.data.field);
    throw new ApiError(response.status, `The shop answered with an error (${response.status}). Please try again.`);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The shop sent an answer this page does not understand. Please reload.');
  }
  return parsed.data;
}

export const apiGet = <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T> =>
  apiRequest(path, { ...options, method: 'GET' });

/** User-facing text for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
