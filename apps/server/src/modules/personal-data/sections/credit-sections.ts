import { asc, eq, inArray } from 'drizzle-orm';
import { creditApplications, openLocation } from '../../application/application-schema.ts';
import { disbursements, loanBills, loans } from '../../loans/loan-orders-schema.ts';
import { OWN_ID, covers, defineSection, excluded, exported } from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const NESTED = excluded('the loan it belongs to: the item is listed under that loan');

/** Applications and their decisions: the outcome, the limit and the reasons (the scorecard's working is not). */
export const applicationsSection = defineSection({
  key: 'applications',
  covers: [
    covers(creditApplications, {
      id: exported('applications[].id'),
      userId: OWN_ID,
      state: exported('applications[].state'),
      submittedAt: exported('applications[].submitted_at'),
      decideAfter: exported('applications[].decide_after'),
      // Both coordinates in one encrypted value: the export names it by its first.
      locationEnc: exported('applications[].longitude'),
      locale: exported('applications[].locale'),
      decidedAt: exported('applications[].decided_at'),
      decidedBy: exported('applications[].decided_by'),
      limitAmount: exported('applications[].limit_amount'),
      reapplyDate: exported('applications[].reapply_date'),
      reasons: exported('applications[].reasons'),
      decision: excluded(
        "the scorecard's working: its inputs are this export's profile and checks, its outcome the state, limit and reasons",
      ),
      reviewFlags: exported('applications[].review_flags'),
      queuedAt: exported('applications[].queued_at'),
      createdAt: exported('applications[].created_at'),
    }),
  ],
  collect: async ({ db, user, protection }) => {
    const rows = await db
      .select()
      .from(creditApplications)
      .where(eq(creditApplications.userId, user.id))
      .orderBy(asc(creditApplications.submittedAt));
    return rows.map((a) => ({
      id: a.id,
      state: a.state,
      submitted_at: a.submittedAt.toISOString(),
      decide_after: a.decideAfter.toISOString(),
      ...openLocation(protection.cipher, a.id, a.locationEnc),
      locale: a.locale,
      decided_at: iso(a.decidedAt),
      // Who among the staff decided is not said; that a person did is.
      decided_by: a.decidedBy === null ? null : a.decidedBy.startsWith('reviewer') ? 'reviewer' : a.decidedBy,
      limit_amount: a.limitAmount,
      reapply_date: a.reapplyDate,
      reasons: a.reasons,
      review_flags: a.reviewFlags,
      queued_at: iso(a.queuedAt),
      created_at: a.createdAt.toISOString(),
    }));
  },
});

/** Every loan order with the plan accepted, its bills and each try to send its money. */
export const loansSection = defineSection({
  key: 'loans',
  covers: [
    covers(loans, {
      id: exported('loans[].id'),
      userId: OWN_ID,
      idempotencyKey: exported('loans[].order_token'),
      state: exported('loans[].state'),
      productId: exported('loans[].product_id'),
      product: excluded(
        "the product's terms as offered that day: the plan accepted (loans[].plan) holds what applies",
      ),
      amount: exported('loans[].amount'),
      amountReceived: exported('loans[].amount_received'),
      period: exported('loans[].period'),
      purposeId: exported('loans[].purpose_id'),
      plan: exported('loans[].plan'),
      account: excluded("the loan engine's working state: bills[] and payments are its readable form"),
      bankAccountId: exported('loans[].bank_account_id'),
      failStatus: exported('loans[].fail_status'),
      failureReason: exported('loans[].failure_reason'),
      agreementVersion: exported('loans[].agreement_version'),
      agreementSha256: exported('loans[].agreement_sha256'),
      acceptedAt: exported('loans[].accepted_at'),
      acceptedIp: exported('loans[].accepted_ip'),
      locale: exported('loans[].locale'),
      disbursedOn: exported('loans[].disbursed_on'),
      accruedThrough: exported('loans[].accrued_through'),
      nextAccrualOn: excluded("a scheduling hint of the nightly accrual, derived from the bills' dates"),
      heldCredit: exported('loans[].held_credit'),
      lateFeeBase: excluded(
        'a copy of the late-fee terms of the plan accepted (loans[].plan), for the nightly accrual',
      ),
      dailyLateFeeNum: excluded(
        'a copy of the late-fee terms of the plan accepted (loans[].plan), for the nightly accrual',
      ),
      dailyLateFeeDen: excluded(
        'a copy of the late-fee terms of the plan accepted (loans[].plan), for the nightly accrual',
      ),
      lateFeeCeiling: excluded(
        'a copy of the late-fee terms of the plan accepted (loans[].plan), for the nightly accrual',
      ),
      disputedSince: exported('loans[].disputed_since'),
      createdAt: exported('loans[].created_at'),
      updatedAt: exported('loans[].updated_at'),
    }),
    covers(loanBills, {
      loanId: NESTED,
      number: exported('loans[].bills[].number'),
      periodStart: exported('loans[].bills[].period_start'),
      dueDate: exported('loans[].bills[].due_date'),
      principal: exported('loans[].bills[].principal'),
      interest: exported('loans[].bills[].interest'),
      fee: exported('loans[].bills[].fee'),
      lateFee: exported('loans[].bills[].late_fee'),
      paid: exported('loans[].bills[].paid'),
      state: exported('loans[].bills[].state'),
      days: excluded("the days between the period's start and its due date, both exported"),
      contractInterest: excluded("the plan's interest for the bill: loans[].plan holds it"),
      contractFee: excluded("the plan's fee for the bill: loans[].plan holds it"),
      returnedInterest: excluded('charges of a returned purchase, exported with the purchase and its refund'),
      returnedFee: excluded('charges of a returned purchase, exported with the purchase and its refund'),
      unpaidPrincipal: excluded("what is left to pay: the bill's amounts less what was paid, both exported"),
      unpaidInterest: excluded("what is left to pay: the bill's amounts less what was paid, both exported"),
      unpaidFee: excluded("what is left to pay: the bill's amounts less what was paid, both exported"),
      recognizedInterest: excluded("the lender's income accounting, not the borrower's data"),
      recognizedFee: excluded("the lender's income accounting, not the borrower's data"),
      lateFeeThrough: exported('loans[].bills[].late_fee_through'),
      lateFeeRuns: excluded(
        'how the late fee grew day by day: the late fee and the days it ran through are exported',
      ),
      updatedAt: exported('loans[].bills[].updated_at'),
    }),
    covers(disbursements, {
      id: exported('loans[].disbursements[].id'),
      loanId: NESTED,
      bankAccountId: exported('loans[].disbursements[].bank_account_id'),
      amount: exported('loans[].disbursements[].amount'),
      provider: exported('loans[].disbursements[].provider'),
      providerReference: exported('loans[].disbursements[].provider_reference'),
      status: exported('loans[].disbursements[].status'),
      failureCode: exported('loans[].disbursements[].failure_code'),
      createdAt: exported('loans[].disbursements[].created_at'),
      updatedAt: exported('loans[].disbursements[].updated_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db.select().from(loans).where(eq(loans.userId, user.id)).orderBy(asc(loans.createdAt));
    if (rows.length === 0) return [];
    const ids = rows.map((l) => l.id);
    const [bills, tries] = await inTurn(
      () => db.select().from(loanBills).where(inArray(loanBills.loanId, ids)).orderBy(asc(loanBills.number)),
      () =>
        db
          .select()
          .from(disbursements)
          .where(inArray(disbursements.loanId, ids))
          .orderBy(asc(disbursements.createdAt)),
    );
    return rows.map((l) => ({
      id: l.id,
      order_token: l.idempotencyKey,
      state: l.state,
      product_id: l.productId,
      amount: l.amount,
      amount_received: l.amountReceived,
      period: l.period,
      purpose_id: l.purposeId,
      plan: l.plan,
      bank_account_id: l.bankAccountId,
      fail_status: l.failStatus,
      failure_reason: l.failureReason,
      agreement_version: l.agreementVersion,
      agreement_sha256: l.agreementSha256,
      accepted_at: l.acceptedAt.toISOString(),
      accepted_ip: l.acceptedIp,
      locale: l.locale,
      disbursed_on: l.disbursedOn,
      accrued_through: l.accruedThrough,
      held_credit: l.heldCredit,
      disputed_since: l.disputedSince,
      created_at: l.createdAt.toISOString(),
      updated_at: l.updatedAt.toISOString(),
      bills: bills
        .filter((b) => b.loanId === l.id)
        .map((b) => ({
          number: b.number,
          period_start: b.periodStart,
          due_date: b.dueDate,
          principal: b.principal,
          interest: b.interest,
          fee: b.fee,
          late_fee: b.lateFee,
          paid: b.paid,
          state: b.state,
          late_fee_through: b.lateFeeThrough,
          updated_at: b.updatedAt.toISOString(),
        })),
      disbursements: tries
        .filter((d) => d.loanId === l.id)
        .map((d) => ({
          id: d.id,
          bank_account_id: d.bankAccountId,
          amount: d.amount,
          provider: d.provider,
          provider_reference: d.providerReference,
          status: d.status,
          failure_code: d.failureCode,
          created_at: d.createdAt.toISOString(),
          updated_at: d.updatedAt.toISOString(),
        })),
    }));
  },
});
