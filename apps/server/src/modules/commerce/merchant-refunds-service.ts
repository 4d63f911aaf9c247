import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { netOfCredit, outstandingOf, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import { refundablePrincipal, refundPurchase } from '@kaskita/domain/lifecycle/merchant-refund';
import { formatRupiah, rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { pgErrorCode, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { JobType } from '../../jobs/job-type.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { loanSummary, type LoanBookService } from '../loans/loan-book-service.ts';
import type { RefundsService } from '../refunds/refunds-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { Merchant } from './commerce-merchants.ts';
import type { CommerceRepository } from './commerce-repository.ts';
import type { CommerceOrderRow } from './commerce-schema.ts';
import type { WebhookJob } from './merchant-webhook.ts';

/** POST /api/v1/commerce/merchant/orders/refund: a paid order's goods returned, in whole or in part. */
export const merchantRefundBodySchema = z.object({
  merchant_order_id: z.string().trim().min(1).max(64),
  refund_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe("The merchant's id of this refund: the same id and body answer the same, another body 4424."),
  amount: z
    .number()
    .int()
    .positive()
    .describe('Whole rupiah, at most what is still refundable of the order (4426 above it).'),
  reason: z.string().trim().min(1).max(200),
});
export type MerchantRefundBody = z.infer<typeof merchantRefundBodySchema>;

/** What a refund answers (and answers again to a replay). */
export const merchantRefundAnswerSchema = z.object({
  refund_id: z.string(),
  order_id: z.string(),
  merchant_order_id: z.string(),
  amount: z.number().int().describe('This refund.'),
  refunded_amount: z.number().int().describe('Everything refunded of the order so far.'),
  refundable_amount: z.number().int().describe('What may still be refunded.'),
  status: z.enum(['partly_refunded', 'refunded']),
  refunded_at: z.string(),
});
export type MerchantRefundAnswer = z.infer<typeof merchantRefundAnswerSchema>;

export interface MerchantRefundsDependencies {
  db: Db;
  commands: CommandExecutor;
  repo: CommerceRepository;
  book: LoanBookService;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'signedIn' | 'setLoanStatus'>;
  refunds: Pick<RefundsService, 'creditAddedToClosedLoan' | 'hasRefund'>;
  outbox: OutboxService;
  jobs: JobRunner;
  webhook: JobType<WebhookJob>;
  merchants: ReadonlyMap<string, Merchant>;
}

const refundInput = z.object({
  merchantAppId: z.string().min(1),
  merchantOrderId: z.string().min(1),
  refundId: z.string().min(1),
  amount: z.number().int().positive(),
  reason: z.string().min(1),
  requestSha256: z.string().length(64),
});
type RefundInput = z.infer<typeof refundInput>;

/**
 * A merchant refunds a paid pay-later order (issue 26): the `commerce.refund` command, run as the merchant (a
 * provider actor, `merchant:<app id>`). Under the order's lock and then the loan's (the lock every money command on a
 * loan takes, so a payment callback or a second refund waits its turn), the engine takes the amount off the loan's
 * principal with the charges per day of use (lifecycle/merchant-refund.ts); the loan, its bills and ledger lines, the
 * refund row, the order's refunded amount, the borrower's SMS, the merchant's webhook and, when the loan ends holding
 * credit, its refund payout's job all commit together with the audit row.
 */
export class MerchantRefundsService {
  constructor(private readonly deps: MerchantRefundsDependencies) {}

  async refund(merchant: Merchant, body: MerchantRefundBody, rawBody: Buffer): Promise<MerchantRefundAnswer> {
    const requestSha256 = createHash('sha256').update(rawBody).digest('hex');
    const replay = await this.replayed(merchant, body.refund_id, requestSha256);
    if (replay) return replay;
    const input: RefundInput = {
      merchantAppId: merchant.app_id,
      merchantOrderId: body.merchant_order_id,
      refundId: body.refund_id,
      amount: body.amount,
      reason: body.reason,
      requestSha256,
    };
    try {
      const answer = await this.deps.commands.run(this.refundCommand, input, {
        kind: 'provider',
        provider: `merchant:${merchant.app_id}`,
      });
      this.deps.jobs.wake(this.deps.webhook);
      this.deps.outbox.wake();
      return answer;
    } catch (error) {
      // The same refund id sent twice at once: the twin committed first; answer as a replay would.
      if (pgErrorCode(error) === '23505') {
        const twin = await this.replayed(merchant, body.refund_id, requestSha256);
        if (twin) return twin;
      }
      throw error;
    }
  }

  /** The stored answer to the same refund id and body; another body under that id is refused (4424). */
  private async replayed(
    merchant: Merchant,
    refundId: string,
    requestSha256: string,
  ): Promise<MerchantRefundAnswer | null> {
    const row = await this.deps.repo.refundOf(this.deps.db, merchant.app_id, refundId);
    if (!row) return null;
    if (row.requestSha256 !== requestSha256) throw new AppError('MERCHANT_REFUND_CONFLICT');
    return merchantRefundAnswerSchema.parse(row.answer);
  }

  readonly refundCommand = defineCommand({
    name: 'commerce.refund',
    input: refundInput,
    actors: ['provider'],
    handle: async (tx, p, { now, commandId }) => {
      const order = await this.deps.repo.byMerchantOrder(tx, p.merchantAppId, p.merchantOrderId, true);
      if (!order) throw new AppError('NOT_FOUND');
      // Under the order's lock: a refund with this id committed meanwhile is the replay's answer (or a conflict).
      const twin = await this.deps.repo.refundOf(tx, p.merchantAppId, p.refundId);
      if (twin) {
        if (twin.requestSha256 !== p.requestSha256) throw new AppError('MERCHANT_REFUND_CONFLICT');
        return {
          result: merchantRefundAnswerSchema.parse(twin.answer),
          outcome: 'replayed',
          subject: { type: 'loan', id: twin.loanId },
        };
      }
      if (!isPaid(order) || !order.loanId) throw new AppError('MERCHANT_ORDER_NOT_REFUNDABLE');
      // The loan's lock, as payments, accruals and the servicing commands take it: they and this run one at a time.
      const booked = await this.deps.book.lock(tx, order.loanId);
      const account = booked?.account;
      if (!booked || !account) throw new AppError('MERCHANT_ORDER_NOT_REFUNDABLE');
      if (!refundableState(account)) throw new AppError('MERCHANT_ORDER_NOT_REFUNDABLE');
      const refundable = refundablePrincipal(account);
      if (p.amount > refundable)
        throw new AppError('MERCHANT_REFUND_TOO_LARGE', { refundable_amount: refundable });
      // A closed loan's credit is paid back once (one refund a loan): credit added after its refund would be stuck.
      if (account.state === 'paid-off' && (await this.deps.refunds.hasRefund(tx, booked.row.id)))
        throw new AppError('MERCHANT_ORDER_NOT_REFUNDABLE');
      const after = refundPurchase(account, rupiah(p.amount), businessDateAt(now));
      const { row } = booked;
      await this.deps.ledger.append(tx, row.id, `command:${commandId}`, after.journal, now, commandId);
      await this.deps.book.save(tx, row, after, now);
      await this.deps.users.setLoanStatus(tx, row.userId, {
        billStatus: billStatusOf(after.state),
        loanFailStatus: 0,
      });
      const id = randomUUID();
      if (after.state === 'paid-off' && after.credit > 0)
        await this.deps.refunds.creditAddedToClosedLoan(tx, row.id, `commerce-refund:${id}`);
      const refunded = rupiah(Number(order.refundedAmount) + p.amount);
      const status = refunded >= Number(order.amount) ? 'refunded' : 'partly_refunded';
      const answer: MerchantRefundAnswer = {
        refund_id: p.refundId,
        order_id: order.id,
        merchant_order_id: order.merchantOrderId,
        amount: p.amount,
        refunded_amount: refunded,
        refundable_amount: refundablePrincipal(after),
        status,
        refunded_at: now.toISOString(),
      };
      await this.deps.repo.insertRefund(tx, {
        id,
        merchantAppId: p.merchantAppId,
        refundId: p.refundId,
        orderId: order.id,
        loanId: row.id,
        amount: rupiah(p.amount),
        reason: p.reason,
        requestSha256: p.requestSha256,
        commandId,
        answer,
        createdAt: now,
      });
      await this.deps.repo.update(tx, order.id, order.status, {
        status,
        refundedAmount: refunded,
        updatedAt: now,
      });
      await this.tellBorrower(tx, row.userId, row.locale as Locale, id, {
        merchant: this.deps.merchants.get(order.merchantAppId)?.name ?? order.merchantAppId,
        amount: rupiah(p.amount),
        after,
      });
      await this.deps.jobs.send(
        this.deps.webhook,
        { orderId: order.id, event: 'order.refunded', refundId: id },
        { tx, key: `order.refunded:${id}` },
      );
      return {
        result: answer,
        outcome: status,
        subject: { type: 'loan', id: row.id },
        before: { order: order.status, refunded: Number(order.refundedAmount), ...loanSummary(account) },
        after: { order: status, refunded, refund: id, ...loanSummary(after) },
      };
    },
  });

  /** The SMS in the borrower's language: what the merchant refunded, and what they owe now (or get back). */
  private async tellBorrower(
    tx: Tx,
    userId: string,
    locale: Locale,
    refundId: string,
    what: { merchant: string; amount: Rupiah; after: Loan },
  ) {
    const user = await this.deps.users.signedIn(userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: purchaseRefundedMessage(locale, what),
      idempotencyKey: `commerce-refund:${refundId}`,
      deliver: true,
    });
  }
}

function isPaid(order: CommerceOrderRow): boolean {
  return order.status === 'paid' || order.status === 'partly_refunded';
}

function refundableState(loan: Loan): boolean {
  return loan.state === 'active' || loan.state === 'overdue' || loan.state === 'paid-off';
}

/** The borrower's SMS after a merchant refund. */
export function purchaseRefundedMessage(
  locale: Locale,
  { merchant, amount, after }: { merchant: string; amount: Rupiah; after: Loan },
): string {
  const refunded = formatRupiah(amount);
  const owed = formatRupiah(netOfCredit(outstandingOf(after), after.credit));
  const back = formatRupiah(after.credit);
  if (locale === 'en-US') {
    const now =
      after.state === 'paid-off'
        ? `Your pay-later loan is settled: nothing is owed${after.credit > 0 ? `, and ${back} will be paid back to your bank account` : ''}.`
        : `You now owe ${owed} in all; check the app for your bills.`;
    return `KasKita: ${merchant} refunded ${refunded} of your purchase. ${now}`;
  }
  const now =
    after.state === 'paid-off'
      ? `Pinjaman bayar nanti Anda lunas: tidak ada yang harus dibayar${after.credit > 0 ? `, dan ${back} akan dikembalikan ke rekening bank Anda` : ''}.`
      : `Total yang harus Anda bayar sekarang ${owed}; cek tagihan Anda di aplikasi.`;
  return `KasKita: ${merchant} mengembalikan dana ${refunded} dari pembelian Anda. ${now}`;
}
