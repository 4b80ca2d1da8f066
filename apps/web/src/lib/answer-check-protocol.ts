import type * as Contract from '@coffee/contract';
import type { z } from 'zod';

/** The contract's schemas by export name: what an answer can be checked against off the main thread. */
export type ContractSchemaName = {
  [K in keyof typeof Contract]: (typeof Contract)[K] extends z.ZodType ? K : never;
}[keyof typeof Contract];

/** One answer to check (main thread -> checker). */
export type AnswerCheckRequest = { id: number; schema: ContractSchemaName; payload: unknown };

/** Its verdict (checker -> main thread): the parsed value when it matched. */
export type AnswerCheckReply = { id: number; ok: true; data: unknown } | { id: number; ok: false };

export function isAnswerCheck(value: unknown): value is AnswerCheckRequest {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { schema?: unknown }).schema === 'string';
}
