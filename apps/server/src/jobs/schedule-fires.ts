import cronParser from 'cron-parser';

/**
 * How late a fire may still be sent: a deploy or restart that spans a schedule's time does not skip it. Far below the
 * day after which pg-boss archives a done job, since a fire's job id only stops a second send while the job is in the
 * queue table.
 */
export const FIRE_CATCH_UP_SECONDS = 60 * 60;

/**
 * The fire of a cron schedule that a look at `now` sends: the latest one before `now`, unless it is more than
 * `FIRE_CATCH_UP_SECONDS` old. Every look between two fires answers the same instant whatever the process or its clock,
 * so the job keyed by it (`fireKey`) is sent once however many processes look how often.
 */
export function latestFire(cron: string, timeZone: string, now: Date): Date | null {
  const fire = cronParser.parseExpression(cron, { tz: timeZone, currentDate: now }).prev().toDate();
  return now.getTime() - fire.getTime() <= FIRE_CATCH_UP_SECONDS * 1000 ? fire : null;
}

/** The idempotency key of a schedule's fire (the job's id is derived from it and its type). */
export function fireKey(fire: Date): string {
  return `fire ${fire.toISOString()}`;
}
