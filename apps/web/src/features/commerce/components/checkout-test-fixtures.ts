import type { CommerceOrderView, CommercePlan, RepayPreview } from '@kaskita/domain/contract/commerce';
import type { Wire } from '../../../test/api-answer.ts';

export const SIGN_KEY = 'sign-key-0123456789abcdef';

export const order: Wire<CommerceOrderView> = {
  order_id: 'o-1',
  merchant_name: 'Demo Shop',
  merchant_order_id: 'shop-42',
  items: [{ name: 'Sepatu lari', quantity: 2, price: 1_500_000 }],
  amount: 3_000_000,
  status: 'unpaid',
  refunded_amount: 0,
  expires_at: '2026-11-28T18:30:00.000Z',
  return_url: 'https://shop.example/return',
  available_amount: 10_000_000,
  pay_pin_set: true,
  coupons: [{ id: 'PL3-50K', label: 'Rp50,000 off interest and fees', plans: ['pay-later.month-3-3'] }],
  plan: null,
};

const plan = (pid: string, instalments: number, total: number, free = false): Wire<CommercePlan> => ({
  pid,
  product_id: pid.split('.')[0]!,
  period: pid.split('.')[1]!,
  label: instalments > 1 ? `${instalments} months` : '30 days',
  free_interest: free,
  instalments,
  amount: 3_000_000,
  interest: total - 3_000_000 - 27_000,
  fee: 27_000,
  discount: 0,
  total,
  first_instalment: Math.ceil(total / instalments),
  coupon_id: null,
});

export const plans = {
  list: [plan('pay-later.day-30-1', 1, 3_099_000), plan('pay-later.month-3-3', 3, 3_300_000)],
};

export const visitorPlans = {
  list: [plan('pay-later-free-interest.day-30-1', 1, 3_027_000, true)],
};

export function preview(pid: string, couponId: string | null): Wire<RepayPreview> {
  const discount = couponId ? 60_000 : 0;
  return {
    ...plan(pid, 3, 3_300_000 - discount),
    interest: 273_000 - discount,
    discount,
    coupon_id: couponId,
    schedule: [1, 2, 3].map((n) => ({
      number: n,
      due_date: `2027-0${n}-28`,
      principal: 1_000_000,
      interest: (273_000 - discount) / 3,
      fee: 9_000,
      total: 1_000_000 + (273_000 - discount) / 3 + 9_000,
    })),
  };
}
