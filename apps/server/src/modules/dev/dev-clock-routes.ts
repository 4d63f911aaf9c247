import type { FastifyInstance } from 'fastify';
import { devCalls } from '@kaskita/domain/contract/dev';
import { addDays, businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { AdjustableClock } from '../../clock.ts';
import { registerCall } from '../../http/register-call.ts';
import type { DailyAccrualService } from '../repayments/daily-accrual-service.ts';

/**
 * The dev clock (never in production): demos and browser tests move the business date forward and see bills fall
 * due, go overdue and take late fees, the daily accrual running for each day passed as the nightly job would.
 */
export function devClockRoutes(
  app: FastifyInstance,
  { clock, accrual }: { clock: AdjustableClock; accrual: DailyAccrualService },
): void {
  const view = () => ({ now: clock.now().toISOString(), business_date: businessDateAt(clock.now()) });
  registerCall(app, devCalls.getDevClock, async () => view());
  registerCall(app, devCalls.advanceDevClock, async ({ body }) => {
    const from = businessDateAt(clock.now());
    clock.advance(body.days * 86_400 + (body.seconds ?? 0));
    if (body.at_wib) clock.advance(secondsUntilWib(clock.now(), body.at_wib));
    const to = businessDateAt(clock.now());
    const days = [];
    for (let date = addDays(from, 1); date <= to; date = addDays(date, 1)) {
      const report = await accrual.run(date);
      days.push({ date, loans: report.loans, became_overdue: report.becameOverdue });
    }
    return { ...view(), days };
  });
}

/** Seconds from `now` to the next moment (0 to 24 h ahead) the Jakarta clock (UTC+7) reads `hhmm`. */
export function secondsUntilWib(now: Date, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const jakarta = new Date(now.getTime() + 7 * 3_600_000);
  const target = Date.UTC(jakarta.getUTCFullYear(), jakarta.getUTCMonth(), jakarta.getUTCDate(), h, m);
  const ahead = (target - jakarta.getTime()) / 1000;
  return ahead >= 0 ? ahead : ahead + 86_400;
}
