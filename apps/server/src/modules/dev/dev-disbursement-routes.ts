import type { FastifyInstance } from 'fastify';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import type { SandboxDisbursementProvider } from '../../providers/disbursement/sandbox-disbursement-provider.ts';
import type { SandboxDisbursementRow } from '../../providers/disbursement/sandbox-disbursement-schema.ts';

/**
 * The sandbox bank's disbursements, finished by hand (people on /dev/disbursements, browser tests): the bank then calls
 * back, signed, exactly as when its delay runs out. Never registered in production (app.ts).
 */
export function devDisbursementRoutes(
  app: FastifyInstance,
  { bank }: { bank: SandboxDisbursementProvider },
): void {
  registerCall(app, loanCalls.listDevDisbursements, async () => ({
    list: (await bank.list()).map(devView),
  }));
  registerCall(app, loanCalls.completeDevDisbursement, async ({ params }) =>
    finished(await bank.finish(params.id, { status: 'COMPLETED' })),
  );
  registerCall(app, loanCalls.failDevDisbursement, async ({ params, body }) =>
    finished(await bank.finish(params.id, { status: 'FAILED', failureCode: body.reason })),
  );
}

function finished(row: SandboxDisbursementRow | undefined) {
  if (!row) throw new AppError('NOT_FOUND');
  return devView(row);
}

export function devView(row: SandboxDisbursementRow) {
  return {
    id: row.reference,
    external_id: row.externalId,
    amount: row.amount,
    bank: row.bankCode,
    card_num_masked: `****${row.accountLastDigits}`,
    status: row.status as 'PENDING' | 'COMPLETED' | 'FAILED',
    failure_code: row.failureCode,
    created_at: row.createdAt.toISOString(),
    callback_at: row.callbackAt?.toISOString() ?? null,
  };
}
