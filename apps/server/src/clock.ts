import { addDays, businessDateAt } from '@kaskita/domain/pricing/business-date';
/** Time is injected (architecture rule 6): tests advance a fake clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Midnight in Asia/Jakarta (UTC+7, no daylight saving) `days` after today's: daily limits reset then. */
export function startOfJakartaDay(now: Date, days = 0): Date {
  return new Date(`${addDays(businessDateAt(now), days)}T00:00:00+07:00`);
}

/** Whole seconds until the next Jakarta midnight: the `retry_after` of a daily limit. */
export function secondsUntilJakartaMidnight(now: Date): number {
  return Math.ceil((startOfJakartaDay(now, 1).getTime() - now.getTime()) / 1000);
}
