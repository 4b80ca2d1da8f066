/**
 * Errors services throw; the error handler maps them to HTTP. Services never import Fastify,
 * so these carry a status and a message a person can act on, plus the field at fault.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    /** More of the answer beside `message` and `field` (e.g. the new figures of a refused order); the route's error schema lists them. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, field?: string, details?: Readonly<Record<string, unknown>>) =>
  new AppError(409, message, field, undefined, details);
