import { describe, expect, it } from 'vitest';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
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
