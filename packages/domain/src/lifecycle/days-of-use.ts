/**
 * Pricing per day of use: how much of each instalment's contractual interest and fee a given day has earned. The
 * accrual recognises it as income; the rebate cuts a loan that ends early down to it.
 */
import { roundDown } from '../money/rounding.ts';
import { fromBigInt, type Rupiah } from '../money/rupiah.ts';
import { daysBetween, type BusinessDate } from '../pricing/business-date.ts';
import type { LoanInstalment } from './loan-account.ts';

/**
 * Days of use of an instalment's period on `date`, between 0 and the period's days. The first period
 * always counts at least one day: a loan repaid on the day it was disbursed still pays one day's interest.
 */
export function daysOfUse(i: LoanInstalment, date: BusinessDate): number {
  const elapsed = Math.min(Math.max(daysBetween(i.periodStart, date), 0), i.days);
  return i.number === 1 && i.days > 0 ? Math.max(elapsed, 1) : elapsed;
}

/**
 * Interest and fee of an instalment earned by `date`: its contractual charges pro rata of the period's
 * days of use, rounded down (in the borrower's favour), plus what principal a merchant took back already earned
 * (`returnedUse`, fixed). The whole charge is earned on the due date.
 */
export function earnedOn(i: LoanInstalment, date: BusinessDate): { interest: Rupiah; fee: Rupiah } {
  const used = BigInt(daysOfUse(i, date));
  const days = BigInt(Math.max(i.days, 1));
  const part = (amount: Rupiah, returned: Rupiah | undefined): Rupiah =>
    fromBigInt(roundDown(BigInt(amount) * used, days) + BigInt(returned ?? 0));
  return {
    interest: part(i.contract.interest, i.returnedUse?.interest),
    fee: part(i.contract.fee, i.returnedUse?.fee),
  };
}
