import { useEffect, useMemo } from 'react';
import { LoyaltyAccountResponse, RewardListResponse, type LoyaltyAccount, type Reward } from '@coffee/contract';
import { PRIVATE_KEY_PREFIX, useLoginRecord } from '../../../lib/login-record';
import { useLoyalty, useRewards } from './loyalty';

/** The last points answer kept on the device, for reading offline; removed with the login record (sign-out). */
interface KeptPoints {
  savedAt: number;
  account: LoyaltyAccount;
  rewards: Reward[];
}

const keyOf = (userId: number) => `${PRIVATE_KEY_PREFIX}points:${userId}`;

function readKept(userId: number): KeptPoints | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<Record<keyof KeptPoints, unknown>> | null;
    // Checked with the answers' own schemas: a copy from an older version of the shop is dropped, not misread.
    const account = LoyaltyAccountResponse.safeParse({ data: raw?.account });
    const rewards = RewardListResponse.safeParse({ data: raw?.rewards });
    if (typeof raw?.savedAt !== 'number' || !account.success || !rewards.success) return null;
    return { savedAt: raw.savedAt, account: account.data.data, rewards: rewards.data.data };
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
