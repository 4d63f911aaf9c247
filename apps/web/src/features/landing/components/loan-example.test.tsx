import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { landingExampleSchema } from '@kaskita/domain/contract/landing';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { setLocale } from '../../../lib/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { instalmentBreakdown, LoanExample } from './loan-example.tsx';

afterEach(async () => {
  await act(() => setLocale('en-US'));
});

/**
 * What the seeded cash loan answers for 3,000,000 over 3 months (a 30-day month, then two 31-day ones), read by the
 * contract's schema as the api client reads it.
 */
const example = landingExampleSchema.parse({
  product_name: 'Pinjaman tunai',
  amount: 3_000_000,
  tenor_months: 3,
  instalments: 3,
  total_interest_and_fees: 276_000,
  instalment: 1_090_000,
  total_repayment: 3_276_000,
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
});

const rowValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;

describe('the loan example adds up', () => {
  it('never claims 3 × the first instalment when the total says otherwise', () => {
    renderApp(<LoanExample example={example} loading={false} />);
    expect(screen.queryByText(/3 × Rp 1\.090\.000/)).toBeNull();
    expect(rowValue('First instalment')).toBe('Rp 1.090.000');
    expect(rowValue('The other 2 instalments, together')).toBe('Rp 2.186.000');
    expect(rowValue('Total repayment')).toBe('Rp 3.276.000');
    expect(screen.getByTestId('loan-example-sum').textContent).toContain(
      'Rp 1.090.000 + Rp 2.186.000 = Rp 3.276.000',
    );
  });

  it('equal instalments are shown as count × amount, which is the total', () => {
    const equal = { ...example, instalment: rupiah(1_092_000) };
    renderApp(<LoanExample example={equal} loading={false} />);
    expect(rowValue('Instalments')).toBe('3 × Rp 1.092.000');
    expect(screen.queryByTestId('loan-example-sum')).toBeNull();
  });

  it('every breakdown sums to the total repayment', () => {
    for (const [n, first, total] of [
      [3, 1_090_000, 3_276_000],
      [1, 3_090_000, 3_090_000],
      [6, 517_000, 3_105_000],
      [2, 1_545_000, 3_093_000],
    ] as const) {
      const b = instalmentBreakdown({
        instalments: n,
        instalment: rupiah(first),
        total_repayment: rupiah(total),
      });
      expect(b.equal ? b.count * b.amount : b.first + b.rest).toBe(total);
    }
  });

  it('names the product and writes rates in the reader language', async () => {
    renderApp(<LoanExample example={example} loading={false} />);
    expect(rowValue('Product')).toBe('Cash loan');
    expect(rowValue('Total daily cost')).toBe('0.1%');
    await act(() => setLocale('id-ID'));
    expect(rowValue('Produk')).toBe('Pinjaman tunai');
    expect(screen.getByText('0,1%')).toBeTruthy();
  });
});
