/**
 * The loan account: the schedule a borrower accepted plus everything that happened since (payments,
 * accruals, waivers), kept as immutable data. Every operation returns a new `Loan`.
 */
import { parsePercent, type Ratio } from '../money/rate.ts';
import {
  addRupiah,
  maxRupiah,
  subtractRupiah,
  sumRupiah,
  ZERO_RUPIAH,
  type Rupiah,
} from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import type { Plan } from '../pricing/plan.ts';
import type { LateFeeBase } from '../pricing/product.ts';
import { lateFeeCeiling } from '../pricing/regulatory-check.ts';
import type { BillState } from './bill-state.ts';
import { credit, debit, journalEntry, type Account, type JournalEntry } from './ledger.ts';
import { transitionLoan, type LoanState } from './loan-state.ts';

/** The components of what a borrower owes. */
export interface Components {
  readonly principal: Rupiah;
  readonly interest: Rupiah;
  readonly fee: Rupiah;
  readonly lateFee: Rupiah;
}

/** A component name. */
export type Component = keyof Components;

/** Every component, in the order of {@link Components}. */
export const COMPONENTS = ['principal', 'interest', 'fee', 'lateFee'] as const satisfies readonly Component[];

/** The contractual charges: the components earned per day of use. */
export const CHARGES = ['interest', 'fee'] as const satisfies readonly Component[];

/** Zero of every component. */
export const ZERO: Components = {
  principal: ZERO_RUPIAH,
  interest: ZERO_RUPIAH,
  fee: ZERO_RUPIAH,
  lateFee: ZERO_RUPIAH,
};

/** Component by component `a + b`. */
export function addComponents(a: Components, b: Components): Components {
  return {
    principal: addRupiah(a.principal, b.principal),
    interest: addRupiah(a.interest, b.interest),
    fee: addRupiah(a.fee, b.fee),
    lateFee: addRupiah(a.lateFee, b.lateFee),
  };
}

/** Receivable account of each component. */
export const RECEIVABLE: Readonly<Record<Component, Account>> = {
  principal: 'principal-receivable',
  interest: 'interest-receivable',
  fee: 'fee-receivable',
  lateFee: 'late-fee-receivable',
};

/** One instalment (bill) of a loan. */
export interface LoanInstalment {
  readonly number: number;
  readonly periodStart: BusinessDate;
  readonly dueDate: BusinessDate;
  /** Calendar days of the period (for pro-rata interest). */
  readonly days: number;
  /**
   * Interest and fee of the accepted plan: what per-day-of-use pricing is measured against. After a merchant refund,
   * the kept principal's share of them (merchant-refund.ts).
   */
  readonly contract: { readonly interest: Rupiah; readonly fee: Rupiah };
  /**
   * Charges of the principal a merchant took back, for the days it was used before (merchant-refund.ts): earned
   * whatever the date, on top of `contract`'s share per day of use. Absent when nothing was returned.
   */
  readonly returnedUse?: { readonly interest: Rupiah; readonly fee: Rupiah };
  /** What the borrower owes in all (late fees grow as they accrue; an early end cuts unused days' charges). */
  readonly due: Components;
  readonly paid: Components;
  readonly waived: Components;
  readonly writtenOff: Components;
  /** Interest and fee recognised as income so far. */
  readonly recognized: { readonly interest: Rupiah; readonly fee: Rupiah };
  /** Late fees have been accrued for every day up to and including this date. */
  readonly lateFeeThrough: BusinessDate;
  /**
   * How the late fee grew: what each accrual charged for the days after `from` through `through`, so a payment that
   * arrives late but was made earlier can take back exactly the days it would have prevented (late-payment.ts).
   * Absent on accounts stored before it existed.
   */
  readonly lateFeeRuns?: readonly LateFeeRun[];
  readonly state: BillState;
}

/** Late fees charged on one bill for the days after `from` through `through` at `daily` a day (capped: `amount`). */
export interface LateFeeRun {
  readonly from: BusinessDate;
  readonly through: BusinessDate;
  readonly daily: Rupiah;
  readonly amount: Rupiah;
}

/** A loan account. */
export interface Loan {
  readonly id: string;
  readonly productId: string;
  readonly state: LoanState;
  readonly plan: Plan;
  readonly principal: Rupiah;
  readonly startDate: BusinessDate;
  /** Late fee per day past due, a fraction of `lateFeeBase`. */
  readonly dailyLateFee: Ratio;
  readonly lateFeeBase: LateFeeBase;
  /** The most late fees this loan may ever accrue (total-cost ceiling minus economic benefit). */
  readonly lateFeeCeiling: Rupiah;
  readonly instalments: readonly LoanInstalment[];
  /** Money held for the borrower: overpayments and settlement rebates. */
  readonly credit: Rupiah;
  /**
   * Principal the merchant took back (a pay-later purchase returned, in whole or in part: merchant-refund.ts), each
   * with its date. Absent on loans never refunded. `principal` stays what was lent.
   */
  readonly merchantRefunds?: readonly MerchantRefund[];
  /**
   * Under dispute since this date (dispute.ts): the borrower contests the loan or a payment, and no late fee accrues
   * until the dispute closes. Absent on a loan never disputed, or once it closed.
   */
  readonly disputedSince?: BusinessDate;
  /** The last business date processed (accruals are done through it). */
  readonly asOf: BusinessDate;
  readonly journal: readonly JournalEntry[];
}

/** Principal a merchant returned on `date` (merchant-refund.ts). */
export interface MerchantRefund {
  readonly date: BusinessDate;
  readonly amount: Rupiah;
}

/** Thrown for an operation the loan cannot take (wrong state, back-dated, amount too small...). */
export class LoanOperationError extends Error {
  override readonly name = 'LoanOperationError';
}

/** What is still owed on an instalment, per component. */
export function remainingOf(i: LoanInstalment): Components {
  const { due, paid, waived, writtenOff } = i;
  const left = (c: Component): Rupiah =>
    subtractRupiah(subtractRupiah(subtractRupiah(due[c], paid[c]), waived[c]), writtenOff[c]);
  return {
    principal: left('principal'),
    interest: left('interest'),
    fee: left('fee'),
    lateFee: left('lateFee'),
  };
}

/** Sum of the components. */
export function totalOf(c: Components): Rupiah {
  return sumRupiah([c.principal, c.interest, c.fee, c.lateFee]);
}

/**
 * What `amount` still asks of the borrower once their credit is spent on it (the engine spends credit first), never
 * below zero: a repayment's amount, or what a loan asks after a payment.
 */
export function netOfCredit(amount: Rupiah, credit: Rupiah): Rupiah {
  return maxRupiah(ZERO_RUPIAH, subtractRupiah(amount, credit));
}

/** What the borrower still owes on the whole loan, from the instalments (equal to the journal's figure). */
export function outstandingOf(loan: Loan): Rupiah {
  return sumRupiah(loan.instalments.map((i) => totalOf(remainingOf(i))));
}

/**
 * Opens a loan on an accepted plan, awaiting disbursement. The late-fee ceiling is fixed now from the
 * caps in force on the plan's start date.
 */
export function openLoan(id: string, plan: Plan): Loan {
  return {
    id,
    productId: plan.productId,
    state: 'awaiting-disbursement',
    plan,
    principal: plan.amount,
    startDate: plan.startDate,
    dailyLateFee: parsePercent(plan.rates.lateFee.daily),
    lateFeeBase: plan.rates.lateFee.base,
    lateFeeCeiling: lateFeeCeiling(plan),
    instalments: plan.instalments.map((p) => ({
      number: p.number,
      periodStart: p.periodStart,
      dueDate: p.dueDate,
      days: p.days,
      contract: { interest: p.interest, fee: p.fee },
      due: { principal: p.principal, interest: p.interest, fee: p.fee, lateFee: ZERO_RUPIAH },
      paid: ZERO,
      waived: ZERO,
      writtenOff: ZERO,
      recognized: { interest: ZERO_RUPIAH, fee: ZERO_RUPIAH },
      lateFeeThrough: p.dueDate,
      // A zero bill (a tiny amount over many instalments) is settled from the start, never overdue.
      state: p.total === 0 ? 'paid' : 'pending',
    })),
    credit: ZERO_RUPIAH,
    asOf: plan.startDate,
    journal: [],
  };
}

/** True while the borrower is repaying (payments, accruals and settlement apply). */
export function isRepaying(loan: Loan): boolean {
  return loan.state === 'active' || loan.state === 'overdue';
}

/** Appends the non-null entries to a journal. */
export function withEntries(
  journal: readonly JournalEntry[],
  entries: readonly (JournalEntry | null)[],
): JournalEntry[] {
  return [...journal, ...entries.filter((e): e is JournalEntry => e !== null)];
}

/**
 * Records the disbursement: principal receivable against cash paid out and the origination fee kept,
 * and the contractual interest and fees as receivables against unearned income.
 * @throws LoanOperationError when `date` is not the plan's start date (re-plan from the actual
 * disbursement date instead), or IllegalTransitionError when not awaiting disbursement.
 */
export function disburseLoan(loan: Loan, date: BusinessDate): Loan {
  const state = transitionLoan(loan.state, 'disburse');
  if (date !== loan.startDate) {
    throw new LoanOperationError(
      `disbursed on ${date} but planned from ${loan.startDate}: re-plan from the disbursement date`,
    );
  }
  const { totals, disbursement } = loan.plan;
  const entries = [
    journalEntry(date, 'disbursement', [
      debit('principal-receivable', totals.principal),
      credit('cash', disbursement.received),
      credit('fee-income', disbursement.deducted),
    ]),
    journalEntry(date, 'contract-charges', [
      debit('interest-receivable', totals.interest),
      credit('unearned-interest', totals.interest),
      debit('fee-receivable', totals.fee),
      credit('unearned-fee', totals.fee),
    ]),
  ];
  return { ...loan, state, journal: withEntries(loan.journal, entries) };
}
