import { describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { decisionMessage } from '../../src/modules/application/decision-messages.ts';
import { disbursedMessage } from '../../src/modules/loans/disbursement-messages.ts';

// The SMS write rupiah as the app does ("Rp 2.970.000"), in both languages.
describe('rupiah in the SMS', () => {
  it.each(['id-ID', 'en-US'] as const)('%s: the disbursement and the approval', (locale) => {
    const disbursed = disbursedMessage(locale, {
      received: rupiah(2_970_000),
      bank: 'BCA',
      lastDigits: '0101',
      firstTotal: rupiah(1_102_000),
      firstDue: '2026-04-02',
      agreementUrl: 'https://kaskita.example/a/1',
    });
    expect(disbursed).toContain('Rp 2.970.000');
    expect(disbursed).toContain('Rp 1.102.000');
    expect(decisionMessage(locale, { state: 'approved', limitAmount: rupiah(5_000_000) })).toContain(
      'Rp 5.000.000',
    );
  });
});
