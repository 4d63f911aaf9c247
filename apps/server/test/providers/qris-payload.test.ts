import { describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { dynamicQris, qrisCrc, readQris } from '../../src/providers/payment-gateway/qris-payload.ts';

describe('the sandbox QRIS payload', () => {
  it('computes the CRC EMVCo names (CRC-16/CCITT-FALSE)', () => {
    // The catalogue check value of CRC-16/CCITT-FALSE.
    expect(qrisCrc('123456789')).toBe('29B1');
  });

  it('writes a dynamic code for the amount and reference that any reader can read back', () => {
    const text = dynamicQris({
      amount: rupiah(1_250_000),
      reference: 'a'.repeat(36),
      nmid: 'ID1026000000001',
    });
    expect(text.startsWith('000201010212')).toBe(true);
    const fields = readQris(text)!;
    expect(fields.get('54')).toBe('1250000');
    expect(fields.get('53')).toBe('360');
    expect(fields.get('58')).toBe('ID');
    expect(fields.get('62')).toBe(`0525${'a'.repeat(25)}`);
    expect(fields.get('51')).toContain('ID1026000000001');
  });

  it('refuses a text whose amount was changed or whose structure is broken', () => {
    const text = dynamicQris({ amount: rupiah(50_000), reference: 'ref-1', nmid: 'ID1026000000001' });
    expect(readQris(text.replace('540550000', '540560000'))).toBeNull();
    expect(readQris(text.slice(0, 30) + qrisCrc(text.slice(0, 30)))).toBeNull();
    expect(readQris('')).toBeNull();
  });
});
