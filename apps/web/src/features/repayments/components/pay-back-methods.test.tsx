import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repayRecordSchema, type PaymentCodeView } from '@kaskita/domain/contract/repayments';
import { toast } from '../../../components/toast.ts';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { PAYMENT_POLL_MS } from '../api/get-payment-code.ts';
import { PayBackMethods } from './pay-back-methods.tsx';
import { Receipt } from './payment-code-view.tsx';
import {
  bills,
  CODE_ID,
  formBody,
  mandiriCode,
  danaCharge,
  methods,
  ORDER_ID,
  qrisCode,
  receipt,
  reviewRecord,
  vaCode,
} from './repayments-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  window.dataLayer = [];
  await setLocale('en-US');
  toastShown.mockClear();
});
afterEach(() => vi.useRealTimers());

/** The phone's Clipboard API, or none (an old WebView). */
const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });

const toastShown = vi.spyOn(toast, 'success');

const sent = (id: string) => fetch.mock.calls.filter((c) => callOf(c) === id);

describe('choosing how to pay', { timeout: 20_000 }, () => {
  it('groups the channels, greys the one that cannot take the amount, and gets a code at the amount shown', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: bills, getRepayMethods: methods, createRepayment: vaCode }),
    );
    const app = renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    expect((await screen.findByTestId('methods-amount')).textContent).toBe('Rp 1.102.000');
    expect(screen.getByTestId('methods-purpose').textContent).toBe('Paying bill 1');
    const asked = new URL(String(sent('getRepayMethods')[0]![0]), 'http://x');
    expect(asked.searchParams.get('repayment_type')).toBe('instalment');

    // QRIS first: any banking or e-wallet app pays it.
    const qris = screen.getByTestId('channels-qris');
    expect(within(qris).getByRole('heading').textContent).toBe('QRIS (any banking or e-wallet app)');
    expect(screen.getAllByRole('heading', { level: 3 })[0]).toBe(within(qris).getByRole('heading'));
    const va = screen.getByTestId('channels-va');
    expect(within(va).getByRole('heading').textContent).toBe('Virtual account (bank transfer)');
    expect(
      within(va)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['BCA', 'Mandiri']);
    const store = screen.getByTestId('channels-store');
    const alfamart = within(store).getByTestId('channel-STORE_ALFAMART');
    expect(alfamart.hasAttribute('disabled')).toBe(true);
    expect(within(alfamart).getByTestId('channel-reason').textContent).toBe(
      'Only for amounts up to Rp 1.000.000',
    );
    expect(within(store).getByTestId('channel-STORE_INDOMARET').hasAttribute('disabled')).toBe(false);

    await app.user.click(within(va).getByTestId('channel-VA_BCA'));
    await waitFor(() =>
      expect(app.location()).toBe(`/home/pay-back-methods?type=instalment&code=${CODE_ID}`),
    );
    expect(formBody(sent('createRepayment')[0]![1] as RequestInit)).toEqual({
      loan_plan: ORDER_ID,
      pay_type: 'va',
      repayment_type: 'instalment',
      repayment_total_amount: '1102000',
      bank_type: 'BCA',
      channel_id: 'VA_BCA',
      current_bill_plan: '1',
    });
    // The code page opens on the answer: the number, its copy button, the exact amount and the expiry in WIB.
    const code = await screen.findByTestId('payment-code');
    expect(within(code).getByTestId('code-number').textContent).toBe('3901 0888 1234 5678');
    expect(within(code).getByTestId('code-amount').textContent).toBe('Rp 1.102.000');
    expect(within(code).getByTestId('code-expires').textContent?.trim()).toBe(
      'Pay before 06/04/2026 10:30 WIB',
    );
    expect(sent('getPaymentCode')).toHaveLength(0);
  });

  it('a settlement below every channel minimum is asked at the minimum, and says the excess comes back', async () => {
    const small = {
      ...bills,
      options: { ...bills.options!, settlement: { amount: 1_000, saved: 0, excess: 900 } },
    };
    fetch.mockImplementation(
      contractServer({
        getBills: small,
        getRepayMethods: { ...methods, repayment_type: 'settlement', amount: 1_000 },
      }),
    );
    renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=settlement' });
    expect((await screen.findByTestId('methods-amount')).textContent).toBe('Rp 1.000');
    expect(screen.getByTestId('methods-excess').textContent).toBe(
      'Includes Rp 900 more than you owe: no way to pay takes less than Rp 1.000. Once your loan is paid off it is sent back to your bank account.',
    );
  });

  it('no note when nothing is asked beyond the debt', async () => {
    fetch.mockImplementation(contractServer({ getBills: bills, getRepayMethods: methods }));
    renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    await screen.findByTestId('methods-amount');
    expect(screen.queryByTestId('methods-excess')).toBeNull();
  });

  it('a changed amount (4312) is shown and a code is made only once the borrower confirms it', async () => {
    let attempt = 0;
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getRepayMethods: methods,
        createRepayment: () =>
          ++attempt === 1
            ? answer(4312, { amount: 1_105_000, bill_number: 1 }, 'The amount to pay has changed')
            : answer(200, { ...vaCode, amount: 1_105_000 }),
      }),
    );
    const app = renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    await app.user.click(await screen.findByTestId('channel-VA_BCA'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('amount-changed').textContent).toContain(
      'Today the amount to pay is Rp 1.105.000 (the page showed Rp 1.102.000).',
    );
    expect(sent('createRepayment')).toHaveLength(1);
    expect(app.location()).toBe('/home/pay-back-methods?type=instalment');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay Rp 1.105.000' }));
    await waitFor(() => expect(app.location()).toContain(`code=${CODE_ID}`));
    const again = formBody(sent('createRepayment')[1]![1] as RequestInit);
    expect(again.repayment_total_amount).toBe('1105000');
    expect(again.channel_id).toBe('VA_BCA');
    expect((await screen.findByTestId('code-amount')).textContent).toBe('Rp 1.105.000');
  });

  it('OVO asks the number its request goes to first, the registered one when left empty', async () => {
    const ovoCode = {
      ...danaCharge,
      channel_id: 'EWALLET_OVO',
      bank_type: 'OVO',
      name: 'OVO',
      number: '081*****0000',
      checkout_url: null,
    };
    fetch.mockImplementation(
      contractServer({ getBills: bills, getRepayMethods: methods, createRepayment: ovoCode }),
    );
    const app = renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    const wallets = await screen.findByTestId('channels-ewallet');
    expect(within(wallets).getByTestId('ewallet-limit').textContent).toBe(
      'A basic (unverified) e-wallet account pays at most Rp 2.000.000 at once.',
    );
    await app.user.click(within(wallets).getByTestId('channel-EWALLET_OVO'));
    const dialog = await screen.findByRole('dialog');
    expect(sent('createRepayment')).toHaveLength(0);
    await app.user.type(within(dialog).getByTestId('ovo-phone'), '0812 9999 0000');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send request to OVO' }));
    await waitFor(() => expect(app.location()).toContain(`code=${CODE_ID}`));
    expect(formBody(sent('createRepayment')[0]![1] as RequestInit)).toMatchObject({
      channel_id: 'EWALLET_OVO',
      pay_type: 'ewallet',
      ewallet_phone: '0812 9999 0000',
    });
    expect((await screen.findByTestId('wallet-push')).textContent).toBe(
      'A payment request was sent to OVO 081*****0000. Open OVO and approve it before 06/04/2026 10:30 WIB.',
    );
    expect(screen.queryByTestId('code-number')).toBeNull();
  });

  it('"Not now" on a changed amount makes no code', async () => {
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getRepayMethods: methods,
        createRepayment: () => answer(4312, { amount: 1_105_000, bill_number: 1 }),
      }),
    );
    const app = renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    await app.user.click(await screen.findByTestId('channel-VA_BCA'));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('createRepayment')).toHaveLength(1);
    expect(app.location()).toBe('/home/pay-back-methods?type=instalment');
  });

  it('a channel that refuses the amount (4313) is said in the server words, and the channels are read again', async () => {
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getRepayMethods: methods,
        createRepayment: () =>
          answer(4313, { min_amount: 10_000, max_amount: 1_000_000 }, 'Choose another method'),
      }),
    );
    const app = renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=instalment' });
    await app.user.click(await screen.findByTestId('channel-STORE_INDOMARET'));
    expect(await screen.findByText('Choose another method', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(sent('getRepayMethods').length).toBeGreaterThan(1));
    expect(app.location()).toBe('/home/pay-back-methods?type=instalment');
  });

  it('nothing due yet (4314) for "everything due": says so and leads back to the bills', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: bills, getRepayMethods: () => answer(4314, null, 'Nothing is due yet') }),
    );
    renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=due' });
    const empty = await screen.findByTestId('methods-nothing-due');
    expect(within(empty).getByRole('link', { name: 'Back to my bills' }).getAttribute('href')).toBe('/bill');
  });

  it('no loan (4310): an empty state', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: bills, getRepayMethods: () => answer(4310, null, 'No loan') }),
    );
    renderApp(<PayBackMethods />, { path: '/home/pay-back-methods?type=settlement' });
    expect((await screen.findByTestId('methods-no-loan')).textContent).toContain('You have no bills');
  });
});

describe('the payment code', { timeout: 20_000 }, () => {
  it('Mandiri: the biller code and the bill key, each copied bare; how to pay as an accordion', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    fetch.mockImplementation(contractServer({ getPaymentCode: mandiriCode }));
    const app = renderApp(<PayBackMethods />, {
      path: `/home/pay-back-methods?type=instalment&code=${CODE_ID}`,
    });
    // After user-event's setup, which puts its own clipboard on the navigator.
    setClipboard({ writeText });
    expect((await screen.findByTestId('code-biller')).textContent).toBe('88908');
    expect(screen.getByTestId('code-number').textContent).toBe('8890 8123 4567');
    expect(screen.getByTestId('code-channel').textContent).toBe('Pay with Mandiri');
    // Each group of digits is kept whole (a line breaks only between groups).
    expect(
      [...screen.getByTestId('code-number').querySelectorAll('.kk-repay__copy-group')].map(
        (g) => g.textContent,
      ),
    ).toEqual(['8890', '8123', '4567']);
    const copyKey = screen.getByRole('button', { name: 'Copy Bill key' });
    await app.user.click(copyKey);
    expect(writeText).toHaveBeenCalledWith('889081234567');
    // "Copied" is said on the button, not in a toast over the number.
    await waitFor(() => expect(copyKey.textContent).toBe('Copied'));
    expect(toastShown).not.toHaveBeenCalled();
    await app.user.click(screen.getByRole('button', { name: 'Copy Pay exactly' }));
    expect(writeText).toHaveBeenLastCalledWith('1102000');

    const how = screen.getByTestId('how-to-pay');
    expect(within(how).getByTestId('how-to-pay-atm').textContent).toContain('Insert your BCA ATM card');
    // One way open at a time: the first at first, then the one tapped.
    const way = (method: string) => within(how).getByTestId(`how-to-pay-${method}`).closest('details')!;
    expect(way('atm').open).toBe(true);
    expect(way('mobile_banking').open).toBe(false);
    await app.user.click(within(how).getByText('Mobile banking'));
    await waitFor(() => expect(way('mobile_banking').open).toBe(true));
  });

  it('a store code comes with a barcode for the cashier; a virtual account has none', async () => {
    const storeCode = { ...vaCode, channel_id: 'STORE_ALFAMART', kind: 'store' as const, name: 'Alfamart' };
    fetch.mockImplementation(contractServer({ getPaymentCode: storeCode }));
    const first = renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const barcode = await screen.findByTestId('code-barcode');
    expect(barcode.getAttribute('aria-label')).toBe(
      `Barcode of payment code ${vaCode.number} for the cashier to scan`,
    );
    // Drawn once JsBarcode has loaded: CODE128 bars, one rect each (and the white background).
    await waitFor(() => expect(barcode.querySelectorAll('rect').length).toBeGreaterThan(20));
    const bars = [...barcode.querySelectorAll('rect')].map(
      (r) => `${r.getAttribute('x')}:${r.getAttribute('width')}`,
    );
    first.unmount();

    // Another code draws other bars: the barcode is of the code shown.
    fetch.mockImplementation(
      contractServer({ getPaymentCode: { ...storeCode, number: '3901088812345679' } }),
    );
    const second = renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const other = await screen.findByTestId('code-barcode');
    await waitFor(() => expect(other.querySelectorAll('rect').length).toBeGreaterThan(20));
    expect(
      [...other.querySelectorAll('rect')].map((r) => `${r.getAttribute('x')}:${r.getAttribute('width')}`),
    ).not.toEqual(bars);
    second.unmount();

    fetch.mockImplementation(contractServer({ getPaymentCode: vaCode }));
    renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    await screen.findByTestId('code-number');
    expect(screen.queryByTestId('code-barcode')).toBeNull();
  });

  it('a QRIS code is an image to scan or save, its place kept while it is drawn, and the amount to copy', async () => {
    fetch.mockImplementation(contractServer({ getPaymentCode: qrisCode }));
    const first = renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const figure = await screen.findByTestId('code-qr');
    expect(figure.getAttribute('data-qr')).toBe(qrisCode.number);
    const image = (await screen.findByTestId('code-qr-image')) as HTMLImageElement;
    expect(image.alt).toBe('QRIS code to pay Rp 1.102.000 to KasKita');
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    const save = screen.getByTestId('save-qr') as HTMLAnchorElement;
    expect(save.textContent).toBe('Save QR image');
    expect(save.getAttribute('download')).toBe('kaskita-qris-1102000.png');
    expect(save.href).toBe(image.src);
    // Nothing to type in: no number to copy, no barcode; the amount is still there to check.
    expect(screen.queryByTestId('code-number')).toBeNull();
    expect(screen.queryByTestId('code-barcode')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Pay exactly' })).toBeTruthy();
    expect(within(screen.getByTestId('how-to-pay')).getByText('Scan from another phone')).toBeTruthy();
    const drawn = image.src;
    first.unmount();

    // Another code is another image: the picture is of the code shown.
    fetch.mockImplementation(
      contractServer({
        getPaymentCode: { ...qrisCode, number: qrisCode.number.replace('1102000', '1102001') },
      }),
    );
    renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const other = (await screen.findByTestId('code-qr-image')) as HTMLImageElement;
    expect(other.src).not.toBe(drawn);
  });

  it('DANA: a way to the wallet, and a declined charge says nothing was taken and offers another try', async () => {
    fetch.mockImplementation(contractServer({ getPaymentCode: danaCharge }));
    const first = renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const go = (await screen.findByTestId('wallet-checkout')) as HTMLAnchorElement;
    expect(go.textContent).toBe('Continue to DANA');
    expect(go.href).toBe(danaCharge.checkout_url);
    expect(screen.getByTestId('code-amount').textContent).toBe('Rp 1.102.000');
    first.unmount();

    fetch.mockImplementation(contractServer({ getPaymentCode: { ...danaCharge, status: 'failed' } }));
    renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const failed = await screen.findByTestId('charge-failed');
    expect(failed.textContent).toContain('Nothing was taken from your DANA.');
    expect(within(failed).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/home/pay-back-methods?type=instalment',
    );
  });

  it('without the Clipboard API the old copy command is used', async () => {
    const exec = vi.fn().mockReturnValue(true);
    document.execCommand = exec;
    fetch.mockImplementation(contractServer({ getPaymentCode: vaCode }));
    const app = renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    setClipboard(undefined);
    await app.user.click(await screen.findByRole('button', { name: 'Copy Virtual account number' }));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Copied', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('asks every 5 s until paid, then shows what was paid and what remains, and sends the achievement event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: PaymentCodeView['status'] = 'active';
    fetch.mockImplementation(
      contractServer({
        getPaymentCode: () => answer(200, { ...vaCode, status }),
        getRepayRecords: { list: [receipt, reviewRecord] },
        getBills: bills,
      }),
    );
    renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?type=instalment&code=${CODE_ID}` });
    await screen.findByTestId('payment-code');
    expect(sent('getPaymentCode')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(sent('getPaymentCode')).toHaveLength(2);
    expect(screen.getByTestId('payment-code')).toBeTruthy();

    status = 'paid';
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    const paid = await screen.findByTestId('payment-received');
    expect(paid.textContent).toContain('Payment received');
    expect(paid.textContent).toContain('Rp 1.102.000 was paid with BCA');
    const facts = await screen.findByTestId('receipt-facts');
    expect(within(facts).getByTestId('receipt-principal').textContent).toBe('Rp 1.000.000');
    expect(within(facts).getByTestId('receipt-late-fee').textContent).toBe('Rp 9.000');
    expect(within(facts).getByTestId('receipt-bills').textContent).toBe('1');
    expect(within(facts).getByTestId('receipt-remaining').textContent).toBe('Rp 2.186.000');
    expect(screen.getByTestId('back-to-bills').getAttribute('href')).toBe('/bill');
    // A paid code is asked no more.
    const asked = sent('getPaymentCode').length;
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(sent('getPaymentCode').length).toBeLessThanOrEqual(asked + 1);
    expect(window.dataLayer).toEqual([{ event: 'H5_achievement_unlocked', payments: 2 }]);
  });

  it("a settlement's receipt shows the held credit spent with it, and what they paid together reads as the quote", async () => {
    const settled = {
      ...receipt,
      amount: 2_100_000,
      paid: { principal: 2_000_000, interest: 40_000, fee: 60_000, late_fee: 0 },
      credit_applied: 110_000,
      paid_with_credit: { principal: 50_000, interest: 0, fee: 60_000, late_fee: 0 },
      remaining: 0,
    };
    renderApp(<Receipt record={repayRecordSchema.parse(settled)} />);
    const facts = await screen.findByTestId('receipt-facts');
    expect(within(facts).getByTestId('receipt-amount').textContent).toBe('Rp 2.100.000');
    expect(within(facts).getByTestId('receipt-credit-applied').textContent).toBe('Rp 110.000');
    expect(within(facts).getByTestId('receipt-principal').textContent).toBe('Rp 2.050.000');
    expect(within(facts).getByTestId('receipt-fee').textContent).toBe('Rp 120.000');
    expect(within(facts).getByTestId('receipt-remaining').textContent).toBe('Your loan is paid off');
  });

  it('an expired code is not to be paid: a way to a new one', async () => {
    fetch.mockImplementation(contractServer({ getPaymentCode: { ...vaCode, status: 'expired' } }));
    renderApp(<PayBackMethods />, { path: `/home/pay-back-methods?code=${CODE_ID}` });
    const expired = await screen.findByTestId('code-expired');
    expect(expired.textContent).toContain('This code has expired');
    expect(within(expired).getByRole('link', { name: 'Get a new code' }).getAttribute('href')).toBe(
      '/home/pay-back-methods?type=instalment',
    );
  });
});
