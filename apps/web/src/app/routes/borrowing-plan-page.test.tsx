import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  agreement,
  formBody,
  order,
  ORDER_ID,
  plan,
} from '../../features/loans/components/loans-test-fixtures.ts';
import { BorrowingPlanPage } from './loan-pages.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  window.dataLayer = [];
});

const path = '/home/borrowing-plan?pid=cash-loan&money=3000000&period=month-3-3&purpose_id=101';
const PIN = '246810';
const pinsSent = () =>
  fetch.mock.calls
    .filter((c) => callOf(c) === 'createLoanOrder')
    .map((c) => formBody(c[1] as RequestInit).pay_pin);

/** The plan page (its route: the order is confirmed with the payment PIN once set), agreement read and accepted. */
async function acceptedPlan(payPinSet: boolean) {
  fetch.mockImplementation(
    contractServer({
      getLoanPlan: plan,
      getLoanAgreement: agreement,
      createLoanOrder: (init: RequestInit) => {
        const pin = formBody(init).pay_pin;
        if (!payPinSet || pin === PIN) return answer(200, order);
        if (pin === undefined) return answer(4427, null, 'Enter your 6-digit payment PIN to confirm');
        return answer(4417, { tries_left: 4 }, 'The payment PIN is incorrect');
      },
    }),
  );
  const app = renderApp(<BorrowingPlanPage />, { path });
  await screen.findByTestId('plan-received');
  await app.user.click(screen.getByTestId('open-agreement'));
  const sheet = await screen.findByRole('dialog', { name: 'LOAN AGREEMENT' });
  await app.user.click(within(sheet).getByTestId('agreement-close'));
  await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('agree').disabled).toBe(false));
  await app.user.click(screen.getByTestId('agree'));
  await app.user.click(screen.getByTestId('submit-loan'));
  return app;
}

describe('/home/borrowing-plan and the payment PIN', { timeout: 20_000 }, () => {
  it('a borrower without a PIN orders at once, sending none', async () => {
    const app = await acceptedPlan(false);
    await waitFor(() => expect(app.location()).toBe(`/loan/loan-success?order_id=${ORDER_ID}`));
    expect(pinsSent()).toEqual([undefined]);
    expect(screen.queryByTestId('pin-confirm-sheet')).toBeNull();
  });

  it('with a PIN set, the server asks for it and the order waits for it: a wrong one is said under it, the right one orders', async () => {
    const app = await acceptedPlan(true);
    const pin = await screen.findByTestId('pin-confirm', {}, { timeout: 5000 });
    // Sent first without a PIN (most borrowers have none): the server asked for it.
    expect(pinsSent()).toEqual([undefined]);
    expect(screen.queryByTestId('order-error')).toBeNull();
    // One order per tap: the button waits with the sheet.
    expect(screen.getByTestId<HTMLButtonElement>('submit-loan').disabled).toBe(true);
    await app.user.type(pin, '111111');
    await waitFor(() =>
      expect(screen.getByTestId('pin-confirm-sheet').textContent).toContain(
        'Wrong PIN. 4 tries left before it locks.',
      ),
    );
    await app.user.type(screen.getByTestId('pin-confirm'), PIN);
    await waitFor(() => expect(app.location()).toBe(`/loan/loan-success?order_id=${ORDER_ID}`));
    expect(pinsSent()).toEqual([undefined, '111111', PIN]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a forgotten PIN: the sheet sends the borrower to choose a new one, to come back to this plan, ordering nothing', async () => {
    const app = await acceptedPlan(true);
    await app.user.click(await screen.findByTestId('pin-confirm-forgot', {}, { timeout: 5000 }));
    await waitFor(() => expect(app.location()).toBe(`/me/pay-pin?redirect=${encodeURIComponent(path)}`));
    expect(pinsSent()).toEqual([undefined]);
    expect(toastError).not.toHaveBeenCalled();
  });
});
