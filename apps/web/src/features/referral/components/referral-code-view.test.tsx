import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Referral, WalletCoupon } from '@kaskita/domain/contract/referral';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ReferralCodeView } from './referral-code-view.tsx';

const coupon = (id: string, extra: Partial<WalletCoupon> = {}): WalletCoupon => ({
  id,
  label: 'Friend referral reward: Rp50,000 off interest and fees',
  plans: ['pay-later.month-3-3'],
  state: 'available',
  expires_at: '2027-03-01T05:00:00.000Z',
  used_at: null,
  created_at: '2026-12-01T05:00:00.000Z',
  ...extra,
});

const REFERRAL: Referral = {
  code: 'K7M2Q9XP',
  link: 'https://kaskita.test/third/referral/login?ref=K7M2Q9XP',
  friends_joined: 3,
  coupons: [
    coupon('W-a'),
    coupon('W-b', { state: 'used', used_at: '2026-12-20T05:00:00.000Z' }),
    coupon('W-c', { state: 'expired', expires_at: '2026-12-02T05:00:00.000Z' }),
  ],
};

const setNavigator = (name: 'clipboard' | 'share', value: unknown) =>
  Object.defineProperty(navigator, name, { value, configurable: true });

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});
afterEach(async () => {
  await act(() => setLocale('en-US'));
});

describe('my referral code', { timeout: 20_000 }, () => {
  it('shows the code, the link, the friends who joined and each coupon with its state', async () => {
    fetch.mockImplementation(contractServer({ getReferral: REFERRAL }));
    renderApp(<ReferralCodeView />);
    expect((await screen.findByTestId('referral-code')).textContent).toContain('K7M2Q9XP');
    expect(screen.getByTestId('referral-link').textContent).toContain(REFERRAL.link);
    expect(screen.getByTestId('referral-friends').textContent).toContain('3');
    const available = screen.getByTestId('referral-coupon-W-a');
    expect(available.textContent).toContain('Rp50,000 off interest and fees');
    expect(available.textContent).toContain('For pay-later: 3 months');
    expect(available.textContent).toContain('Valid until 01/03/2027');
    expect(screen.getByTestId('referral-coupon-state-W-a').textContent).toContain('Available');
    expect(screen.getByTestId('referral-coupon-W-b').textContent).toContain('Used on 20/12/2026');
    expect(screen.getByTestId('referral-coupon-state-W-b').textContent).toContain('Used');
    expect(screen.getByTestId('referral-coupon-state-W-c').textContent).toContain('Expired');
    await act(() => setLocale('id-ID'));
    expect(screen.getByTestId('referral-coupon-state-W-b').textContent).toContain('Sudah dipakai');
    expect(screen.getByTestId('referral-coupon-state-W-c').textContent).toContain('Kedaluwarsa');
  });

  it('says so when no coupon is earned yet', async () => {
    fetch.mockImplementation(
      contractServer({ getReferral: { ...REFERRAL, friends_joined: 0, coupons: [] } }),
    );
    renderApp(<ReferralCodeView />);
    expect(await screen.findByTestId('referral-no-coupons')).toBeTruthy();
    expect(screen.getByTestId('referral-friends').textContent).toContain('0');
  });

  it('copies the code and the link, and shares through the phone when it can', async () => {
    fetch.mockImplementation(contractServer({ getReferral: REFERRAL }));
    const share = vi.fn(() => Promise.resolve());
    setNavigator('share', share);
    try {
      const { user } = renderApp(<ReferralCodeView />);
      await screen.findByTestId('referral-code');
      // After user-event's setup, which puts its own clipboard on the navigator.
      const writeText = vi.fn(() => Promise.resolve());
      setNavigator('clipboard', { writeText });
      await user.click(screen.getByTestId('referral-code-copy'));
      expect(writeText).toHaveBeenCalledWith('K7M2Q9XP');
      await waitFor(() => expect(screen.getByTestId('referral-code-copy').textContent).toContain('Copied'));
      await user.click(screen.getByTestId('referral-link-copy'));
      expect(writeText).toHaveBeenLastCalledWith(REFERRAL.link);
      await user.click(screen.getByTestId('referral-share'));
      expect(share).toHaveBeenCalledWith({
        title: 'KasKita',
        text: 'Join me on KasKita with my invitation code K7M2Q9XP',
        url: REFERRAL.link,
      });
    } finally {
      setNavigator('share', undefined);
    }
  });

  it('offers no share button where the phone has no share sheet', async () => {
    fetch.mockImplementation(contractServer({ getReferral: REFERRAL }));
    setNavigator('share', undefined);
    renderApp(<ReferralCodeView />);
    await screen.findByTestId('referral-code');
    expect(screen.queryByTestId('referral-share')).toBeNull();
  });
});
