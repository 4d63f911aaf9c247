import { describe, expect, it } from 'vitest';
import { footerVisible } from './footer-visibility.ts';

describe('footerVisible', () => {
  it.each([
    ['/home', true],
    ['/home/', true],
    ['/home/unaudited', true],
    ['/home/pay-back', true],
    ['/home/pay-back-detail', false],
    ['/home/pay-back-methods', false],
    ['/home/relief', false],
    ['/activity/flexible-repayment', false],
    ['/me/repayment-history', false],
    ['/me/loan-history', false],
    ['/bill', true],
    ['/me', true],
    ['/me/', true],
    ['/me/modify-password', false],
    ['/me/help', false],
    ['/me/bank-card', false],
    ['/me/bank-card-add/1', false],
    ['/login/main', false],
    ['/landing-page', false],
    ['/user-into/ktp', false],
    ['/home/add-bank', false],
    ['/homework', false],
    ['/', false],
  ])('%s -> %s', (path, visible) => expect(footerVisible(path)).toBe(visible));
});
