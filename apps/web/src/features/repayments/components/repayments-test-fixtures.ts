import type {
  BillsView,
  BillView,
  LoanRecords,
  PaymentCodeView,
  RepayRecord,
  SettlementQuoteView,
} from '@kaskita/domain/contract/repayments';
import type { ChannelKind } from '@kaskita/domain/payments/channels';
import type { Wire } from '../../../test/api-answer.ts';

/** Test data for the repayment pages: answers of the repayment calls as the server gives them (English). */

export const ORDER_ID = '6f1c1d52-8a3e-4c1b-9d55-2b1b8f0e4a10';
export const TODAY = '2026-04-05';

const bill = (number: number, extra: Partial<Wire<BillView>>): Wire<BillView> => ({
  number,
  period_start: '2026-03-02',
  due_date: '2026-04-02',
  state: 'pending',
  days_late: 0,
  principal: 1_000_000,
  interest: 27_900,
  fee: 65_100,
  late_fee: 0,
  total: 1_093_000,
  paid: 0,
  outstanding: 1_093_000,
  ...extra,
});

/** Bill 1 three days late with a late fee; bills 2 and 3 to come. */
export const overdueBill = bill(1, {
  state: 'overdue',
  days_late: 3,
  late_fee: 9_000,
  total: 1_102_000,
  outstanding: 1_102_000,
});
export const bill2 = bill(2, {
  period_start: '2026-04-02',
  due_date: '2026-05-02',
  total: 1_090_000,
  outstanding: 1_090_000,
  interest: 27_000,
  fee: 63_000,
});
export const bill3 = bill(3, {
  period_start: '2026-05-02',
  due_date: '2026-06-02',
  total: 1_096_000,
  outstanding: 1_096_000,
  fee: 68_100,
});

export const bills: Wire<BillsView> = {
  business_date: TODAY,
  loan: {
    order_id: ORDER_ID,
    state: 'overdue',
    amount: 3_000_000,
    disbursed_on: '2026-03-02',
    outstanding: 3_288_000,
    credit: 0,
    disputed_since: null,
  },
  nearest: overdueBill,
  upcoming: [bill2, bill3],
  bills: [overdueBill, bill2, bill3],
  options: {
    instalment: { bill_number: 1, amount: 1_102_000, excess: 0 },
    due: { amount: 1_102_000, excess: 0 },
    settlement: { amount: 3_050_000, saved: 238_000, excess: 0 },
  },
};

/** On time: bill 1 paid, bill 2 due in 3 days, two bills due today would differ from one. */
export const onTimeBills: Wire<BillsView> = {
  ...bills,
  business_date: '2026-04-29',
  loan: { ...bills.loan!, state: 'active', outstanding: 2_186_000 },
  nearest: bill2,
  upcoming: [bill3],
  bills: [{ ...bill(1, {}), state: 'paid', paid: 1_093_000, outstanding: 0 }, bill2, bill3],
  options: {
    instalment: { bill_number: 2, amount: 1_090_000, excess: 0 },
    due: null,
    settlement: { amount: 2_100_000, saved: 86_000, excess: 0 },
  },
};

export const noLoanBills: Wire<BillsView> = {
  business_date: TODAY,
  loan: null,
  nearest: null,
  upcoming: [],
  bills: [],
  options: null,
};

const channel = (
  channel_id: string,
  kind: ChannelKind,
  name: string,
  extra: Partial<{ available: boolean; reason: 'below_min' | 'above_max' | null; max_amount: number }> = {},
) => ({
  channel_id,
  kind,
  bank_type: channel_id.replace(/^(VA|STORE|EWALLET)_/, ''),
  name,
  min_amount: kind === 'qris' || kind === 'ewallet' ? 1_000 : 10_000,
  max_amount: { va: 50_000_000, store: 2_500_000, qris: 10_000_000, ewallet: 20_000_000 }[kind],
  available: true,
  reason: null,
  ...extra,
});

/** 1,102,000 for bill 1; Alfamart cannot take it (its ceiling is 1,000,000 here). */
export const methods = {
  repayment_type: 'instalment' as const,
  amount: 1_102_000,
  channels: [
    channel('QRIS', 'qris', 'QRIS'),
    channel('EWALLET_DANA', 'ewallet', 'DANA'),
    channel('EWALLET_OVO', 'ewallet', 'OVO'),
    channel('VA_BCA', 'va', 'BCA'),
    channel('VA_MANDIRI', 'va', 'Mandiri'),
    channel('STORE_ALFAMART', 'store', 'Alfamart', {
      available: false,
      reason: 'above_max',
      max_amount: 1_000_000,
    }),
    channel('STORE_INDOMARET', 'store', 'Indomaret', { max_amount: 5_000_000 }),
  ],
};

export const CODE_ID = '0b6f0c40-3d4a-4c55-8f3e-9a7e3c1d2b10';

/** A BCA virtual account for bill 1, valid until 6 April 2026 10:30 WIB. */
export const vaCode: Wire<PaymentCodeView> = {
  code_id: CODE_ID,
  order_id: ORDER_ID,
  channel_id: 'VA_BCA',
  kind: 'va',
  bank_type: 'BCA',
  name: 'BCA',
  number: '3901088812345678',
  biller_code: null,
  amount: 1_102_000,
  repayment_type: 'instalment',
  bill_number: 1,
  status: 'active',
  expires_at: '2026-04-06T03:30:00.000Z',
  checkout_url: null,
  how_to_pay: [
    {
      method: 'atm',
      title: 'ATM',
      steps: ['Insert your BCA ATM card and enter your PIN.', 'Choose "Transfer".'],
    },
    { method: 'mobile_banking', title: 'Mobile banking', steps: ['Open the BCA mobile app and log in.'] },
  ],
};

export const mandiriCode: Wire<PaymentCodeView> = {
  ...vaCode,
  channel_id: 'VA_MANDIRI',
  bank_type: 'MANDIRI',
  name: 'Mandiri',
  number: '889081234567',
  biller_code: '88908',
};

/** A QRIS code for bill 1: its content is the EMVCo text the app draws. */
export const qrisCode: Wire<PaymentCodeView> = {
  ...vaCode,
  channel_id: 'QRIS',
  kind: 'qris',
  bank_type: 'QRIS',
  name: 'QRIS',
  number: '000201010212520460125303360540711020005802ID5907KASKITA6007JAKARTA6304A1B2',
  how_to_pay: [
    { method: 'qris_scan', title: 'Scan from another phone', steps: ['Open any mobile banking app.'] },
    { method: 'qris_gallery', title: "From this phone's gallery", steps: ['Tap "Save QR image" above.'] },
  ],
};

/** A DANA charge for bill 1: paid in the wallet, which comes back to the pay page. */
export const danaCharge: Wire<PaymentCodeView> = {
  ...vaCode,
  channel_id: 'EWALLET_DANA',
  kind: 'ewallet',
  bank_type: 'DANA',
  name: 'DANA',
  number: 'https://m.dana.example/checkout/ewc_1',
  checkout_url: 'https://m.dana.example/checkout/ewc_1',
  how_to_pay: [
    { method: 'wallet_app', title: 'In the e-wallet app', steps: ['Tap "Continue to DANA" above.'] },
  ],
};

export const receipt: Wire<RepayRecord> = {
  payment_id: 'pay-2',
  order_id: ORDER_ID,
  amount: 1_102_000,
  channel_id: 'VA_BCA',
  channel_name: 'BCA',
  paid_at: '2026-04-05T07:15:00.000Z',
  status: 'applied',
  paid: { principal: 1_000_000, interest: 27_900, fee: 65_100, late_fee: 9_000 },
  credit_applied: 0,
  paid_with_credit: { principal: 0, interest: 0, fee: 0, late_fee: 0 },
  credit_added: 0,
  remaining: 2_186_000,
  bills_paid: [1],
};

export const reviewRecord: Wire<RepayRecord> = {
  payment_id: 'pay-1',
  order_id: ORDER_ID,
  amount: 50_000,
  channel_id: 'STORE_INDOMARET',
  channel_name: 'Indomaret',
  paid_at: '2026-03-20T02:00:00.000Z',
  status: 'review',
  paid: { principal: 0, interest: 0, fee: 0, late_fee: 0 },
  credit_applied: 0,
  paid_with_credit: { principal: 0, interest: 0, fee: 0, late_fee: 0 },
  credit_added: 0,
  remaining: 0,
  bills_paid: [],
};

export const quote = (
  date: string,
  extra: Partial<Wire<SettlementQuoteView>> = {},
): Wire<SettlementQuoteView> => ({
  order_id: ORDER_ID,
  business_date: TODAY,
  date,
  amount: 3_050_000,
  principal: 3_000_000,
  interest: 15_000,
  fee: 26_000,
  late_fee: 9_000,
  credit_applied: 0,
  scheduled_remaining: 3_288_000,
  saved: { interest: 67_800, fee: 170_200, total: 238_000 },
  days_of_use: 34,
  last_date: '2026-06-02',
  ...extra,
});

type LoanRecord = Wire<LoanRecords['list'][number]>;
export const loanRecord = (
  order_id: string,
  group: LoanRecord['group'],
  extra: Partial<LoanRecord> = {},
): LoanRecord => ({
  order_id,
  state: group,
  group,
  amount: 3_000_000,
  amount_received: 2_970_000,
  period: 'month-3-3',
  created_at: '2026-03-02T03:00:00.000Z',
  disbursed_on: group === 'awaiting' || group === 'failed' || group === 'cancelled' ? null : '2026-03-02',
  outstanding: group === 'overdue' || group === 'not_paid' ? 3_288_000 : 0,
  overdue_bills: group === 'overdue' ? 1 : 0,
  days_late: group === 'overdue' ? 3 : 0,
  ...extra,
});

/** The form fields of a POST body. */
export const formBody = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
