import type { LoyaltySettings, LoyaltyTier } from '@coffee/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The orders module's door: what a customer paid for orders paid since then, other than one order (0: none). */
export type PaidSpendSince = (userId: number, sinceIso: string, exceptOrderId: number, trx?: Transaction<Database>) => Promise<number>;

/** The start of the tiers' window: the same moment twelve months back. */
export function twelveMonthsBefore(now: Date): string {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 12);
  return since.toISOString();
}

/**
 * Where a spend puts a customer (decision 032): Gold at or above the owner's 12-month spend, Member below; null when
 * the owner has tiers off, so everyone earns at the base rate.
 */
export function tierOf(settings: LoyaltySettings, spentIdr: number): LoyaltyTier | null {
  if (!settings.tiersEnabled) return null;
  const gold = spentIdr >= settings.tierSpendIdr;
  return {
    name: gold ? 'Gold' : 'Member',
    idrPerPoint: gold ? settings.tierIdrPerPoint : settings.idrPerPoint,
    spentIdr,
    goldSpendIdr: settings.tierSpendIdr,
    goldIdrPerPoint: settings.tierIdrPerPoint,
    toNextIdr: gold ? null : settings.tierSpendIdr - spentIdr,
  };
}
