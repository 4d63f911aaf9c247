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
    clock.advance(body.days * 86_400);
    const to = businessDateAt(clock.now());
    const days = [];
    for (let date = addDays(from, 1); date <= to; date = addDays(date, 1)) {
      const report = await accrual.run(date);
      days.push({ date, loans: report.loans, became_overdue: report.becameOverdue });
    }
    return { ...view(), days };
  });
}
