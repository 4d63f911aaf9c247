import { describe, expect, it } from 'vitest';
import type { AppConfig } from '@kaskita/domain/contract/config';
import { PLATFORM_FIGURES, tkb90Percent } from '../../src/modules/repayments/platform-figures-service.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { repayingBorrower } from './repayment-helpers.ts';

const t = useTestApp();

async function figures() {
  await t.app.jobs.trigger(PLATFORM_FIGURES);
  await t.app.jobs.whenIdle();
  return (await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' })).body.data.platform_figures;
}

describe('TKB90', () => {
  it('is 100% minus the share of principal more than 90 days late, rounded down to two decimals', () => {
    expect(tkb90Percent(0n, 0n)).toBe('100.00');
    expect(tkb90Percent(1_000_000n, 0n)).toBe('100.00');
    expect(tkb90Percent(1_000_000n, 1_000_000n)).toBe('0.00');
    expect(tkb90Percent(3n, 1n)).toBe('66.66');
    expect(tkb90Percent(1_000_000_000n, 1n)).toBe('99.99');
  });
});

describe('the platform figures job', () => {
  it('publishes the funds disbursed, the borrowers and TKB90 from the loan book, with their date', async () => {
    const configured = (await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' })).body.data;
    await repayingBorrower(t.app, t.database.db, t.clock.now());
    const today = await figures();
    expect(today).toMatchObject({
      funds_disbursed: 2_000_000,
      borrowers: 1,
      tkb90_percent: '100.00',
      lenders: configured.platform_figures.lenders,
    });
    expect(today.as_of).toBe(t.clock.now().toISOString().slice(0, 10));
    // 130 days on, nothing paid: the first bill is more than 90 days late, so the whole loan's principal counts.
    await call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days: 130 } });
    const later = await figures();
    expect(later.tkb90_percent).toBe('0.00');
    expect(later.funds_disbursed).toBe(2_000_000);
  });
});
