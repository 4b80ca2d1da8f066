import { Email, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Role } from '@coffee/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { createFirstOwnerRepository } from './first-owner.repository.js';
import { assertAcceptablePassword, hashPassword } from './passwords.js';
import { createUserRepository } from './users.repository.js';

/**
 * The role the setup link gives the first account: the back office's role today. One constant, so that when roles
 * gain an owner the first account becomes the owner here and nowhere else.
 */
export const FIRST_OWNER_ROLE: Role = 'staff';

/** How long a printed setup link opens the page: a day, enough to finish setting up after a start. */
export const SETUP_LINK_HOURS = 24;

export const ALREADY_SET_UP = /*i18n*/ 'This shop is already set up: sign in with the staff account, or ask its owner.';
export const LINK_NOT_VALID =
  /*i18n*/ 'This setup link is not valid any more: it was used or has expired. Restart the shop to print a new one while it has no staff account.';

/**
 * The first staff account of a fresh shop, made by its owner through a one-time link the shop prints at start while
 * it has no staff account: no account with a known password ever exists. Every process (and every start) prints a
 * link of its own; each works until it expires, and the first one used ends them all.
 */
export function createFirstOwnerSetup(deps: { db: Kysely<Database>; now: () => Date }) {
  const links = createFirstOwnerRepository(deps.db);
  const users = createUserRepository(deps.db);

  /** The link's state: usable, or the page's message why not. */
  async function check(token: string): Promise<{ ok: true } | { ok: false; message: Text }> {
    if (await links.hasStaff()) return { ok: false, message: ALREADY_SET_UP };
    if (!(await links.isUsable(hashToken(token), deps.now().toISOString()))) return { ok: false, message: LINK_NOT_VALID };
    return { ok: true };
  }

  return {
    /** A new link's token while the shop has no staff account; null once it has one. */
    async issueLink(): Promise<string | null> {
      if (await links.hasStaff()) return null;
      const token = newToken();
      const now = deps.now();
      await links.insertLink(hashToken(token), now.toISOString(), new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000).toISOString());
      return token;
    },

    check,

    /** Creates the first staff account with the link: 404 once used, expired or the shop has staff; 400 for a weak password. */
    async complete(token: string, input: { email?: unknown; password?: unknown }): Promise<{ email: string }> {
      const state = await check(token);
      if (!state.ok) throw notFound(state.message);
      const email = Email.safeParse(input.email);
      if (!email.success) throw badRequest(/*i18n*/ 'Enter the email address you will sign in with, such as owner@example.com.', 'email');
      const password = typeof input.password === 'string' ? input.password : '';
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
        throw badRequest(/*i18n*/ { id: 'Choose a password of {min} to {max} characters.', values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } }, 'password');
      }
      assertAcceptablePassword(password, email.data);
      const passwordHash = await hashPassword(password);
      const at = deps.now().toISOString();
      return deps.db.transaction().execute(async (trx) => {
        // Claimed first: of two submissions at once, the second finds no open link and makes no second account.
        if (!(await links.claimAll(hashToken(token), at, trx)) || (await links.hasStaff(trx))) throw notFound(LINK_NOT_VALID);
        const user = await users.insertUser({ email: email.data, passwordHash, role: FIRST_OWNER_ROLE, phone: '', displayName: '', createdAt: at }, trx);
        if (!user) throw badRequest(/*i18n*/ 'That email already has a customer account: choose another address for the back office.', 'email');
        return { email: user.email };
      });
    },
  };
}

export type FirstOwnerSetup = ReturnType<typeof createFirstOwnerSetup>;
