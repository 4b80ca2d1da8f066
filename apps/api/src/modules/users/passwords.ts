import { createRequire } from 'node:module';
import { hash, verify, type Options } from '@node-rs/argon2';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEn from '@zxcvbn-ts/language-en';
import { badRequest } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum, which
 * isolatedModules cannot inline: 2 is Algorithm.Argon2id.
 */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
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

/**
 * Strength is estimated with zxcvbn (its common-password, English word, name and keyboard-pattern
 * dictionaries), not a list of banned words: it also catches "Coffee2024"-style word + year passwords
 * that no list holds. Score 3 of 4 means about 10^8 guesses or more: out of reach of an online attack
 * against our rate-limited, argon2-hashed sign-in, while ordinary three-word passphrases pass easily.
 */
const MIN_SCORE = 3;
/**
 * Only the first 64 characters are estimated, with few leet substitutions tried: unbounded, the estimate of
 * a 128-character string of symbols took over two seconds of CPU. A longer password is at least as strong as
 * its first 64 characters.
 */
const ESTIMATE_OPTIONS = { maxLength: 64, l33tMaxSubstitutions: 4 } as const;
/** Shown in the advice; also refused, since a password printed in an error message is public. */
const EXAMPLE_PASSPHRASE = 'gecko window tambourine saturday';
const SHOP_NAME = /coffee[\s._-]*shop/i;

let estimator: ZxcvbnCore.ZxcvbnFactory | undefined;
/**
 * Built on first use: unpacking the dictionaries takes time no other request should pay, and memory a process that
 * only serves the menu should not hold. Loaded then, with `require` (the
 * packages ship CommonJS too), so the policy stays synchronous: an `import` at the top unpacked them at start.
 */
function strengthEstimator(): ZxcvbnCore.ZxcvbnFactory {
  if (estimator) return estimator;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const zxcvbnCommon = require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
  const zxcvbnEn = require('@zxcvbn-ts/language-en') as typeof ZxcvbnEn;
  estimator = new Factory({
    ...ESTIMATE_OPTIONS,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return estimator;
}

/** The part of an email before the @, and before any "+tag", each worth checking when it is 3 characters or more. */
function emailWords(email: string): string[] {
  const local = (email.split('@')[0] ?? '').toLowerCase();
  const words = new Set([local, local.split('+')[0] ?? '']);
  return [...words].filter((word) => word.length >= 3);
}

/**
 * zxcvbn's English warnings (@zxcvbn-ts/language-en), written out so extraction puts them in the catalogue: a
 * warning is its own id, translated like the shop's sentences (a test keeps the list whole).
 */
export const ZXCVBN_WARNINGS: readonly string[] = [
  /*i18n*/ 'Straight rows of keys on your keyboard are easy to guess.',
  /*i18n*/ 'Short keyboard patterns are easy to guess.',
  /*i18n*/ 'Repeated characters like "aaa" are easy to guess.',
  /*i18n*/ 'Repeated character patterns like "abcabcabc" are easy to guess.',
  /*i18n*/ 'Common character sequences like "abc" are easy to guess.',
  /*i18n*/ 'Recent years are easy to guess.',
  /*i18n*/ 'Dates are easy to guess.',
  /*i18n*/ 'This is a heavily used password.',
  /*i18n*/ 'This is a frequently used password.',
  /*i18n*/ 'This is a commonly used password.',
  /*i18n*/ 'This is similar to a commonly used password.',
  /*i18n*/ 'Single words are easy to guess.',
  /*i18n*/ 'Single names or surnames are easy to guess.',
  /*i18n*/ 'Common names and surnames are easy to guess.',
  /*i18n*/ 'There should not be any personal or page related data.',
  /*i18n*/ 'Your password was exposed by a data breach on the Internet.',
];

/** Why `password` is refused for the account with `email`, as advice the person can follow; undefined when it is fine. */
export function passwordProblem(password: string, email: string): Text | undefined {
  const typed = normalise(password);
  if (typed.trim() === '') return /*i18n*/ 'Choose a password with letters, digits or symbols in it, not only spaces.';
  const lower = typed.toLowerCase();
  if (emailWords(email).some((word) => lower.includes(word))) {
    return /*i18n*/ 'Choose a password that does not contain your email address or the name before its @: anyone who knows your email would try it first.';
  }
  if (SHOP_NAME.test(typed)) {
    return /*i18n*/ "Choose a password without the shop's name in it: it is among the first things anyone would try.";
  }
  if (lower.trim() === EXAMPLE_PASSPHRASE) return /*i18n*/ 'That is the example from our advice, so others know it too: choose words of your own.';
  const result = strengthEstimator().check(typed, [...emailWords(email), email, 'coffee', 'shop', EXAMPLE_PASSPHRASE]);
  if (result.score >= MIN_SCORE) return undefined;
  const personal = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  // zxcvbn's warnings are plain sentences ("This is similar to a commonly used password."), except the one for
  // user inputs, which is put in the shop's words.
  const warning = result.feedback.warning;
  const reason = personal ? /*i18n*/ 'It is built on words linked to you or to this shop.' : (warning ?? /*i18n*/ 'It would be easy to guess.');
  return /*i18n*/ {
    id: '{reason} Choose a longer password with words only you would think of, e.g. three or four unrelated words such as "{example}" (but not that one).',
    values: { reason: { id: reason }, example: EXAMPLE_PASSPHRASE },
  };
}

/**
 * The policy for every new password (sign-up, change, reset, the user:create command), beyond its length, which
 * the contract checks. `field` only places the message under the right input; the message never names it.
 */
export function assertAcceptablePassword(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(problem, field);
}
