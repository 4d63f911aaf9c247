import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FiledPaymentClaim, PaymentClaimView as Claim } from '@kaskita/domain/contract/payment-claims';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer, type Wire } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { BillList } from './bill-list.tsx';
import { PaymentClaimView } from './payment-claim-view.tsx';
import { RepaymentHistory } from './repayment-history.tsx';
import { bills, ORDER_ID, receipt } from './repayments-test-fixtures.ts';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

/** Noon in Jakarta on the fixtures' business day: any time of the phone's zone before 05:00 is in the past. */
const now = () => new Date('2026-04-05T12:00:00+07:00');

const claim = (status: Claim['status'], extra: Partial<Wire<Claim>> = {}): Wire<Claim> => ({
  claim_id: `c-${status}`,
  case_number: `KK-${status.toUpperCase().padEnd(7, 'X').slice(0, 7)}`,
  status,
  channel_id: 'VA_BCA',
  channel_name: 'BCA Virtual Account',
  paid_at: '2026-04-05T02:15:00.000Z',
  amount: 1_102_000,
  reference: null,
  has_proof: false,
  order_id: ORDER_ID,
  payment_id: status === 'credited' || status === 'matched' ? 'pay-1' : null,
  filed_at: '2026-04-05T04:00:00.000Z',
  answer_by: '2026-04-08',
  answer: null,
  updated_at: '2026-04-05T04:00:00.000Z',
  ...extra,
});

const open = (extra: Partial<Wire<FiledPaymentClaim>> = {}): Wire<FiledPaymentClaim> => ({
  ...claim('open', { case_number: 'KK-7QF3M2P' }),
  duplicate: false,
  ...extra,
});

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const claimForm = () => renderApp(<PaymentClaimView now={now} />, { path: '/bill?claim=1' });

describe('paid but not credited? the form', { timeout: 20_000 }, () => {
  it('starts from the bill’s amount and says what is missing or wrong before sending anything', async () => {
    fetch.mockImplementation(
      contractServer({ getBills: bills, getPaymentClaims: { list: [], answer_working_days: 3 } }),
    );
    const app = claimForm();
    expect((await screen.findByTestId<HTMLInputElement>('claim-amount')).value).toBe('1.102.000');
    expect(screen.getByTestId('page-payment-claim').textContent).toContain('within 3 working days');
    expect(screen.getByTestId('claim-date').textContent).toBe('05/04/2026');

    await app.user.clear(input('claim-amount'));
    await app.user.type(input('claim-amount'), '500');
    await app.user.click(screen.getByTestId('claim-send'));
    expect(await screen.findByText('Please choose how you paid')).toBeTruthy();
    expect(screen.getByText('Please enter when you paid')).toBeTruthy();
    expect(screen.getByText('Please enter an amount from Rp 1.000 to Rp 50.000.000')).toBeTruthy();

    fireEvent.change(input('claim-time'), { target: { value: '23:59' } });
    await app.user.click(screen.getByTestId('claim-send'));
    expect(await screen.findByText('The payment time cannot be in the future')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => callOf(c) === 'createPaymentClaim')).toBe(false);
  });

  it('sends the report with its photo as a multipart form and shows the case number and what comes next', async () => {
    let filed = false;
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getPaymentClaims: () =>
          answer(200, {
            list: filed ? [claim('open', { case_number: 'KK-7QF3M2P' })] : [],
            answer_working_days: 3,
          }),
        createPaymentClaim: () => {
          filed = true;
          return answer(200, open());
        },
      }),
    );
    const app = claimForm();
    await app.user.click(await screen.findByTestId('claim-channel'));
    await app.user.click(await screen.findByTestId('claim-channel-option-VA_BCA'));
    fireEvent.change(input('claim-time'), { target: { value: '01:15' } });
    await app.user.type(input('claim-reference'), 'BCA-0042');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' });
    await app.user.upload(input('claim-proof'), photo);
    expect(screen.getByTestId('claim-proof-chosen').textContent).toContain('receipt.jpg');
    await app.user.click(screen.getByTestId('claim-send'));

    const done = await screen.findByTestId('claim-filed');
    expect(within(done).getByTestId('claim-filed-case').textContent).toBe('KK-7QF3M2P');
    expect(done.textContent).toContain('Report received');
    expect(within(done).getByTestId('claim-why').textContent).toBe(
      'We are checking this payment with the bank. You will have an answer by 08/04/2026.',
    );
    const sent = fetch.mock.calls.find((c) => callOf(c) === 'createPaymentClaim')!;
    const body = (sent[1] as RequestInit).body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('channel_id')).toBe('VA_BCA');
    expect(body.get('amount')).toBe('1102000');
    expect(body.get('reference')).toBe('BCA-0042');
    expect(new Date(String(body.get('paid_at'))).getTime()).toBeLessThan(now().getTime());
    expect((body.get('proof') as File).type).toBe('image/jpeg');
    // The list under the form is read again and shows the new case.
    expect(await screen.findByTestId('payment-claim')).toBeTruthy();
  });

  it('puts the server’s refusals where they belong: a field under its field, a photo under the photo', async () => {
    const refusals = [
      answer(4000, { fields: { amount: 'payment_claim.amount_range' } }, 'Enter an amount from Rp10,000'),
      answer(4151, null, 'Please upload a photo in JPG, PNG or WebP format'),
    ];
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getPaymentClaims: { list: [], answer_working_days: 3 },
        createPaymentClaim: () => refusals.shift()!,
      }),
    );
    const app = renderApp(<PaymentClaimView now={now} />, {
      path: '/bill?claim=1&channel=STORE_ALFAMART&amount=250000',
    });
    expect((await screen.findByTestId('claim-channel')).textContent).toBe('Alfamart');
    expect(input('claim-amount').value).toBe('250.000');
    fireEvent.change(input('claim-time'), { target: { value: '00:30' } });
    await app.user.upload(input('claim-proof'), new File(['x'], 'r.png', { type: 'image/png' }));
    await app.user.click(screen.getByTestId('claim-send'));
    expect(await screen.findByText('Please enter an amount from Rp 1.000 to Rp 50.000.000')).toBeTruthy();
    await app.user.click(screen.getByTestId('claim-send'));
    expect(await screen.findByText('Please upload a photo in JPG, PNG or WebP format')).toBeTruthy();
    expect(screen.queryByTestId('claim-filed')).toBeNull();
  });

  it('a payment already credited points at its receipt', async () => {
    fetch.mockImplementation(
      contractServer({
        getBills: bills,
        getPaymentClaims: { list: [], answer_working_days: 3 },
        createPaymentClaim: { ...claim('credited'), duplicate: false },
      }),
    );
    const app = claimForm();
    await app.user.click(await screen.findByTestId('claim-channel'));
    await app.user.click(await screen.findByTestId('claim-channel-option-VA_BNI'));
    fireEvent.change(input('claim-time'), { target: { value: '01:00' } });
    await app.user.click(screen.getByTestId('claim-send'));
    const done = await screen.findByTestId('claim-filed');
    expect(done.textContent).toContain('This payment is already in');
    expect(within(done).getByTestId('claim-receipt').getAttribute('href')).toBe('/me/repayment-history');
  });
});

describe('paid but not credited? where it is found and how reports stand', { timeout: 20_000 }, () => {
  it('the bill page links to the form with the nearest bill’s amount', async () => {
    fetch.mockImplementation(contractServer({ getBills: bills }));
    renderApp(<BillList />, { path: '/bill' });
    expect((await screen.findByTestId('claim-link')).getAttribute('href')).toBe(
      '/bill?claim=1&amount=1102000',
    );
    expect(screen.getByTestId('claim-link').textContent).toBe('Paid but not credited?');
  });

  it('repayment history lists every report with its status and what it means, in the borrower’s language', async () => {
    await setLocale('id-ID');
    fetch.mockImplementation(
      contractServer({
        getRepayRecords: { list: [receipt] },
        getPaymentClaims: {
          list: [claim('open'), claim('matched'), claim('credited'), claim('rejected')],
          answer_working_days: 3,
        },
      }),
    );
    renderApp(<RepaymentHistory />, { path: '/me/repayment-history' });
    const reports = await screen.findAllByTestId('payment-claim');
    expect(reports.map((r) => r.getAttribute('data-status'))).toEqual([
      'open',
      'matched',
      'credited',
      'rejected',
    ]);
    expect(reports.map((r) => within(r).getByTestId('claim-status').textContent)).toEqual([
      'Sedang diperiksa',
      'Pembayaran ditemukan',
      'Sudah masuk',
      'Tidak ditemukan',
    ]);
    expect(within(reports[0]!).getByTestId('claim-why').textContent).toContain('paling lambat 08/04/2026');
    expect(reports[0]!.textContent).toContain('Rp 1.102.000 · BCA Virtual Account · 05/04/2026 09:15 WIB');
    expect(within(reports[2]!).getByTestId('claim-receipt')).toBeTruthy();
    expect(within(reports[3]!).getByTestId('claim-why').textContent).toContain('hubungi layanan pelanggan');
    // "Contact customer service" is a link to Me > Help, the complaint form on payments; only on a rejected report.
    expect(within(reports[3]!).getByTestId('claim-support').getAttribute('href')).toMatch(
      /^\/me\/help\?category=payment/,
    );
    expect(within(reports[0]!).queryByTestId('claim-support')).toBeNull();
    expect(screen.getAllByTestId('record')).toHaveLength(1);
  });
});
