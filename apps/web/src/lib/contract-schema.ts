import type * as Contract from '@coffee/contract';
import type { AuthUser, ErrorResponse } from '@coffee/contract';
import type { z } from 'zod';

/** The contract's schemas by export name. */
export type ContractSchemaName = {
  [K in keyof typeof Contract]: (typeof Contract)[K] extends z.ZodType ? K : never;
}[keyof typeof Contract];

/**
 * A contract schema named rather than imported, for the calls every first screen makes: their answers are not parsed
 * with zod here, because the same-origin server already serialises every answer through these schemas, and importing
 * them would put zod on the first screen (docs/decisions/029-first-screen-answers-trust-the-server.md). Only the
 * envelope is checked (`isAnswerEnvelope`). `T` is what the schema parses to; it exists only for the type checker.
 */
export type NamedSchema<T> = { readonly contractSchema: ContractSchemaName; readonly answer?: T };

export function contractSchema<K extends ContractSchemaName>(name: K): NamedSchema<z.output<(typeof Contract)[K]>> {
  return { contractSchema: name };
}

export function isNamedSchema(schema: unknown): schema is NamedSchema<unknown> {
  return typeof schema === 'object' && schema !== null && typeof (schema as { contractSchema?: unknown }).contractSchema === 'string';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `{ data }` for an answer, null for a 204 (NoContent): what every successful answer is wrapped in. */
export function isAnswerEnvelope(payload: unknown, schema: NamedSchema<unknown>): boolean {
  if (schema.contractSchema === 'NoContent') return payload === null;
  return isRecord(payload) && 'data' in payload && payload.data !== undefined;
}

/** The shared error shape, checked by hand: every refused call goes through it, first screen included. */
export function isErrorResponse(payload: unknown): payload is ErrorResponse {
  if (!isRecord(payload) || typeof payload.message !== 'string') return false;
  if (payload.field !== undefined && typeof payload.field !== 'string') return false;
  if (payload.errors === undefined) return true;
  return Array.isArray(payload.errors) && payload.errors.every((e) => isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string');
}

/** The login record (the sign-in answer kept in localStorage), checked for the fields the screens read. */
export function isAuthUser(record: unknown): record is AuthUser {
  return (
    isRecord(record) &&
    Number.isInteger(record.id) &&
    typeof record.email === 'string' &&
    (record.role === 'customer' || record.role === 'staff') &&
    typeof record.displayName === 'string' &&
    (record.photoUrl === null || typeof record.photoUrl === 'string')
  );
}
