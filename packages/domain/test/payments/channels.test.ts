import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MoneyError, rupiah, type Rupiah } from '../../src/money/rupiah.ts';
import {
  channelsFor,
  PAYMENT_CHANNEL_IDS,
  PAYMENT_CHANNELS,
  paymentChannel,
  type PaymentChannelId,
} from '../../src/payments/channels.ts';

const option = (amount: number, id: PaymentChannelId) => channelsFor(rupiah(amount)).find((c) => c.id === id);

describe('payment channels', () => {
  it('has unique ids, exactly the listed ones', () => {
    const ids = PAYMENT_CHANNELS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...PAYMENT_CHANNEL_IDS].sort());
  });

  it('finds a channel by id, and nothing for an unknown id', () => {
    expect(paymentChannel('VA_BCA')).toMatchObject({ kind: 'va', bank_type: 'BCA', paysWith: 'va_number' });
    expect(paymentChannel('STORE_INDOMARET')).toMatchObject({ kind: 'store', paysWith: 'payment_code' });
    expect(paymentChannel('VA_MANDIRI')?.paysWith).toBe('bill_key');
    expect(paymentChannel('VA_BTN')).toBeUndefined();
    expect(paymentChannel('va_bca')).toBeUndefined();
  });

  it('keeps the id, kind, provider code and way of paying consistent', () => {
    for (const c of PAYMENT_CHANNELS) {
      if (c.kind === 'qris') {
        expect(c).toMatchObject({ id: 'QRIS', bank_type: 'QRIS', paysWith: 'qr_code' });
        continue;
      }
      if (c.kind === 'ewallet') {
        expect(c.id).toBe(`EWALLET_${c.bank_type}`);
        expect(c.paysWith).toBe(c.bank_type === 'OVO' ? 'wallet_push' : 'wallet_redirect');
        continue;
      }
      expect(c.id).toBe(`${c.kind === 'va' ? 'VA' : 'STORE'}_${c.bank_type}`);
      if (c.kind === 'store') expect(c.paysWith).toBe('payment_code');
      else expect(c.paysWith).toBe(c.bank_type === 'MANDIRI' ? 'bill_key' : 'va_number');
      expect(Number.isSafeInteger(c.minAmount) && Number.isSafeInteger(c.maxAmount)).toBe(true);
      expect(c.minAmount).toBeLessThanOrEqual(c.maxAmount);
    }
  });

  it('uses the gateway limits', () => {
    expect(paymentChannel('VA_BCA')).toMatchObject({ minAmount: 10_000, maxAmount: 50_000_000 });
    expect(paymentChannel('STORE_ALFAMART')).toMatchObject({ minAmount: 10_000, maxAmount: 2_500_000 });
    expect(paymentChannel('STORE_INDOMARET')).toMatchObject({ minAmount: 10_000, maxAmount: 5_000_000 });
    expect(paymentChannel('QRIS')).toMatchObject({ minAmount: 1_000, maxAmount: 10_000_000 });
    expect(paymentChannel('EWALLET_OVO')).toMatchObject({ minAmount: 1_000, maxAmount: 20_000_000 });
  });

  it('decides availability at the exact boundaries', () => {
    for (const c of PAYMENT_CHANNELS) {
      expect(option(c.minAmount - 1, c.id)).toMatchObject({ available: false, reason: 'below_min' });
      expect(option(c.minAmount, c.id)).toMatchObject({ available: true, reason: null });
      expect(option(c.maxAmount, c.id)).toMatchObject({ available: true, reason: null });
      expect(option(c.maxAmount + 1, c.id)).toMatchObject({ available: false, reason: 'above_max' });
    }
    expect(option(2_500_001, 'STORE_ALFAMART')?.reason).toBe('above_max');
    expect(option(2_500_001, 'STORE_INDOMARET')?.available).toBe(true);
  });

  it('lists every channel for any amount, available exactly within its limits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 60_000_000 }), (amount) => {
        const options = channelsFor(rupiah(amount));
        expect(options.map((o) => o.id)).toEqual(PAYMENT_CHANNELS.map((c) => c.id));
        for (const o of options) {
          expect(o.available).toBe(amount >= o.minAmount && amount <= o.maxAmount);
          expect(o.reason === null).toBe(o.available);
        }
      }),
    );
  });

  it('refuses a fractional amount', () => {
    // A number that bypassed the type (from JSON, say) is still refused.
    expect(() => channelsFor(10_000.5 as Rupiah)).toThrow(MoneyError);
  });
});
