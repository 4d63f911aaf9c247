import { addDays, businessDateAt } from '@kaskita/domain/pricing/business-date';
/** Time is injected (architecture rule 6): tests advance a fake clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward: tests' clocks, and the dev clock outside production (POST /api/dev/clock). */
export interface AdjustableClock extends Clock {
  advance(seconds: number): void;
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/** Another clock moved forward by an offset kept in memory (one process; a restart is back to real time). */
export class OffsetClock implements AdjustableClock {
  private offsetMs = 0;
  constructor(private readonly base: Clock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** Jakarta's wall clock at `instant` (UTC+7, no daylight saving) as `YYYY-MM-DDTHH:mm:ss`, without a zone. */
export function jakartaLocalIso(instant: Date): string {
  return new Date(instant.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
}

/** Jakarta's wall clock at `instant` to the minute, `YYYY-MM-DD HH:mm`: the time an SMS quotes (with "WIB"). */
export function jakartaMinute(instant: Date): string {
  return jakartaLocalIso(instant).slice(0, 16).replace('T', ' ');
}

/** Midnight in Asia/Jakarta (UTC+7, no daylight saving) `days` after today's: daily limits reset then. */
export function startOfJakartaDay(now: Date, days = 0): Date {
  return new Date(`${addDays(businessDateAt(now), days)}T00:00:00+07:00`);
}

/** Whole seconds until the next Jakarta midnight: the `retry_after` of a daily limit. */
export function secondsUntilJakartaMidnight(now: Date): number {
  return Math.ceil((startOfJakartaDay(now, 1).getTime() - now.getTime()) / 1000);
}
