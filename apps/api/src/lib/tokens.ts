import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and password-reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of a token. A plain SHA-256 is enough (no salt, no argon2):
 * the input is 256 random bits, so there is nothing to guess, and the lookup stays an index seek.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
