import type * as Contract from '@coffee/contract';
import type { z } from 'zod';
import type { AnswerCheckReply, AnswerCheckRequest, ContractSchemaName } from './answer-check-protocol';

/**
 * A contract schema named rather than imported: answers are checked against it on a worker thread
 * (answer-check.worker.ts), where zod and the contract's schemas are built. The calls every first screen makes (shop
 * settings, the menu, a product, the cart) name theirs, so the main thread never builds a schema while the page
 * starts and a tap in that moment is answered at once (docs/decisions/029-answers-checked-off-the-main-thread.md).
 * `T` is what the schema parses to; it exists only for the type checker.
 */
export type NamedSchema<T> = { readonly contractSchema: ContractSchemaName; readonly answer?: T };

export function contractSchema<K extends ContractSchemaName>(name: K): NamedSchema<z.output<(typeof Contract)[K]>> {
  return { contractSchema: name };
}

export function isNamedSchema(schema: unknown): schema is NamedSchema<unknown> {
  return typeof schema === 'object' && schema !== null && typeof (schema as { contractSchema?: unknown }).contractSchema === 'string';
}

export type Verdict<T> = { ok: true; data: T } | { ok: false };

type Waiting = { request: AnswerCheckRequest; settle: (verdict: Verdict<unknown>) => void };

/** The checker: undefined until first needed, null where workers are unavailable or it could not start. */
let checker: Worker | null | undefined;
const waiting = new Map<number, Waiting>();
let lastId = 0;

/** On this thread: where there is no worker (tests, a checker that failed to load), the schemas are imported here. */
async function checkHere<T>(name: ContractSchemaName, payload: unknown): Promise<Verdict<T>> {
  const contract = await import('@coffee/contract');
  const parsed = (contract[name] as z.ZodType).safeParse(payload);
  return parsed.success ? { ok: true, data: parsed.data as T } : { ok: false };
}

/** The checker's file failed to load or it broke: what it was asked is checked here, and so is everything after. */
function giveUpOnChecker(): void {
  checker?.terminate();
  checker = null;
  const pending = [...waiting.values()];
  waiting.clear();
  for (const { request, settle } of pending) {
    checkHere(request.schema, request.payload).then(settle, () => settle({ ok: false }));
  }
}

/**
 * Starts the checker (once) so it loads while a call is on its way; a call that names its schema does this before
 * it fetches. Null where there is none.
 */
export function startAnswerChecker(): Worker | null {
  if (checker !== undefined) return checker;
  if (typeof Worker === 'undefined') return (checker = null);
  try {
    checker = new Worker(new URL('./answer-check.worker.ts', import.meta.url), { type: 'module', name: 'answer-check' });
  } catch {
    return (checker = null);
  }
  checker.onmessage = ({ data }: MessageEvent<AnswerCheckReply>) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    entry.settle(data.ok ? { ok: true, data: data.data } : { ok: false });
  };
  checker.onerror = (event) => {
    event.preventDefault();
    giveUpOnChecker();
  };
  checker.onmessageerror = giveUpOnChecker;
  return checker;
}

/** Checks `payload` against the named contract schema: the parsed value, or `ok: false` when it does not match. */
export function checkAnswer<T>(schema: NamedSchema<T>, payload: unknown): Promise<Verdict<T>> {
  const worker = startAnswerChecker();
  if (!worker) return checkHere<T>(schema.contractSchema, payload);
  return new Promise((resolve) => {
    const request: AnswerCheckRequest = { id: (lastId += 1), schema: schema.contractSchema, payload };
    waiting.set(request.id, { request, settle: resolve as (verdict: Verdict<unknown>) => void });
    try {
      worker.postMessage(request);
    } catch {
      // A payload the browser cannot copy to the worker (never JSON's): checked here instead.
      waiting.delete(request.id);
      checkHere<T>(schema.contractSchema, payload).then(resolve, () => resolve({ ok: false }));
    }
  });
}
