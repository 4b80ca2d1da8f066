import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { isAnswerEnvelope, isErrorResponse, isNamedSchema, type NamedSchema } from './contract-schema';
import { currentLanguage } from './i18n';
import { readLoginRecord, removeLoginRecord } from './login-record';

/** A failed call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly field: string | undefined;
  /** Every field at fault when the server listed several (validation errors), else empty. */
  readonly fieldErrors: ReadonlyArray<{ field: string; message: string }>;

  constructor(status: number, message: string, field?: string, fieldErrors: ReadonlyArray<{ field: string; message: string }> = []) {
    super(message);
    this.status = status;
    this.field = field;
    this.fieldErrors = fieldErrors;
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

/**
 * The contract schema of a successful answer, imported (screens loaded on demand: parsed with zod) or named
 * (`contractSchema('X')`, the calls every first screen makes: only the envelope is checked, lib/contract-schema.ts).
 */
export type AnswerSchema<T> = z.ZodType<T> | NamedSchema<T>;

type RequestOptions<T> = {
  params?: QueryParams;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The answer is checked against it: imported for screens loaded on demand, named for the first screen's calls. */
  schema: AnswerSchema<T>;
  /**
   * 'sign-out' (default): a 401 means the session has ended, so the login record is dropped and the
   * app goes to /login (see onSessionEnded). 'ignore' for calls whose 401 is an ordinary answer, such as
   * a wrong password at sign-in.
   */
  on401?: 'sign-out' | 'ignore';
  /** Extra request headers, e.g. the Idempotency-Key of an order placement. */
  headers?: Record<string, string>;
};

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called when a signed-in user's call is answered 401 (the session expired, was revoked by a password
 * change elsewhere, or the server forgot it): the app layer navigates to /login. Returns an unsubscribe.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

function endStaleSession(): void {
  // Only a signed-in user's session can end; a visitor's 401 (e.g. a guarded action) is left to the caller.
  if (readLoginRecord() === null) return;
  removeLoginRecord('session-ended');
  for (const listener of sessionEndedListeners) listener();
}

/**
 * Same-origin JSON call with the session cookie. Successful answers are checked against the contract,
 * so a drifted API shows a clear error instead of a broken screen; failures carry the server's
 * `message` and `field` (shared ErrorResponse shape).
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { params, method = 'GET', body, signal, schema, on401 = 'sign-out' } = options;
  // The screens' language, not the browser's preference: the API's messages read in the language around them, and a
  // sign-up stores it as the customer's (decision 037).
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'Accept-Language': currentLanguage() };
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
    throw new ApiError(0, t`We could not reach the shop. Check your connection and try again.`);
  }

  // 204 (sign-out, delete) has no body: it reads as null.
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);

  if (!response.ok) {
    if (response.status === 401 && on401 === 'sign-out') endStaleSession();
    throw errorFromAnswer(response.status, payload);
  }

  if (isNamedSchema(schema)) {
    if (isAnswerEnvelope(payload, schema)) return payload as T;
  } else {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
  }
  throw new ApiError(response.status, t`The shop sent an answer this page does not understand. Please reload.`);
}

/** The ApiError of a refused call, with the server's `message` and `field` when the answer has the shared error shape. */
function errorFromAnswer(status: number, payload: unknown): ApiError {
  if (!isErrorResponse(payload)) return new ApiError(status, t`The shop answered with an error (${status}). Please try again.`);
  return new ApiError(status, payload.message, payload.field, payload.errors ?? []);
}

export const apiGet = <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T> =>
  apiRequest(path, { ...options, method: 'GET' });

/** User-facing text for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return t`Something went wrong. Please try again.`;
}
