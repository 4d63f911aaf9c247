import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer, offline } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { CheckoutOrder } from './checkout-order.tsx';
import type { CheckoutChoice } from '../checkout-query.ts';
import { order, plans, preview, SIGN_KEY, visitorPlans } from './checkout-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

const APPROVED = 2;
const path = `/third/pay/order?sign_key=${SIGN_KEY}`;
const calls = () => fetch.mock.calls.map(callOf);
/** The query of the n-th call of a kind. */
const queryOf = (id: string, n = 0) =>
  new URL(String(fetch.mock.calls.filter((c) => callOf(c) === id)[n]![0]), 'http://x').searchParams;
/** The form body of the n-th call of a kind. */
const bodyOf = (id: string, n = 0) =>
  new URLSearchParams(String((fetch.mock.calls.filter((c) => callOf(c) === id)[n]![1] as RequestInit).body));

/** The page as the route renders it, the choice kept in state as the route keeps it in the address. */
function Harness({
  initial,
  signedIn,
  verify,
}: {
  initial: CheckoutChoice;
  signedIn: boolean;
  verify?: number;
}) {
  const [choice, setChoice] = useState(initial);
  return <CheckoutOrder choice={choice} signedIn={signedIn} verify={verify} onChoose={setChoice} />;
}

function renderCheckout(
  choice: CheckoutChoice,
  { signedIn, verify }: { signedIn: boolean; verify?: number },
) {
  if (signedIn) localStorage.setItem(LOCAL_KEYS.token, 'tok');
  return renderApp(<Harness initial={choice} signedIn={signedIn} verify={verify} />, { path });
}

/** repay_preview answered for whatever plan and coupon were asked. */
const previewOf = (...call: unknown[]) => {
  const q = new URL(String(call[0]), 'http://x').searchParams;
  return Promise.resolve(answer(200, preview(q.get('pid')!, q.get('coupon_id'))));
};

function server(extra: Record<string, unknown> = {}) {
  const answers = contractServer({
    getCommerceOrder: order,
    getCommerceProducts: plans,
    getCommerceOrderFree: { ...order, available_amount: null, pay_pin_set: null, coupons: [] },
    getCommerceProductsFree: visitorPlans,
    ...extra,
  });
  return (...call: unknown[]) => {
    const id = callOf(call);
    if (id === 'getRepayPreview' || id === 'getRepayPreviewFree') return previewOf(...call);
    return answers(...call);
  };
}

describe('checkout order', { timeout: 20_000 }, () => {
  it('says what the page is while the order loads, in the place it keeps once the plans are priced', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers = server();
    fetch.mockImplementation(async (...call: unknown[]) => {
      await held;
      return answers(...call);
    });
    renderCheckout({ sign_key: SIGN_KEY }, { signedIn: false });
    const intro = await screen.findByTestId('checkout-intro');
    expect(intro.textContent).toMatch(/^Pay for this order later with KasKita/);
    screen.getByTestId('checkout-loading');
    // First in its frame while loading (the prerendered page's first paint) ...
    expect(intro.parentElement!.firstElementChild).toBe(intro);
    release();
    await screen.findByTestId('checkout-schedule');
    // ... and still first above the order, so nothing that arrives pushes it down.
    const after = screen.getByTestId('checkout-intro');
    expect(after.parentElement!.firstElementChild).toBe(after);
    expect(after.nextElementSibling!.contains(screen.getByTestId('checkout-merchant'))).toBe(true);
  });

  it('a visitor sees the free-interest offer through the _free calls, and signs in keeping the choice', async () => {
    fetch.mockImplementation(server());
    renderCheckout({ sign_key: SIGN_KEY }, { signedIn: false });
    expect((await screen.findByTestId('checkout-merchant')).textContent).toBe('Pay later at Demo Shop');
    expect(screen.getByTestId('checkout-amount').textContent).toBe('Rp 3.000.000');
    await screen.findByTestId('checkout-schedule');
    expect(new Set(calls())).toEqual(
      new Set(['getCommerceOrderFree', 'getCommerceProductsFree', 'getRepayPreviewFree']),
    );
    expect(queryOf('getRepayPreviewFree').get('pid')).toBe('pay-later-free-interest.day-30-1');
    const signIn = screen.getByTestId('checkout-sign-in');
    expect(signIn.getAttribute('href')).toBe(
      `/third/pay/sign-in?sign_key=${SIGN_KEY}&product_id=pay-later-free-interest.day-30-1`,
    );
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('a coupon is offered only with its plan, priced before the PIN; a wrong PIN says the tries left; the right one pays', async () => {
    let purchases = 0;
    fetch.mockImplementation(
      server({
        createCommerceLoan: () =>
          ++purchases === 1
            ? answer(4417, { tries_left: 4 }, 'The payment PIN is incorrect')
            : answer(200, {
                order_id: 'o-1',
                loan_id: 'l-1',
                status: 'paid',
                return_url: order.return_url,
                plan: plans.list[1],
              }),
      }),
    );
    const app = renderCheckout({ sign_key: SIGN_KEY }, { signedIn: true, verify: APPROVED });
    await screen.findByTestId('checkout-schedule');
    expect(screen.queryByTestId('checkout-coupon-PL3-50K')).toBeNull();

    await app.user.click(screen.getByTestId('checkout-plan-pay-later.month-3-3'));
    await app.user.click(await screen.findByTestId('checkout-coupon-PL3-50K'));
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe('Rp 3.240.000'));
    expect(screen.getByTestId('checkout-discount').textContent).toContain('Rp 60.000');
    expect(screen.getAllByTestId('checkout-instalment')).toHaveLength(3);

    await app.user.click(screen.getByTestId('checkout-pay'));
    await app.user.type(await screen.findByTestId('checkout-pin'), '111111');
    expect(await screen.findByText('Wrong PIN. 4 tries left before it locks.')).toBeTruthy();
    expect(bodyOf('createCommerceLoan').get('coupons_id')).toBe('PL3-50K');
    expect(bodyOf('createCommerceLoan').get('product_id')).toBe('pay-later.month-3-3');

    await app.user.type(screen.getByTestId('checkout-pin'), '246810');
    await waitFor(() => expect(app.location()).toBe(`/third/deal-success?sign_key=${SIGN_KEY}`));
    expect(bodyOf('createCommerceLoan', 1).get('pay_pin')).toBe('246810');
  });

  it('a borrower without a PIN is sent to set one with the choice kept', async () => {
    fetch.mockImplementation(server({ getCommerceOrder: { ...order, pay_pin_set: false } }));
    const app = renderCheckout(
      { sign_key: SIGN_KEY, product_id: 'pay-later.month-3-3' },
      { signedIn: true, verify: APPROVED },
    );
    await screen.findByTestId('checkout-schedule');
    await app.user.click(screen.getByTestId('checkout-pay'));
    expect(app.location()).toBe(`/third/pay/set-passwd?sign_key=${SIGN_KEY}&product_id=pay-later.month-3-3`);
  });

  it('a borrower without an approved limit goes to not-auth; one over the limit cannot pay', async () => {
    fetch.mockImplementation(server({ getCommerceOrder: { ...order, available_amount: 1_000_000 } }));
    const unaudited = renderCheckout({ sign_key: SIGN_KEY }, { signedIn: true, verify: 0 });
    await waitFor(() => expect(unaudited.location()).toBe(`/third/pay/status/not-auth?sign_key=${SIGN_KEY}`));
    unaudited.unmount();

    renderCheckout({ sign_key: SIGN_KEY }, { signedIn: true, verify: APPROVED });
    await screen.findByTestId('checkout-schedule');
    expect(screen.getByText(/above the pay-later limit you have now \(Rp 1\.000\.000\)/)).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('checkout-pay').disabled).toBe(true);
  });

  it('a purchase whose answer was lost reads the order again: paid is a success, never a second purchase', async () => {
    let paid = false;
    fetch.mockImplementation(
      server({
        getCommerceOrder: () => answer(200, { ...order, status: paid ? 'paid' : 'unpaid' }),
        createCommerceLoan: () => {
          paid = true;
          return offline();
        },
      }),
    );
    const app = renderCheckout({ sign_key: SIGN_KEY }, { signedIn: true, verify: APPROVED });
    await screen.findByTestId('checkout-schedule');
    await app.user.click(screen.getByTestId('checkout-pay'));
    await app.user.type(await screen.findByTestId('checkout-pin'), '246810');
    await waitFor(() => expect(app.location()).toBe(`/third/deal-success?sign_key=${SIGN_KEY}`));
    expect(calls().filter((c) => c === 'createCommerceLoan')).toHaveLength(1);
  });
});
