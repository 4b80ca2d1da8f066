import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { LoyaltyAccount, Reward } from '@coffee/contract';
import { PRIVATE_KEY_PREFIX, useLoginRecord } from '../../../lib/login-record';
import { useLoyalty, useRewards } from './loyalty';

/** The last points answer kept on the device, for reading offline; removed with the login record (sign-out). */
const KeptPoints = z.object({ savedAt: z.number(), account: LoyaltyAccount, rewards: z.array(Reward) });
type KeptPoints = z.infer<typeof KeptPoints>;

const keyOf = (userId: number) => `${PRIVATE_KEY_PREFIX}points:${userId}`;

function readKept(userId: number): KeptPoints | null {
  try {
    const parsed = KeptPoints.safeParse(JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // blocked storage or a damaged copy: nothing to show offline
  }
}

function keep(userId: number, kept: KeptPoints): void {
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(kept));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/**
 * The signed-in customer's points and the rewards on offer: fresh from the shop when it answers, else the copy this
 * device kept of the last answer, with when it came and whether the refresh failed.
 */
export function usePointsWithKept() {
  const userId = useLoginRecord()?.id ?? null;
  const kept = useMemo(() => (userId === null ? null : readKept(userId)), [userId]);
  const account = useLoyalty({ enabled: userId !== null });
  const rewards = useRewards({ enabled: userId !== null });
  const { data: freshAccount, dataUpdatedAt: accountAt } = account;
  const { data: freshRewards, dataUpdatedAt: rewardsAt } = rewards;

  useEffect(() => {
    if (userId !== null && freshAccount && freshRewards) keep(userId, { account: freshAccount, rewards: freshRewards, savedAt: Math.min(accountAt, rewardsAt) });
  }, [userId, freshAccount, freshRewards, accountAt, rewardsAt]);

  return {
    account: freshAccount ?? kept?.account ?? null,
    rewards: freshRewards ?? kept?.rewards ?? [],
    updatedAt: freshAccount ? accountAt : (kept?.savedAt ?? null),
    failed: account.isError || rewards.isError,
  };
}
