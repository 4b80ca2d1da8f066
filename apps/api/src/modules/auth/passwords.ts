import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { badRequest } from '../../lib/errors.js';
import { isCommonPassword } from './common-passwords.js';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum, which
 * isolatedModules cannot inline: 2 is Algorithm.Argon2id.
 */
const ARGON2: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** The PHC prefix of a hash made with today's parameters; older hashes are upgraded at sign-in. */
const CURRENT_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** NFC so that the same password typed on two keyboards (composed vs decomposed accents) matches. */
const normalise = (password: string) => password.normalize('NFC');

export async function hashPassword(password: string): Promise<string> {
  return hash(normalise(password), ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalise(password));
  } catch {
    // A malformed stored hash must not sign anyone in, nor crash the request.
    return false;
  }
}

export const needsRehash = (passwordHash: string): boolean => !passwordHash.startsWith(CURRENT_PREFIX);

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same argon2 time as a real check when there is no account (or no password) to check,
 * so a failed sign-in takes about as long whether or not the email is known.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-burns-time');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The policy for a new password beyond its length (which the contract checks). */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw badRequest(
      `${field} is one of the most commonly used passwords, which attackers try first; choose a less common one`,
      field,
    );
  }
}
