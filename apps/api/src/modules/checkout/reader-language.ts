import type { FastifyRequest } from 'fastify';
import { englishOf, type Text, type Translator, type Value } from '../../lib/i18n.js';
import { localeOf } from '../../plugins/error-handler.js';

/**
 * Words a text for the person reading an answer. Services that put texts in their answers (a store's notice, a
 * cart's problems) take one from the route; callers with no reader (loaders, other modules) get English.
 */
export type Say = (text: Text) => string;

export const inEnglish: Say = englishOf;

/** The translator app.ts decorates the server with; read untyped, as bench/ compiles this file without app.ts's declaration. */
const translatorOf = (request: FastifyRequest): Translator => (request.server as unknown as { translator: Translator }).translator;

/** The request's language (Accept-Language), as the error handler chooses it. */
export const sayFor =
  (request: FastifyRequest): Say =>
  (text) =>
    translatorOf(request).translate(text, localeOf(request));

/**
 * Texts said one after another as one text, their values kept: a pairing no catalogue holds (each would be a text
 * of its own), so a combination of two or more reads in English whatever the language; one text alone is unchanged.
 */
export function joinTexts(parts: readonly Text[], separator: string, tail = ''): Text {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only !== undefined && tail === '') return only;
  const described = parts.map((part) => (typeof part === 'string' ? { id: part } : part));
  const values: Record<string, Value> = {};
  for (const part of described) Object.assign(values, part.values);
  return { id: described.map((part) => part.id).join(separator) + tail, values };
}
