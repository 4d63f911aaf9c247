import { describe, expect, it } from 'vitest';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { SandboxAnalyticsProvider } from '../../src/providers/analytics/sandbox-analytics-provider.ts';
import {
  SANDBOX_BUREAU_SERIALS,
  SandboxCreditBureauProvider,
} from '../../src/providers/credit-bureau/sandbox-credit-bureau-provider.ts';

describe('sandbox credit bureau', () => {
  const bureau = new SandboxCreditBureauProvider();
  const lookup = (nik: string) => bureau.lookup({ nik, purpose: 'application' });
  // Any region and birth date: the sandbox reads the serial (last four digits).
  const N = Object.fromEntries(
    Object.entries(SANDBOX_BUREAU_SERIALS).map(([name, serial]) => [name, `327105450695${serial}`]),
  ) as Record<keyof typeof SANDBOX_BUREAU_SERIALS, string>;
  const activePlatforms = async (nik: string) =>
    new Set((await lookup(nik)).loans.filter((l) => l.status === 'outstanding').map((l) => l.platformId))
      .size;

  it('answers each documented test NIK the same way every time', async () => {
    expect(await activePlatforms(N.oneCurrentLoan)).toBe(1);
    expect(await activePlatforms(N.threePlatforms)).toBe(3);
    expect(await activePlatforms(N.paidOff)).toBe(0);
    const delinquent = await lookup(N.delinquent);
    expect(delinquent.found).toBe(true);
    expect(delinquent.loans.map((l) => [l.status, l.quality, l.maxDaysPastDue])).toEqual([
      ['outstanding', 'loss', 120],
      ['written_off', 'loss', 200],
    ]);
    expect(await lookup(N.delinquent)).toEqual(delinquent);
  });

  it('has two platforms for 9905, and is unavailable for 9906', async () => {
    expect(await activePlatforms(N.twoPlatforms)).toBe(2);
    await expect(lookup(N.unavailable)).rejects.toMatchObject({ name: 'CreditBureauUnavailableError' });
  });

  it('knows no other NIK, and refuses a malformed one', async () => {
    expect(await lookup('3271054506950003')).toEqual({ found: false, loans: [] });
    await expect(lookup('317101010190')).rejects.toThrowError(TypeError);
  });

  it('hands out copies: a caller cannot change the next answer', async () => {
    const first = await lookup(N.oneCurrentLoan);
    first.loans[0]!.outstanding = ZERO_RUPIAH;
    expect((await lookup(N.oneCurrentLoan)).loans[0]?.outstanding).toBe(1_500_000);
  });
});

describe('sandbox analytics', () => {
  it('keeps only the event name and time, whatever else a caller passes', () => {
    const analytics = new SandboxAnalyticsProvider();
    const at = new Date('2026-03-02T03:00:00Z');
    const event = { name: 'loan_application_submitted', at, phone: '6281234567890' };
    analytics.track(event);
    expect(analytics.recent()).toEqual([{ name: 'loan_application_submitted', at }]);
    expect(JSON.stringify(analytics.recent())).not.toContain('6281234567890');
  });

  it('keeps the newest events up to its capacity', () => {
    const analytics = new SandboxAnalyticsProvider(2);
    for (const name of ['a_one', 'a_two', 'a_three']) analytics.track({ name, at: new Date(0) });
    expect(analytics.recent().map((e) => e.name)).toEqual(['a_two', 'a_three']);
  });

  it('refuses names that are not snake_case (a phone or a sentence is not an event)', () => {
    const analytics = new SandboxAnalyticsProvider();
    for (const name of ['6281234567890', 'Loan Submitted', '', 'x'.repeat(65)])
      expect(() => analytics.track({ name, at: new Date(0) })).toThrowError(TypeError);
  });
});
