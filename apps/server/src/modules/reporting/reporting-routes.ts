import type { FastifyInstance } from 'fastify';
import {
  adminBookCalls,
  LOAN_EXPORT_MAX_ROWS,
  LOAN_EXPORT_PATH,
  loanBookFilterSchema,
  type LoanBookFilter,
} from '@kaskita/domain/contract/admin-book';
import { holidayTableCoverage, type HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import { assertSameSite } from '../../http/cross-site-guard.ts';
import { registerCall } from '../../http/register-call.ts';
import type { BookFiguresService } from './book-figures-service.ts';
import { loanBookCsv } from './loan-book-csv.ts';
import type { LoanBookService } from './loan-book-service.ts';

/** The dashboard and the loan book (contract/admin-book.ts); register-call.ts checks each staff token first. */
export function reportingRoutes(
  app: FastifyInstance,
  {
    figures,
    book,
    holidays,
    clock,
  }: { figures: BookFiguresService; book: LoanBookService; holidays: HolidayCalendar; clock: Clock },
): void {
  registerCall(app, adminBookCalls.getDashboard, async () => {
    const coverage = holidayTableCoverage(holidays, businessDateAt(clock.now()));
    return {
      figures: await figures.latest(),
      holidays: {
        covered_until: coverage.coveredUntil,
        days_left: coverage.daysLeft,
        renew: coverage.renew,
      },
    };
  });

  registerCall(app, adminBookCalls.computeDashboard, async ({ staff, body }) => ({
    figures: await figures.computeNow(staffActor(staff), body.reason),
  }));

  registerCall(app, adminBookCalls.listLoans, async ({ query }) => book.page(query));

  registerCall(app, adminBookCalls.getLoanDetail, async ({ params }) => book.detail(params.id));

  // A download, not an envelope: the same staff guard, the list's filters, streamed as CSV. Left out of the API
  // document, which describes JSON answers only.
  app.route({
    method: 'GET',
    url: LOAN_EXPORT_PATH,
    schema: { querystring: loanBookFilterSchema, hide: true },
    onRequest: async (request) =>
      assertSameSite(request, { method: 'GET', path: LOAN_EXPORT_PATH, auth: false }),
    preValidation: async (request) => {
      request.staff = await app.authenticateStaff(request, PERMISSIONS.loanRead);
    },
    handler: async (request, reply) => {
      const filter = request.query as LoanBookFilter;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="loans-${book.today()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(loanBookCsv(book.export(filter, LOAN_EXPORT_MAX_ROWS)));
    },
  });
}
