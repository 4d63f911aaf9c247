import { randomInt, randomUUID } from 'node:crypto';
import type { CallBody } from '@kaskita/domain/contract/define-call';
import {
  PAYMENT_CLAIM_PROOF_FIELD,
  type FiledPaymentClaim,
  type paymentClaimCalls,
  type PaymentClaimsView,
  type PaymentClaimView,
} from '@kaskita/domain/contract/payment-claims';
import { addWorkingDays, type HolidayCalendar } from '@kaskita/domain/collection/holidays';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { channelName, type PaymentChannelId } from '@kaskita/domain/payments/channels';
import {
  paidAtProblem,
  PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
  PAYMENT_CLAIM_MATCH_HOURS,
  PAYMENT_CLAIM_PROOF_MAX_BYTES,
  PAYMENT_CLAIMS_PER_DAY,
  type PaymentClaimStatus,
} from '@kaskita/domain/payments/payment-claims';
import { businessDateAt, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { jakartaMinute, type Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { FormUpload } from '../../http/multipart-form.ts';
import { readUploadedImage, type StoredOnlyImage } from '../../http/uploaded-image.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { PaymentClaimsRepository } from './payment-claims-repository.ts';
import type { PaymentClaimRow } from './payment-claims-schema.ts';
import type { PaymentRow } from './repayments-schema.ts';

/** The claims one borrower may file: a day counted over 24 hours, in the database like every limit. */
export const PAYMENT_CLAIMS_LIMIT: Limit = {
  bucket: 'payment_claim_user',
  max: PAYMENT_CLAIMS_PER_DAY,
  windowSeconds: 86_400,
};

export interface PaymentClaimsDependencies {
  db: Db;
  repo: PaymentClaimsRepository;
  loans: Pick<LoanBookService, 'open' | 'history'>;
  users: Pick<UserAccounts, 'lockSignedIn'>;
  limiter: RateLimiter;
  /** The encrypted file store of KTP photos and selfies. */
  files: DataProtection['files'];
  outbox: OutboxService;
  clock: Clock;
  holidays: HolidayCalendar;
  /** "My payment was not credited" holds its loan under dispute until the claim is answered. */
  disputes: Pick<LoanDisputes, 'hold'>;
}

type Filed = { row: PaymentClaimRow; duplicate: boolean };
type Match = { payment: PaymentRow; status: Extract<PaymentClaimStatus, 'matched' | 'credited'> };

/**
 * "Paid but not credited?" (contract/payment-claims.ts): a borrower reports a payment their bill does not show, and the
 * case goes to the back office with what we already know: a payment of theirs received but not applied (`matched`),
 * or one applied already (`credited`, the receipt pointed at). Every read and write is the session's own borrower.
 * Nothing here is logged: the reference and the proof are the borrower's, and the case number is enough to find it.
 */
export class PaymentClaimsService {
  constructor(private readonly deps: PaymentClaimsDependencies) {}

  async file(
    userId: string,
    form: CallBody<typeof paymentClaimCalls.createPaymentClaim>,
    upload: FormUpload | null,
    locale: Locale,
  ): Promise<FiledPaymentClaim> {
    const { db, repo, clock } = this.deps;
    const problem = paidAtProblem(form.paid_at, clock.now());
    if (problem) throw new AppError('VALIDATION', { fields: { paid_at: problem } }, problem);
    if (upload && upload.field !== PAYMENT_CLAIM_PROOF_FIELD)
      throw new AppError('VALIDATION', { fields: { [upload.field]: 'field.invalid' } }, 'field.invalid');
    const paidOn = businessDateAt(form.paid_at);
    // Asked again (a double tap, a retry, a borrower unsure it went through): the same case, nothing counted.
    const open = await repo.openClaim(db, userId, form.amount, paidOn);
    if (open) return { ...view(open), duplicate: true };

    // Counted before the photo is decoded: a borrower at the limit cannot keep the server decoding images.
    const counted = await this.deps.limiter.attemptUnlessReached(PAYMENT_CLAIMS_LIMIT, userId);
    if (!counted) throw new AppError('PAYMENT_CLAIM_LIMIT');
    let proof: StoredOnlyImage | null = null;
    try {
      proof = upload
        ? await readUploadedImage(upload, { maxBytes: PAYMENT_CLAIM_PROOF_MAX_BYTES, ocrCopy: false })
        : null;
    } catch (error) {
      await counted.refund();
      throw error;
    }
    const id = randomUUID();
    const proofKey = proof ? `payment-claims/${userId}/${id}.jpg` : null;
    let filed: Filed;
    try {
      if (proof && proofKey) await this.deps.files.put(proofKey, proof.stored.bytes);
      filed = await this.record({ ...form, id, userId, paidOn, proofKey }, locale);
    } catch (error) {
      await counted.refund();
      await this.discard(proofKey);
      throw error;
    }
    if (filed.duplicate) {
      // Another request for the same payment committed first: its case stands, this one leaves nothing behind.
      await counted.refund();
      await this.discard(proofKey);
    } else {
      this.deps.outbox.wake();
    }
    return { ...view(filed.row), duplicate: filed.duplicate };
  }

  async list(userId: string): Promise<PaymentClaimsView> {
    const rows = await this.deps.repo.ofUser(this.deps.db, userId);
    return { list: rows.map(view), answer_working_days: PAYMENT_CLAIM_ANSWER_WORKING_DAYS };
  }

  /**
   * Matches and stores the claim with its SMS, under the borrower's row lock: two requests for one payment are
   * serialised, and the second finds the first's case. A case number already taken (a one-in-billions draw) is drawn
   * again.
   */
  private async record(
    claim: {
      id: string;
      userId: string;
      channel_id: PaymentChannelId;
      paid_at: Date;
      paidOn: string;
      amount: Rupiah;
      reference?: string | undefined;
      proofKey: string | null;
    },
    locale: Locale,
  ): Promise<Filed> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db.transaction((tx) => this.recordIn(tx, claim, locale));
      } catch (error) {
        if (pgErrorCode(error) !== '23505' || attempt === 3) throw error;
      }
    }
  }

  private async recordIn(
    tx: Tx,
    claim: Parameters<PaymentClaimsService['record']>[0],
    locale: Locale,
  ): Promise<Filed> {
    const { repo, clock } = this.deps;
    const user = await this.deps.users.lockSignedIn(tx, claim.userId);
    const open = await repo.openClaim(tx, claim.userId, claim.amount, claim.paidOn);
    if (open) return { row: open, duplicate: true };
    const match = await this.match(tx, claim);
    const now = clock.now();
    const row = await repo.insert(tx, {
      id: claim.id,
      caseNumber: newCaseNumber(),
      userId: claim.userId,
      loanId: match?.payment.loanId ?? (await this.loanOf(tx, claim.userId)),
      channelId: claim.channel_id,
      paidAt: claim.paid_at,
      paidOn: claim.paidOn,
      amount: claim.amount,
      reference: claim.reference ?? null,
      proofKey: claim.proofKey,
      status: match?.status ?? 'open',
      matchedPaymentId: match?.payment.id ?? null,
      answerBy: addWorkingDays(businessDateAt(now), PAYMENT_CLAIM_ANSWER_WORKING_DAYS, this.deps.holidays),
      createdAt: now,
      updatedAt: now,
    });
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: claimText(locale, row, match),
      idempotencyKey: `payment-claim:${row.id}`,
      deliver: true,
    });
    // A claim the payments answer at once (credited) contests nothing.
    if (row.loanId && row.status !== 'credited')
      await this.deps.disputes.hold(tx, row.loanId, { source: 'payment_claim', sourceId: row.id }, now);
    return { row, duplicate: false };
  }

  /**
   * The borrower's own payment this claim is about: same amount, within PAYMENT_CLAIM_MATCH_HOURS, not the answer to
   * another claim; the nearest in time. One received but not applied comes first (`matched`, for the back office): a
   * borrower who sees one payment on the bill and reports another of the same amount means the one that is missing.
   * An applied one answers the claim (`credited`) only through the channel the borrower names: two equal instalments
   * paid the same day by different channels, one of them lost, must not be answered by the one that arrived.
   */
  private async match(
    tx: Tx,
    claim: { userId: string; amount: Rupiah; paid_at: Date; channel_id: PaymentChannelId },
  ): Promise<Match | null> {
    const paidAt = claim.paid_at;
    const window = PAYMENT_CLAIM_MATCH_HOURS * 3600_000;
    const found = await this.deps.repo.unclaimedPayments(
      tx,
      claim.userId,
      claim.amount,
      new Date(paidAt.getTime() - window),
      new Date(paidAt.getTime() + window),
    );
    const nearest = (candidates: typeof found) =>
      candidates.sort(
        (a, b) =>
          Math.abs(a.paidAt.getTime() - paidAt.getTime()) - Math.abs(b.paidAt.getTime() - paidAt.getTime()),
      )[0];
    const review = nearest(found.filter((p) => p.status === 'review'));
    if (review) return { payment: review, status: 'matched' };
    const applied = nearest(found.filter((p) => p.status === 'applied' && p.channelId === claim.channel_id));
    return applied ? { payment: applied, status: 'credited' } : null;
  }

  /** Removes a proof no claim points at. Failing to leaves an unreferenced encrypted file, not the borrower's error. */
  private async discard(proofKey: string | null): Promise<void> {
    if (proofKey) await this.deps.files.delete(proofKey).catch(() => undefined);
  }

  /** The loan being repaid, else the latest one: what the claim is most likely about. */
  private async loanOf(tx: Tx, userId: string): Promise<string | null> {
    const open = await this.deps.loans.open(tx, userId);
    if (open) return open.row.id;
    const [latest] = await this.deps.loans.history(tx, userId);
    return latest?.row.id ?? null;
  }
}

// No 0/O, 1/I/L: read over the phone to customer service without a second try.
const CASE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** KK- and 7 random characters (31^7, about 27 billion): short to quote, unguessable enough to mean nothing. */
function newCaseNumber(): string {
  let code = '';
  for (let i = 0; i < 7; i += 1) code += CASE_ALPHABET[randomInt(CASE_ALPHABET.length)];
  return `KK-${code}`;
}

function view(row: PaymentClaimRow): PaymentClaimView {
  return {
    claim_id: row.id,
    case_number: row.caseNumber,
    status: row.status as PaymentClaimStatus,
    channel_id: row.channelId,
    channel_name: channelName(row.channelId),
    paid_at: row.paidAt.toISOString(),
    amount: row.amount,
    reference: row.reference,
    has_proof: row.proofKey !== null,
    order_id: row.loanId,
    payment_id: row.matchedPaymentId,
    filed_at: row.createdAt.toISOString(),
    answer_by: row.answerBy,
    answer: row.answer,
    updated_at: row.updatedAt.toISOString(),
  };
}

const CLAIM_TEXT: Record<
  Locale,
  {
    filed: (c: {
      case: string;
      amount: string;
      channel: string;
      time: string;
      by: string;
      days: number;
    }) => string;
    credited: (c: { case: string; amount: string; time: string }) => string;
  }
> = {
  'id-ID': {
    filed: (c) =>
      `KasKita: laporan pembayaran ${c.amount} via ${c.channel} pada ${c.time} WIB kami terima, nomor kasus ${c.case}. ` +
      `Kami jawab paling lambat ${c.by} (${c.days} hari kerja).`,
    credited: (c) =>
      `KasKita: laporan ${c.case}: pembayaran ${c.amount} Anda sudah masuk pada ${c.time} WIB. Lihat bukti pembayaran di aplikasi.`,
  },
  'en-US': {
    filed: (c) =>
      `KasKita: we received your report of a payment of ${c.amount} via ${c.channel} at ${c.time} WIB, case ${c.case}. ` +
      `We will answer by ${c.by} (${c.days} working days).`,
    credited: (c) =>
      `KasKita: case ${c.case}: your payment of ${c.amount} was credited at ${c.time} WIB. See the receipt in the app.`,
  },
};

function claimText(locale: Locale, row: PaymentClaimRow, match: Match | null): string {
  const text = CLAIM_TEXT[locale] ?? CLAIM_TEXT['id-ID'];
  const amount = formatRupiah(row.amount);
  if (match?.status === 'credited')
    return text.credited({ case: row.caseNumber, amount, time: jakartaMinute(match.payment.paidAt) });
  return text.filed({
    case: row.caseNumber,
    amount,
    channel: channelName(row.channelId),
    time: jakartaMinute(row.paidAt),
    by: formatDisplayDate(row.answerBy),
    days: PAYMENT_CLAIM_ANSWER_WORKING_DAYS,
  });
}
