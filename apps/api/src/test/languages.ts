import type { ErrorResponse } from '@coffee/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The header of a phone set to Bahasa Indonesia at its shortest. */
export const INDONESIAN = { 'accept-language': 'id' } as const;

/** `headers` with an Accept-Language of `language`, or unchanged without one. */
export const inLanguage = (headers: Record<string, string>, language?: string): Record<string, string> =>
  language ? { ...headers, 'accept-language': language } : headers;

export interface BothAnswers {
  /** The answer to the request without Accept-Language. */
  english: LightMyRequestResponse;
  /** The answer to the same request with Accept-Language `language` (Indonesian unless told). */
  indonesian: LightMyRequestResponse;
}

/**
 * The same request twice, first without a language, then in `language`. A function builds it afresh for each
 * (a new idempotency key or address): one object is sent twice as it is.
 */
export async function askInBothLanguages(
  app: FastifyInstance,
  request: InjectOptions | (() => InjectOptions),
  language = 'id',
): Promise<BothAnswers> {
  const build = typeof request === 'function' ? request : () => request;
  const withHeaders = (asked?: string): InjectOptions => {
    const options = build();
    return { ...options, headers: inLanguage({ ...(options.headers as Record<string, string> | undefined) }, asked) };
  };
  const english = await app.inject(withHeaders());
  const indonesian = await app.inject(withHeaders(language));
  return { english, indonesian };
}

/** A refusal's expected body: the whole `{ message, field }`, or a message alone (other fields not looked at). */
type Refusal = ErrorResponse | string;

const expectRefusal = (res: LightMyRequestResponse, status: number, expected: Refusal) => {
  expect(res.statusCode, res.body).toBe(status);
  if (typeof expected === 'string') expect(res.json<ErrorResponse>().message).toBe(expected);
  else expect(res.json<ErrorResponse>()).toEqual(expected);
};

/** Asks in both languages and expects the refusal `status` with these words in English and in Indonesian. */
export async function expectRefusedInBothLanguages(
  app: FastifyInstance,
  request: InjectOptions | (() => InjectOptions),
  status: number,
  expected: { english: Refusal; indonesian: Refusal; language?: string },
): Promise<void> {
  const { english, indonesian } = await askInBothLanguages(app, request, expected.language);
  expectRefusal(english, status, expected.english);
  expectRefusal(indonesian, status, expected.indonesian);
}
