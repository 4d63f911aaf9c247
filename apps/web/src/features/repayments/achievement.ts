import { useEffect } from 'react';
import type { RepayRecord } from '@kaskita/domain/contract/repayments';
import { track } from '../../lib/analytics.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';

/**
 * Spec section 4: the achievement event fires when the borrower has more than one repayment record, or when the only
 * record has status 0. Status 0 is the legacy app's code for a payment that went through; here that is 'applied' (a
 * 'review' payment is still being checked by our team, so it unlocks nothing yet).
 */
export function achievementUnlocked(records: readonly Pick<RepayRecord, 'status'>[]): boolean {
  return records.length > 1 || (records.length === 1 && records[0]!.status === 'applied');
}

/**
 * Sends H5_achievement_unlocked once per borrower on this device: the marketing tag counts borrowers who repaid, so
 * opening the history again sends nothing more. The borrower is named by their first payment's id (the list is newest
 * first), which stores nothing about who they are.
 */
export function trackAchievement(records: readonly Pick<RepayRecord, 'status' | 'payment_id'>[]): void {
  if (!achievementUnlocked(records)) return;
  const first = records.at(-1)!.payment_id;
  if (local.get(LOCAL_KEYS.achievementSent) === first) return;
  local.set(LOCAL_KEYS.achievementSent, first);
  track('H5_achievement_unlocked', { payments: records.length });
}

/** Sends the achievement event once the borrower's receipts are known (repayment history, a payment received). */
export function useAchievementEvent(records: readonly RepayRecord[] | undefined): void {
  useEffect(() => {
    if (records) trackAchievement(records);
  }, [records]);
}
