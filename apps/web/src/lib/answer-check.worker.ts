/**
 * The answer checker's own thread (lib/answer-check.ts): zod and the contract's schemas are built here, so building
 * them (some 100 ms on a mid-range phone) never holds the page's main thread while the first screen starts.
 */
import * as contract from '@coffee/contract';
import { isAnswerCheck, type AnswerCheckReply, type AnswerCheckRequest } from './answer-check-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnswerCheckRequest>) => void) | null;
  postMessage(message: AnswerCheckReply): void;
};

scope.onmessage = ({ data }) => {
  if (!isAnswerCheck(data)) return;
  const schema = (contract as Record<string, unknown>)[data.schema];
  if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') {
    scope.postMessage({ id: data.id, ok: false });
    return;
  }
  const parsed = (schema as { safeParse(value: unknown): { success: boolean; data?: unknown } }).safeParse(data.payload);
  scope.postMessage(parsed.success ? { id: data.id, ok: true, data: parsed.data } : { id: data.id, ok: false });
};
