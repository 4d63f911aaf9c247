import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { LOCALES } from '../../src/i18n/locale.ts';
import { PAYMENT_CHANNELS } from '../../src/payments/channels.ts';
import {
  HowToPayError,
  howToPay,
  howToPayTemplates,
  PLACEHOLDERS,
  EWALLET_METHODS,
  QRIS_METHODS,
  STORE_METHODS,
  VA_METHODS,
} from '../../src/payments/how-to-pay.ts';

const ALL_VALUES = {
  number: '8808123456789012',
  amount: rupiah(1_234_567),
  biller_code: '88908',
  bill_key: '112233445566',
};

describe('how to pay', () => {
  it('has steps for every required method in both languages, the same count in each', () => {
    for (const c of PAYMENT_CHANNELS) {
      const templates = howToPayTemplates(c.id);
      const methods = { va: VA_METHODS, store: STORE_METHODS, qris: QRIS_METHODS, ewallet: EWALLET_METHODS }[
        c.kind
      ];
      expect(templates.map((t) => t.method)).toEqual([...methods]);
      for (const { steps } of templates) {
        expect(steps.length).toBeGreaterThanOrEqual(3);
        for (const step of steps) for (const locale of LOCALES) expect(step[locale].trim()).not.toBe('');
      }
    }
  });

  it('keeps every step one short sentence', () => {
    for (const c of PAYMENT_CHANNELS)
      for (const { steps } of howToPayTemplates(c.id))
        for (const step of steps)
          for (const locale of LOCALES) {
            const text = step[locale];
            expect(text.length, text).toBeLessThanOrEqual(100);
            expect(text, text).toMatch(/^[A-Z][^\n]*\.$/);
            expect(text.slice(0, -1), text).not.toMatch(/[.!?]\s/);
          }
  });

  it('ends every method with the check that the payee is KasKita', () => {
    for (const c of PAYMENT_CHANNELS)
      for (const locale of LOCALES)
        for (const { steps } of howToPay(c.id, locale, ALL_VALUES)) expect(steps.at(-1)).toContain('KasKita');
  });

  it('uses only known placeholders and fills them all', () => {
    const known = new Set<string>(PLACEHOLDERS);
    for (const c of PAYMENT_CHANNELS) {
      for (const { steps } of howToPayTemplates(c.id))
        for (const step of steps)
          for (const locale of LOCALES)
            for (const [, name] of step[locale].matchAll(/\{(\w+)\}/g)) expect(known).toContain(name);
      for (const locale of LOCALES)
        for (const { title, steps } of howToPay(c.id, locale, ALL_VALUES)) {
          expect(title).not.toBe('');
          for (const step of steps) expect(step).not.toMatch(/[{}]/);
        }
    }
  });

  it('shows the number and the amount as Indonesian rupiah', () => {
    const [atm] = howToPay('VA_BCA', 'id-ID', ALL_VALUES);
    expect(atm?.method).toBe('atm');
    expect(atm?.steps.join(' ')).toContain('8808123456789012');
    expect(atm?.steps.at(-1)).toContain('Rp 1.234.567');
    const [cashier] = howToPay('STORE_ALFAMART', 'en-US', ALL_VALUES);
    expect(cashier?.title).toBe('Pay at the cashier');
    expect(cashier?.steps.join(' ')).toContain('"KasKita"');
    expect(cashier?.steps.at(-1)).toContain('exactly Rp 1.234.567');
  });

  it("has Mandiri's steps use the biller code and the bill key, never an account number", () => {
    for (const locale of LOCALES)
      for (const { steps } of howToPay('VA_MANDIRI', locale, { ...ALL_VALUES, number: 'NOT-USED' })) {
        const text = steps.join(' ');
        expect(text).toContain('88908');
        expect(text).toContain('112233445566');
        expect(text).toContain('Multipayment');
        expect(text).not.toContain('NOT-USED');
      }
  });

  it("takes Mandiri's bill key from the number when not given apart, as the gateway returns it", () => {
    const values = { number: '556677', biller_code: '88908', amount: rupiah(50_000) };
    for (const { steps } of howToPay('VA_MANDIRI', 'en-US', values))
      expect(steps.join(' ')).toContain('556677');
  });

  it('names the bank menus', () => {
    const mobile = (id: Parameters<typeof howToPay>[0]) =>
      howToPay(id, 'id-ID', ALL_VALUES)
        .find((m) => m.method === 'mobile_banking')
        ?.steps.join(' ');
    expect(mobile('VA_BCA')).toContain('"m-Transfer" > "BCA Virtual Account"');
    expect(mobile('VA_MANDIRI')).toContain("Livin' by Mandiri");
    expect(mobile('VA_BRI')).toContain('BRImo');
    expect(mobile('VA_BNI')).toContain('"Virtual Account Billing"');
    expect(mobile('VA_PERMATA')).toContain('PermataMobile X');
    expect(mobile('VA_CIMB')).toContain('OCTO Mobile');
    expect(mobile('VA_BSI')).toContain('BSI Mobile');
  });

  it('has QRIS steps for scanning and for a saved image, needing only the amount', () => {
    for (const locale of LOCALES) {
      const ways = howToPay('QRIS', locale, { amount: rupiah(75_500) });
      expect(ways.map((w) => w.method)).toEqual(['qris_scan', 'qris_gallery']);
      for (const { steps } of ways) expect(steps.at(-1)).toContain('Rp 75.500');
    }
    const gallery = howToPay('QRIS', 'en-US', { amount: rupiah(75_500) })[1]!;
    expect(gallery.steps.join(' ')).toContain('Save QR image');
  });

  it('refuses to give steps with a missing value', () => {
    expect(() => howToPay('VA_MANDIRI', 'id-ID', { number: '1', amount: rupiah(50_000) })).toThrow(
      /VA_MANDIRI: no value for \{biller_code\}/,
    );
    expect(() => howToPay('VA_MANDIRI', 'id-ID', { biller_code: '88908', amount: rupiah(50_000) })).toThrow(
      HowToPayError,
    );
    expect(() => howToPay('VA_BNI', 'en-US', { amount: rupiah(50_000) })).toThrow(
      /VA_BNI: no value for \{number\}/,
    );
    expect(() => howToPay('VA_BNI', 'en-US', { number: '', amount: rupiah(50_000) })).toThrow(HowToPayError);
    expect(howToPay('VA_BNI', 'en-US', { number: '988', amount: rupiah(50_000) })).toHaveLength(3);
  });
});
