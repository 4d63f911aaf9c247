// Money left over goes back, on a phone: a borrower settles the whole loan paying Rp 182.000 more than asked (the
// sandbox gateway pays the code, as a bank would); the receipt names the extra held, the bills and Me show it and the
// refund on its way to the borrower's bank account; the sandbox bank pays the refund out (its signed callback); the
// repayment history shows it sent back, Me no longer shows anything held, and the SMS says so.
import { describe, expect, it } from 'vitest';
import type { ReliefOverview } from '@kaskita/domain/contract/relief';
import type { BillsView } from '@kaskita/domain/contract/repayments';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { staffMember } from '../../admin/e2e/support/staff-api.ts';
import { ktpCardOf } from '../../server/test/helpers/live-frames.ts';
import { apiPath } from './support/api-path.ts';
import { contractCall } from './support/contract-call.ts';
import { phoneContext, snap } from './support/browser.ts';
import { approveThroughApi, completeProfile, tokenOf } from './support/borrower-setup.ts';
import { borrowOnHome } from './support/borrow-on-home.ts';
import { signInWithCode, useJourney, waitForCode } from './support/journey.ts';
import { checkPageAtWidths, waitForHydration } from './support/page-checks.ts';

const PHONE = '6281277770202';
const EXTRA = 182_000;

type DevDisbursement = { id: string; external_id: string; amount: number; status: string; bank: string };

describe('refund', () => {
  const journey = useJourney({
    CREDIT_DECISION_DELAY_SECONDS: '0',
    // The sandbox bank holds every payout until the journey finishes it: the loan's, then the refund's.
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: '-1',
  });

  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(journey.server.baseUrl + path, {
      ...init,
      headers: { os: '4', 'content-type': 'application/json', ...init.headers },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    if (body.code !== 200) throw new Error(`${path} answered ${body.code} ${body.msg}`);
    return body.data;
  }

  /** The sandbox bank's pending payout whose external id passes `which`, once the send job has handed it over. */
  async function pendingAtBank(which: (externalId: string) => boolean): Promise<DevDisbursement> {
    let found: DevDisbursement | undefined;
    await expect
      .poll(
        async () => {
          const { list } = await api<{ list: DevDisbursement[] }>(apiPath('listDevDisbursements'));
          found = list.find((d) => d.status === 'PENDING' && which(d.external_id));
          return Boolean(found);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return found!;
  }

  async function completeAtBank(payout: DevDisbursement) {
    await api(apiPath('completeDevDisbursement', { params: { id: payout.id } }), {
      method: 'POST',
      body: '{}',
    });
  }

  const digits = (text: string) => Number(text.replace(/\D/g, ''));
  const rp = (n: number) => `Rp ${String(n).replace(/\B(?=(\d{3})+$)/g, '.')}`;

  it('overpays the settlement, sees the money held, receives the refund and sees it in history', async () => {
    const { page } = journey;
    const base = journey.server.baseUrl;

    // An approved borrower borrows 2,000,000 over 3 months; the sandbox bank pays it out.
    await page.goto('/login/main');
    await waitForHydration(page);
    await signInWithCode(page, journey.server.baseUrl, PHONE);
    const token = await tokenOf(page);
    await completeProfile(base, token, {
      nik: '3171011502900202',
      birthDate: '1990-02-15',
      ktpPhoto: await ktpCardOf('turnA'),
      cardNum: '1234567303',
    });
    await approveThroughApi(base, token, {
      whatsapp: PHONE.replace('7777', '8888'),
      waitForCode: (p) => waitForCode(base, p),
    });
    await borrowOnHome(page, { amount: '2.000.000', tenor: 'month-3-3' });
    await completeAtBank(await pendingAtBank((id) => !id.startsWith('refund-')));

    // Relief (issue 27), asked from the bills: smaller instalments, one more bill, offered by staff (a collector
    // proposes, finance approves), read and signed in the app; every unpaid bill then asks less, on its own date, and a
    // fourth bill takes the rest: the total is unchanged. (More days, the other kind, is in the page and server tests.)
    const billsBefore = (await contractCall<BillsView>(base, 'getBills', { token, query: { type: '1' } }))
      .bills;
    await page.goto('/bill');
    await page.getByTestId('relief-link').click();
    await page.getByTestId('page-relief').waitFor();
    await waitForHydration(page);
    await page.getByTestId('relief-kind-spread').click();
    await page.getByTestId('relief-extra-1').click();
    await page.getByTestId('relief-reason').fill('My hours were cut: smaller bills would fit my wage.');
    await page.getByTestId('relief-send').click();
    await expect
      .poll(() => page.getByTestId('relief-status').first().innerText())
      .toBe('Waiting for our answer');
    const reliefId = (await contractCall<ReliefOverview>(base, 'getRelief', { token })).requests[0]!
      .relief_id;
    const [collector, finance] = [await staffMember(base, 'collector'), await staffMember(base, 'finance')];
    const proposal = await contractCall<{ request_id: string }>(base, 'proposeRelief', {
      token: collector.token,
      params: { id: reliefId },
      body: { extra: 1, reason: 'Payslip seen; one more bill keeps each within her wage.' },
    });
    await contractCall(base, 'approveApproval', {
      token: finance.token,
      params: { id: proposal.request_id },
      body: { reason: 'No cost to the borrower, within the caps.' },
    });
    await page.reload();
    await page.getByTestId('relief-offer').waitFor({ timeout: 30_000 });
    await page.getByTestId('relief-addendum-toggle').click();
    await page.getByTestId('relief-addendum').locator('article').waitFor();
    await snap(page, '89-relief-offer');
    await checkPageAtWidths(page, '89-relief-offer');
    await page.getByTestId('relief-accept').click();
    await page.getByTestId('relief-accepted').waitFor({ timeout: 30_000 });
    const billsAfter = (await contractCall<BillsView>(base, 'getBills', { token, query: { type: '1' } }))
      .bills;
    const total = (bills: BillsView['bills']) => bills.reduce((sum, b) => sum + b.outstanding, 0);
    expect(billsAfter).toHaveLength(billsBefore.length + 1);
    expect(total(billsAfter)).toBe(total(billsBefore));
    billsBefore.forEach((b, k) => {
      expect(billsAfter[k]!.due_date).toBe(b.due_date);
      expect(billsAfter[k]!.outstanding).toBeLessThan(b.outstanding);
    });
    expect(await page.getByTestId('relief-next-due').innerText()).toContain(
      formatDisplayDate(billsAfter[0]!.due_date),
    );

    // Settles the whole loan today, paying the code Rp 182.000 more than it asks (the sandbox gateway as the bank).
    await page.goto('/home/pay-back-methods?type=settlement');
    await page.getByTestId('channel-VA_BCA').waitFor({ timeout: 30_000 });
    const settle = digits(await page.getByTestId('methods-amount').innerText());
    expect(settle).toBeGreaterThan(2_000_000);
    await page.getByTestId('channel-VA_BCA').click();
    await page.waitForURL('**/home/pay-back-methods?type=settlement&code=*');
    await page.getByTestId('payment-code').waitFor();
    const codeId = new URL(page.url()).searchParams.get('code');
    await api(apiPath('simulateDevPayment'), {
      method: 'POST',
      body: JSON.stringify({ external_id: codeId, amount: settle + EXTRA }),
    });
    // The page asks every 5 s; the signed callback applies the payment within a second.
    await page.getByTestId('payment-received').waitFor({ timeout: 30_000 });
    await page.getByTestId('receipt').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-remaining').innerText()).toBe('Your loan is paid off');
    expect(await page.getByTestId('receipt-credit').innerText()).toBe(rp(EXTRA));
    await snap(page, '90-refund-receipt');
    await checkPageAtWidths(page, '90-refund-receipt');

    // The refund is created and handed to the sandbox bank, which holds it: the bills show the money held and on its way.
    const refund = await pendingAtBank((id) => id.startsWith('refund-'));
    expect(refund).toMatchObject({ amount: EXTRA, bank: 'BCA' });
    await page.goto('/bill');
    await page.getByTestId('refunds').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('refunds-held').innerText()).toContain(rp(EXTRA));
    expect(await page.getByTestId('refund').getAttribute('data-state')).toBe('pending');
    expect(await page.getByTestId('refund-state').innerText()).toBe('On its way to your bank');
    await snap(page, '91-refund-bills');
    await checkPageAtWidths(page, '91-refund-bills');

    // Me shows the balance held and where it is going, in English and in Indonesian.
    await page.goto('/me');
    await page.getByTestId('me-balance').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('me-balance-held').innerText()).toBe(rp(EXTRA));
    expect(await page.getByTestId('me-refund').innerText()).toContain(`${rp(EXTRA)} to BCA ****7303`);
    expect(await page.getByTestId('me-refund-state').innerText()).toBe('On its way to your bank');
    await snap(page, '92-refund-me');
    await checkPageAtWidths(page, '92-refund-me');
    await page.getByTestId('lang-switch').click();
    await expect
      .poll(() => page.getByTestId('me-refund-state').innerText())
      .toBe('Dalam perjalanan ke bank Anda');
    expect(await page.getByTestId('me-refund').innerText()).toContain(`${rp(EXTRA)} ke BCA ****7303`);
    await snap(page, '92a-refund-me-id');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('me-refund-state').innerText()).toBe('On its way to your bank');

    // The sandbox bank pays the refund out; its signed callback completes it.
    await completeAtBank(refund);
    await page.goto('/me/repayment-history');
    await page.getByTestId('page-repayment-history').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('refund').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('completed');
    expect(await page.getByTestId('refund-state').innerText()).toBe('Sent back');
    expect(await page.getByTestId('refund-amount').innerText()).toBe(rp(EXTRA));
    expect(await page.getByTestId('refunds-held').count()).toBe(0);
    await expect.poll(() => page.getByTestId('record').count()).toBe(1);
    await snap(page, '93-refund-history');
    await checkPageAtWidths(page, '93-refund-history');

    // Nothing is held any more: once Me has its answer it shows no balance (the paid refund is history).
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === apiPath('getRefunds'));
    await page.goto('/me');
    expect((await (await answered).json()) as unknown).toMatchObject({ data: { held: 0 } });
    await expect.poll(() => page.getByTestId('me-phone').innerText()).toMatch(/\*{3}/);
    expect(await page.getByTestId('me-balance').count()).toBe(0);

    // The borrower is told by SMS (the dev outbox, newest first).
    const messages = await api<Array<{ text: string }>>(
      apiPath('listDevOutbox', { query: { phone: PHONE } }),
    );
    expect(messages.some((m) => m.text.includes(`${rp(EXTRA)} left over on your paid-off loan`))).toBe(true);
  });

  it('a sign-in on a second phone is told by SMS, listed with the devices, and signed out from the first', async () => {
    const { page } = journey;
    // A day later (past the code's resend wait), the borrower signs in on another phone.
    await api(apiPath('advanceDevClock'), { method: 'POST', body: JSON.stringify({ days: 1 }) });
    const second = await phoneContext(page.context().browser()!, journey.server.baseUrl);
    try {
      const other = await second.newPage();
      await other.goto('/login/main');
      await waitForHydration(other);
      await signInWithCode(other, journey.server.baseUrl, PHONE);
      // Told to the registered phone (the outbox delivers it within a moment).
      await expect
        .poll(async () => {
          const sent = await api<Array<{ text: string }>>(
            apiPath('listDevOutbox', { query: { phone: PHONE } }),
          );
          return sent.filter((m) => /new device|perangkat baru/.test(m.text)).length;
        })
        .toBe(1);

      // The first phone lists both, itself first, and signs the other one out.
      await page.goto('/me');
      await page.getByTestId('to-devices').click();
      await page.getByTestId('page-me-devices').waitFor();
      await expect.poll(() => page.getByTestId('device').count()).toBe(2);
      expect(await page.getByTestId('device').first().getAttribute('data-current')).toBe('true');
      await snap(page, '94-devices');
      await checkPageAtWidths(page, '94-devices');
      await page.getByTestId('device-sign-out').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
      await expect.poll(() => page.getByTestId('device').count()).toBe(1);

      // The other phone's session is over: its next signed-in page sends it to sign in.
      await other.goto('/me/devices');
      await other.waitForURL(/\/login/, { timeout: 30_000 });
    } finally {
      await second.close();
    }
  });
});
