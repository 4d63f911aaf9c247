import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type Wire } from '../../../test/api-answer.ts';
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { configureApi } from '../../../lib/api-effects.ts';
import { getLandingExample } from './get-landing-example.ts';

const example: Wire<LandingExample> = {
  product_name: 'KasKita Tunai',
  amount: 3_000_000,
  tenor_months: 3,
  instalments: 3,
  total_interest_and_fees: 261_000,
  instalment: 1_087_000,
  total_repayment: 3_261_000,
  amount_received: 3_000_000,
  daily_interest_percent: '0.03',
  daily_service_fee_percent: '0.07',
  daily_late_fee_percent: '0.1',
  daily_cost_percent: '0.1',
  origination_fee_percent: '0',
  origination_fee_fixed: 0,
  min_amount: 400_000,
  max_amount: 30_000_000,
  max_tenor_months: 6,
};

describe('landing example', () => {
  const effects = { error: vi.fn(), warning: vi.fn() };
  beforeEach(() => {
    effects.error.mockClear();
    effects.warning.mockClear();
    configureApi(effects);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('returns the example on success', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 200, msg: 'OK', data: example })));
    await expect(getLandingExample()).resolves.toEqual(example);
  });

  it.each([
    ['a missing field', { ...example, amount_received: undefined }],
    ['a rate as a number instead of an exact percent string', { ...example, daily_cost_percent: 0.1 }],
    ['an amount in fractions of a rupiah', { ...example, amount: 3_000_000.5 }],
    ['no data', null],
  ])('an answer the contract refuses (%s) is "not available", without any toast', async (_name, data) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 200, msg: 'OK', data })));
    await expect(getLandingExample()).resolves.toBeNull();
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });

  it('a failed call is "not available", without any toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json({ code: 4040, msg: 'Not found', data: null }, 404)),
    );
    await expect(getLandingExample()).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(getLandingExample()).resolves.toBeNull();
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.warning).not.toHaveBeenCalled();
  });
});
