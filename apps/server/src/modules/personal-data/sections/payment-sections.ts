import { commerceOrders, commerceRefunds } from '../../commerce/commerce-schema.ts';
import { payPins } from '../../payment-pin/payment-pin-schema.ts';
import { asc, eq } from 'drizzle-orm';
import { refunds } from '../../refunds/refunds-schema.ts';
import { paymentClaims } from '../../repayments/payment-claims-schema.ts';
import { paymentCodeClaims, paymentCodes, payments } from '../../repayments/repayments-schema.ts';
import { OWN_ID, covers, defineSection, excluded, exported } from '../personal-data-registry.ts';
import { inTurn } from '../../../db/in-turn.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const LEASE = excluded(
  'a lease held for the seconds a payment code is asked of the gateway: no data of the borrower',
);

/** The virtual accounts, store codes, QRIS codes and e-wallet charges issued to pay. */
export const paymentCodesSection = defineSection({
  key: 'payment_codes',
  covers: [
    covers(paymentCodes, {
      id: exported('payment_codes[].id'),
      userId: OWN_ID,
      loanId: exported('payment_codes[].loan_id'),
      channelId: exported('payment_codes[].channel_id'),
      provider: exported('payment_codes[].provider'),
      number: exported('payment_codes[].number'),
      billerCode: exported('payment_codes[].biller_code'),
      payerKey: excluded(
        'a keyed hash of the phone an OVO request went to, which cannot be read back; the masked phone is the number',
      ),
      amount: exported('payment_codes[].amount'),
      repaymentType: exported('payment_codes[].repayment_type'),
      billNumber: exported('payment_codes[].bill_number'),
      businessDate: exported('payment_codes[].business_date'),
      status: exported('payment_codes[].status'),
      expiresAt: exported('payment_codes[].expires_at'),
      createdAt: exported('payment_codes[].created_at'),
      updatedAt: excluded('when the row last changed: its status says what changed'),
    }),
    covers(paymentCodeClaims, {
      key: LEASE,
      loanId: LEASE,
      token: LEASE,
      leaseUntil: LEASE,
      createdAt: LEASE,
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(paymentCodes)
      .where(eq(paymentCodes.userId, user.id))
      .orderBy(asc(paymentCodes.createdAt));
    return rows.map((c) => ({
      id: c.id,
      loan_id: c.loanId,
      channel_id: c.channelId,
      provider: c.provider,
      number: c.number,
      biller_code: c.billerCode,
      amount: c.amount,
      repayment_type: c.repaymentType,
      bill_number: c.billNumber,
      business_date: c.businessDate,
      status: c.status,
      expires_at: c.expiresAt.toISOString(),
      created_at: c.createdAt.toISOString(),
    }));
  },
});

/** Every payment received from the borrower, applied or waiting for review. */
export const paymentsSection = defineSection({
  key: 'payments',
  covers: [
    covers(payments, {
      id: exported('payments[].id'),
      provider: exported('payments[].provider'),
      providerPaymentId: excluded("the gateway's own reference: payments[].id is the receipt the app shows"),
      paymentCodeId: exported('payments[].payment_code_id'),
      loanId: exported('payments[].loan_id'),
      userId: OWN_ID,
      channelId: exported('payments[].channel_id'),
      amount: exported('payments[].amount'),
      paidAt: exported('payments[].paid_at'),
      status: exported('payments[].status'),
      reviewReason: exported('payments[].review_reason'),
      paid: exported('payments[].paid'),
      paidWithCredit: exported('payments[].paid_with_credit'),
      creditAdded: exported('payments[].credit_added'),
      remaining: exported('payments[].remaining'),
      billsPaid: exported('payments[].bills_paid'),
      createdAt: exported('payments[].created_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(asc(payments.paidAt));
    return rows.map((p) => ({
      id: p.id,
      provider: p.provider,
      payment_code_id: p.paymentCodeId,
      loan_id: p.loanId,
      channel_id: p.channelId,
      amount: p.amount,
      paid_at: p.paidAt.toISOString(),
      status: p.status,
      review_reason: p.reviewReason,
      paid: p.paid,
      paid_with_credit: p.paidWithCredit,
      credit_added: p.creditAdded,
      remaining: p.remaining,
      bills_paid: p.billsPaid,
      created_at: p.createdAt.toISOString(),
    }));
  },
});

/** Money paid back to the borrower. */
export const refundsSection = defineSection({
  key: 'refunds',
  covers: [
    covers(refunds, {
      id: exported('refunds[].id'),
      loanId: exported('refunds[].loan_id'),
      paymentId: exported('refunds[].payment_id'),
      userId: OWN_ID,
      bankAccountId: exported('refunds[].bank_account_id'),
      amount: exported('refunds[].amount'),
      state: exported('refunds[].state'),
      attempt: exported('refunds[].attempt'),
      failures: exported('refunds[].failures'),
      provider: exported('refunds[].provider'),
      providerReference: excluded("the payout provider's own reference of the try"),
      failureCode: exported('refunds[].failure_code'),
      createdAt: exported('refunds[].created_at'),
      updatedAt: excluded('when the row last changed: its state says what changed'),
      completedAt: exported('refunds[].completed_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(refunds)
      .where(eq(refunds.userId, user.id))
      .orderBy(asc(refunds.createdAt));
    return rows.map((r) => ({
      id: r.id,
      loan_id: r.loanId,
      payment_id: r.paymentId,
      bank_account_id: r.bankAccountId,
      amount: r.amount,
      state: r.state,
      attempt: r.attempt,
      failures: r.failures,
      provider: r.provider,
      failure_code: r.failureCode,
      created_at: r.createdAt.toISOString(),
      completed_at: iso(r.completedAt),
    }));
  },
});

/** "Paid but not credited?" cases the borrower filed. */
export const paymentClaimsSection = defineSection({
  key: 'payment_claims',
  covers: [
    covers(paymentClaims, {
      id: exported('payment_claims[].id'),
      caseNumber: exported('payment_claims[].case_number'),
      userId: OWN_ID,
      loanId: exported('payment_claims[].loan_id'),
      channelId: exported('payment_claims[].channel_id'),
      paidAt: exported('payment_claims[].paid_at'),
      paidOn: excluded("paid_at's date in Jakarta"),
      amount: exported('payment_claims[].amount'),
      reference: exported('payment_claims[].reference'),
      proofKey: exported('payment_claims[].proof_held'),
      status: exported('payment_claims[].status'),
      matchedPaymentId: exported('payment_claims[].matched_payment_id'),
      answerBy: exported('payment_claims[].answer_by'),
      answer: exported('payment_claims[].answer'),
      createdAt: exported('payment_claims[].created_at'),
      updatedAt: exported('payment_claims[].updated_at'),
    }),
  ],
  collect: async ({ db, user }) => {
    const rows = await db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.userId, user.id))
      .orderBy(asc(paymentClaims.createdAt));
    return rows.map((c) => ({
      id: c.id,
      case_number: c.caseNumber,
      loan_id: c.loanId,
      channel_id: c.channelId,
      paid_at: c.paidAt.toISOString(),
      amount: c.amount,
      reference: c.reference,
      proof_held: Boolean(c.proofKey),
      status: c.status,
      matched_payment_id: c.matchedPaymentId,
      answer_by: c.answerBy,
      answer: c.answer,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    }));
  },
});

/** Pay-later purchases: the shop, what was bought, when it was paid and the loan it became; and the payment PIN. */
export const purchasesSection = defineSection({
  key: 'purchases',
  covers: [
    covers(commerceOrders, {
      id: exported('purchases.orders[].id'),
      merchantAppId: exported('purchases.orders[].merchant'),
      merchantOrderId: exported('purchases.orders[].merchant_order_id'),
      requestSha256: excluded("a hash of the shop's request, to answer its retries the same"),
      signKeyHash: excluded('a keyed hash of the checkout link: a secret'),
      amount: exported('purchases.orders[].amount'),
      items: exported('purchases.orders[].items'),
      returnUrl: excluded("the shop's address to return to, not about the borrower"),
      buyerUid: exported('purchases.orders[].shop_buyer_id'),
      status: exported('purchases.orders[].status'),
      userId: OWN_ID,
      loanId: exported('purchases.orders[].loan_id'),
      expiresAt: exported('purchases.orders[].expires_at'),
      paidAt: exported('purchases.orders[].paid_at'),
      cancelledAt: exported('purchases.orders[].cancelled_at'),
      refundedAmount: exported('purchases.orders[].refunded_amount'),
      createdAt: exported('purchases.orders[].created_at'),
      updatedAt: excluded('when the row last changed: paid_at and cancelled_at say what changed'),
    }),
    covers(commerceRefunds, {
      id: exported('purchases.refunds[].id'),
      merchantAppId: exported('purchases.refunds[].merchant'),
      refundId: exported('purchases.refunds[].merchant_refund_id'),
      orderId: exported('purchases.refunds[].order_id'),
      loanId: exported('purchases.refunds[].loan_id'),
      amount: exported('purchases.refunds[].amount'),
      reason: exported('purchases.refunds[].reason'),
      requestSha256: excluded("a hash of the shop's request, to answer its retries the same"),
      commandId: excluded('the id of its audit row'),
      answer: excluded("the shop's answer: the same figures as the refund and its order"),
      createdAt: exported('purchases.refunds[].created_at'),
    }),
    covers(payPins, {
      userId: OWN_ID,
      pinHash: excluded('a PIN hash is a secret; purchases.pin_set says whether one is set'),
      failedTries: exported('purchases.pin_failed_tries'),
      lockedUntil: exported('purchases.pin_locked_until'),
      createdAt: exported('purchases.pin_set_at'),
      updatedAt: excluded('when the PIN row last changed: the tries and the lock say how'),
    }),
  ],
  collect: async ({ db, user }) => {
    const [orders, [pin], refunds] = await inTurn(
      () =>
        db
          .select()
          .from(commerceOrders)
          .where(eq(commerceOrders.userId, user.id))
          .orderBy(asc(commerceOrders.createdAt)),
      () => db.select().from(payPins).where(eq(payPins.userId, user.id)).limit(1),
      () =>
        db
          .select({ refund: commerceRefunds })
          .from(commerceRefunds)
          .innerJoin(commerceOrders, eq(commerceOrders.id, commerceRefunds.orderId))
          .where(eq(commerceOrders.userId, user.id))
          .orderBy(asc(commerceRefunds.createdAt)),
    );
    return {
      pin_set: Boolean(pin),
      pin_set_at: pin ? pin.createdAt.toISOString() : null,
      pin_failed_tries: pin?.failedTries ?? 0,
      pin_locked_until: pin?.lockedUntil ? pin.lockedUntil.toISOString() : null,
      orders: orders.map((o) => ({
        id: o.id,
        merchant: o.merchantAppId,
        merchant_order_id: o.merchantOrderId,
        amount: o.amount,
        items: o.items,
        shop_buyer_id: o.buyerUid,
        status: o.status,
        loan_id: o.loanId,
        expires_at: o.expiresAt.toISOString(),
        paid_at: o.paidAt ? o.paidAt.toISOString() : null,
        cancelled_at: o.cancelledAt ? o.cancelledAt.toISOString() : null,
        refunded_amount: o.refundedAmount,
        created_at: o.createdAt.toISOString(),
      })),
      refunds: refunds.map(({ refund: r }) => ({
        id: r.id,
        merchant: r.merchantAppId,
        merchant_refund_id: r.refundId,
        order_id: r.orderId,
        loan_id: r.loanId,
        amount: r.amount,
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
    };
  },
});
