import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createUserService } from '../modules/users/users.service.js';

/**
 * Demo accounts, documented in the README so anyone trying the shop can sign in. Their passwords are public, so they
 * are created only when the owner asks with DEMO_ACCOUNTS=1 (config.ts refuses it on a public production address
 * unless DEMO_SERVER=yes says this is a demo server).
 */
export const DEMO_ACCOUNTS = [
  {
    email: 'customer@coffeeshop.test',
    password: 'Gula-Aren-Latte-7',
    role: 'customer',
    phone: '+62 812 3456 7890',
    displayName: 'Demo Customer',
    // A filled-in profile, so checkout has a delivery address to offer; the customer may edit it.
    profile: {
      firstName: 'Zulaikha',
      lastName: 'Putri',
      deliveryAddress: 'Jl. Braga No. 12, Sumur Bandung, Bandung 40111',
      dateOfBirth: '1996-04-03',
      gender: 'female',
    },
  },
  {
    email: 'staff@coffeeshop.test',
    password: 'Pour-Over-Kettle-9',
    role: 'staff',
    phone: '+62 812 3456 7891',
    displayName: 'Demo Staff',
  },
] as const;

/** Creates the demo accounts that do not exist yet; safe to run at every start. Returns the emails created. */
export async function loadDemoAccounts(
  database: DatabaseHandle,
  config: Pick<Config, 'demoAccounts' | 'uploadsDir'>,
  log?: { info(obj: object, msg: string): void },
): Promise<string[] | null> {
  if (!config.demoAccounts) return null;
  const users = createUserService({
    db: database.db,
    uploadsDir: config.uploadsDir,
    now: () => new Date(),
  });
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findUserByEmail(account.email)) continue;
    const user = await users.createUserAccount(account);
    if (!user) continue;
    if ('profile' in account) await users.updateProfile(user.id, account.profile);
    created.push(account.email);
  }
  if (created.length > 0) log?.info({ accounts: created }, 'demo accounts created (passwords in the README)');
  return created;
}
