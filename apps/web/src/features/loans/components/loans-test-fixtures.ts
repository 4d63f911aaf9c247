import type {
  AgreementView,
  LoanOrderView,
  LoanPlanView,
  LoanProducts,
  PurposeView,
} from '@kaskita/domain/contract/loans';
import type { Wire } from '../../../test/api-answer.ts';

/** Test data for the borrowing pages: answers of the loan calls as the server gives them (English). */

/** The cash loan with the limit (2,350,000) below its maximum and off its step. */
export const products: Wire<LoanProducts> = {
  can_borrow: true,
  reason: null,
  available_amount: 2_350_000,
  list: [
    {
      pid: 'cash-loan',
      name: 'Cash loan',
      min_amount: 400_000,
      max_amount: 2_350_000,
      step: 100_000,
      tenors: [
        {
          period: 'day-14-1',
          unit: 'day',
          length: 14,
          instalments: 1,
          label: '14 days',
          max_amount: 2_350_000,
        },
        {
          period: 'month-3-3',
          unit: 'month',
          length: 3,
          instalments: 3,
          label: '3 months (3 instalments)',
          max_amount: 2_350_000,
        },
      ],
      daily_interest_percent: '0.03',
      daily_service_fee_percent: '0.07',
      daily_late_fee_percent: '0.1',
      origination_fee_percent: '1',
      origination_fee_fixed: 0,
      price_text:
        'Interest 0.03% a day, service fee 0.07% a day. Late fee 0.1% a day of the overdue principal.',
    },
  ],
};

const leaf = (id: number, en: string, idName: string, parent: number): PurposeView => ({
  id,
  name: en,
  name_en: en,
  name_id: idName,
  parent_id: parent,
  children: [],
});

export const purposes: { list: PurposeView[] } = {
  list: [
    {
      id: 1,
      name: 'Daily needs',
      name_en: 'Daily needs',
      name_id: 'Kebutuhan sehari-hari',
      parent_id: null,
      children: [
        leaf(101, 'Groceries', 'Belanja kebutuhan pokok', 1),
        leaf(103, 'Rent', 'Sewa tempat tinggal', 1),
      ],
    },
    {
      id: 3,
      name: 'Health',
      name_en: 'Health',
      name_id: 'Kesehatan',
      parent_id: null,
      children: [leaf(301, 'Medical treatment', 'Biaya berobat', 3)],
    },
  ],
};

/** 3,000,000 over 3 months with a 30,000 fee deducted at disbursement. */
export const plan: Wire<LoanPlanView> = {
  pid: 'cash-loan',
  amount: 3_000_000,
  period: 'month-3-3',
  tenor_label: '3 months (3 instalments)',
  start_date: '2026-03-02',
  maturity_date: '2026-06-02',
  days: 92,
  instalments: [
    {
      number: 1,
      due_date: '2026-04-02',
      principal: 1_000_000,
      interest: 27_900,
      fee: 65_100,
      total: 1_093_000,
      remaining: 2_186_000,
    },
    {
      number: 2,
      due_date: '2026-05-02',
      principal: 1_000_000,
      interest: 27_000,
      fee: 63_000,
      total: 1_090_000,
      remaining: 1_096_000,
    },
    {
      number: 3,
      due_date: '2026-06-02',
      principal: 1_000_000,
      interest: 27_900,
      fee: 68_100,
      total: 1_096_000,
      remaining: 0,
    },
  ],
  totals: {
    principal: 3_000_000,
    interest: 82_800,
    fee: 196_200,
    origination_fee: 30_000,
    cost: 309_000,
    repayment: 3_279_000,
  },
  amount_received: 2_970_000,
  deducted: 30_000,
  caps: {
    daily_cost_percent: '0.1120',
    daily_cap_percent: '0.3',
    daily_late_fee_percent: '0.1',
    late_fee_ceiling: 2_691_000,
    within_caps: true,
  },
  affordability: {
    monthly_income: 6_000_000,
    largest_monthly_repayment: 1_096_000,
    share_percent: '18.266667',
    limit_percent: '30',
  },
};

export const agreement: AgreementView = {
  version: '2026-03',
  order_id: null,
  accepted_at: null,
  sha256: 'ab'.repeat(32),
  title: 'LOAN AGREEMENT',
  subtitle: 'Agreement number: PREVIEW | Version 2026-03',
  sections: [
    { heading: '1. The parties', paragraphs: ['Lender: PT KasKita Teknologi Indonesia.'] },
    {
      heading: '3. Repayment schedule',
      paragraphs: ['Pay each instalment by its due date at the latest:'],
      table: {
        columns: ['No.', 'Due date', 'Total'],
        rows: [['1', '02/04/2026', 'Rp 1.093.000']],
      },
    },
  ],
  pdf_base64: null,
};

export const ORDER_ID = '6f1c1d52-8a3e-4c1b-9d55-2b1b8f0e4a10';

export const order: Wire<LoanOrderView> = {
  order_id: ORDER_ID,
  state: 'awaiting-disbursement',
  bill_status: 1,
  loan_fail_status: 0,
  failure_reason: null,
  failure_text: null,
  pid: 'cash-loan',
  amount: 3_000_000,
  amount_received: 2_970_000,
  period: 'month-3-3',
  tenor_label: '3 months (3 instalments)',
  purpose_id: 101,
  purpose: 'Groceries',
  created_at: '2026-03-02T03:00:00.000Z',
  disbursed_on: null,
  disbursement_status: 'queued',
  bank_name: 'Bank Mandiri',
  card_num_masked: '******7890',
  instalments: plan.instalments,
  repayment: plan.totals.repayment,
  agreement: { version: '2026-03', sha256: 'ab'.repeat(32), accepted_at: '2026-03-02T03:00:00.000Z' },
  can_cancel: true,
};

export const failedOrder = (loanFailStatus: number): Wire<LoanOrderView> => ({
  ...order,
  state: 'disbursement-failed',
  bill_status: 4,
  loan_fail_status: loanFailStatus,
  failure_reason: loanFailStatus === 1 ? 'ACCOUNT_NAME_MISMATCH' : 'BANK_TIMEOUT',
  failure_text:
    loanFailStatus === 1
      ? 'The name on the bank account does not match the name on your KTP.'
      : 'The bank did not answer in time.',
  disbursement_status: 'failed',
});

/** The form fields of a POST body. */
export const formBody = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
