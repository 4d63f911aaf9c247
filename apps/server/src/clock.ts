/** Time is injected (architecture rule 6): tests advance a fake clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
