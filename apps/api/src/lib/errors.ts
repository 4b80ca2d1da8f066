import { englishOf, type Text } from './i18n.js';

/**
 * Errors services throw; the error handler maps them to HTTP. Services never import Fastify,
 * so these carry a status and a message a person can act on, plus the field at fault. The text is answered in the
 * language the request asks for (lib/i18n.ts); `message` keeps it in English, for the log.
 */
export class AppError extends Error {
  readonly text: Text;

  constructor(
    readonly statusCode: number,
    text: Text,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    /** More of the answer beside `message` and `field` (e.g. the new figures of a refused order); the route's error schema lists them. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(englishOf(text));
    this.name = 'AppError';
    this.text = text;
  }
}

export const badRequest = (text: Text, field?: string) => new AppError(400, text, field);
export const unauthorized = (text: Text = /*i18n*/ 'Please sign in to continue') => new AppError(401, text);
export const forbidden = (text: Text = /*i18n*/ 'You are not allowed to do this') => new AppError(403, text);
export const notFound = (text: Text) => new AppError(404, text);
export const conflict = (text: Text, field?: string, details?: Readonly<Record<string, unknown>>) =>
  new AppError(409, text, field, undefined, details);
