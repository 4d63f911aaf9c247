import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReliefAddendumView, ReliefOverview, ReliefView } from '@kaskita/domain/contract/relief';
import { configureApi } from '../../lib/api-effects.ts';
import { setLocale } from '../../lib/i18n.ts';
import { repaymentKeys } from '../../lib/query-keys.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { answer, callOf, contractServer, type Wire } from '../../test/api-answer.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { catchPdfDownloads } from '../../test/pdf-download.ts';
import { renderApp } from '../../test/render-app.tsx';
import { watchToasts } from '../../test/watch-toasts.ts';
import ReliefPage from './relief-page.tsx';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

const ORDER_ID = '6f1c1d52-8a3e-4c1b-9d55-2b1b8f0e4a10';
const RELIEF_ID = 'a3d9e1f0-77b2-4c3e-9f10-5e2d8c4b6a01';
const PIN = '246810';

const request = (extra: Partial<Wire<ReliefView>> = {}): Wire<ReliefView> => ({
  relief_id: RELIEF_ID,
  order_id: ORDER_ID,
  status: 'requested',
  kind: 'defer',
  days_asked: 14,
  extra_asked: null,
  reason: 'My salary is paid two weeks late this month.',
  asked_at: '2026-04-20T03:00:00.000Z',
  days_offered: null,
  extra_offered: null,
  offer_expires_at: null,
  bills: [],
  late_fees_kept: null,
  answer: null,
  decided_at: null,
  accepted_at: null,
  addendum_sha256: null,
  ...extra,
});

/** Bills 2 and 3 moved 14 days later, the same amounts; a late fee of bill 1 already charged stays. */
const movedBills = [
  {
    number: 2,
    due_date_before: '2026-05-02',
    due_date_after: '2026-05-16',
    amount_before: 1_090_000,
    amount: 1_090_000,
  },
  {
    number: 3,
    due_date_before: '2026-06-02',
    due_date_after: '2026-06-16',
    amount_before: 1_096_000,
    amount: 1_096_000,
  },
];
const offered = request({
  status: 'offered',
  days_offered: 14,
  decided_at: '2026-04-22T02:00:00.000Z',
  offer_expires_at: '2026-04-29T02:00:00.000Z',
  bills: movedBills,
  late_fees_kept: 9_000,
});
const accepted = request({
  ...offered,
  status: 'accepted',
  offer_expires_at: null,
  accepted_at: '2026-04-23T05:00:00.000Z',
  addendum_sha256: 'ab'.repeat(32),
});

const overview = (extra: Partial<Wire<ReliefOverview>> = {}): Wire<ReliefOverview> => ({
  order_id: ORDER_ID,
  can_ask: true,
  cannot_ask_because: null,
  day_options: [7, 14, 30],
  extra_options: [1, 2, 3],
  next_due_date: '2026-05-02',
  requests: [],
  ...extra,
});
const waiting = (r: Wire<ReliefView>) =>
  overview({ can_ask: false, cannot_ask_because: 'open_request', requests: [r] });

const addendum: Wire<ReliefAddendumView> = {
  relief_id: RELIEF_ID,
  signed: false,
  sha256: 'cd'.repeat(32),
  terms: 'ef'.repeat(32),
  title: 'Adendum Perjanjian Pinjaman / Loan Agreement Addendum',
  sections: [
    {
      heading: 'Perubahan jatuh tempo / New due dates',
      paragraphs: ['Tagihan 2 dan 3 mundur 14 hari. / Bills 2 and 3 move 14 days later.'],
    },
  ],
  pdf_base64: null,
};

const formBody = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
const callsOf = (id: string) => fetch.mock.calls.filter((c) => callOf(c) === id);
const reliefPage = () => renderApp(<ReliefPage />, { path: '/home/relief' });

describe('/home/relief: asking for relief', { timeout: 20_000 }, () => {
  it('says what is missing beside each field, shows the date the next bill would move to, then asks', async () => {
    const toasts = watchToasts();
    let asked = false;
    fetch.mockImplementation(
      contractServer({
        getRelief: () => answer(200, asked ? waiting(request()) : overview()),
        askRelief: () => {
          asked = true;
          return answer(200, request());
        },
      }),
    );
    const app = reliefPage();
    expect((await screen.findByTestId('relief-how')).textContent).toContain(
      'It costs nothing: no extra interest and no fee.',
    );
    // Nothing is chosen for the borrower: neither the kind nor, once it is chosen, the number.
    expect(screen.queryByTestId('relief-days')).toBeNull();
    await app.user.click(screen.getByTestId('relief-send'));
    expect(await screen.findByText('Please choose more time or smaller instalments')).toBeTruthy();
    expect(screen.getByText('Please tell us a little more (at least 10 characters)')).toBeTruthy();
    expect(screen.getByTestId('relief-reason').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('askRelief')).toHaveLength(0);

    await app.user.click(screen.getByTestId('relief-kind-defer'));
    expect(screen.getByTestId('relief-dates').textContent).toBe('Your next bill is due 02/05/2026.');
    await app.user.type(screen.getByLabelText('Why do you need relief?'), 'My salary is late');
    await app.user.click(screen.getByTestId('relief-send'));
    expect(await screen.findByText('Please choose how many more days you need (7 to 30)')).toBeTruthy();
    expect(callsOf('askRelief')).toHaveLength(0);
    await app.user.clear(screen.getByTestId('relief-reason'));

    const days = screen.getByRole('radiogroup', { name: 'How much more time do you need?' });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['7 days later', '14 days later', '30 days later']);
    await app.user.click(screen.getByTestId('relief-days-14'));
    expect(screen.getByTestId('relief-new-date').textContent).toBe(
      'With 14 more days it would be due 16/05/2026.',
    );
    expect(screen.queryByText('Please choose how many more days you need (7 to 30)')).toBeNull();

    await app.user.type(screen.getByLabelText('Why do you need relief?'), '  late    ');
    await app.user.click(screen.getByTestId('relief-send'));
    expect(await screen.findByText('Please tell us a little more (at least 10 characters)')).toBeTruthy();
    expect(callsOf('askRelief')).toHaveLength(0);

    await app.user.clear(screen.getByTestId('relief-reason'));
    await app.user.type(screen.getByTestId('relief-reason'), 'My salary is paid two weeks late this month.');
    await app.user.click(screen.getByTestId('relief-send'));
    await waitFor(() => expect(callsOf('askRelief')).toHaveLength(1));
    expect(formBody(callsOf('askRelief')[0]![1] as RequestInit)).toEqual({
      order_id: ORDER_ID,
      kind: 'defer',
      days: '14',
      reason: 'My salary is paid two weeks late this month.',
    });
    // The request is now the open one: the form gives way to why another cannot be asked, and the request's status.
    expect(await screen.findByTestId('relief-cannot-open_request')).toBeTruthy();
    expect(screen.queryByTestId('relief-form')).toBeNull();
    expect(screen.getByTestId('relief-status').textContent).toBe('Waiting for our answer');
    expect(toasts.success).toHaveBeenCalledWith('Request sent. We will answer within a few working days.');
  });

  it('shows the server’s refusals in the borrower’s language: a field under it, the rest in a banner with Help', async () => {
    await setLocale('id-ID');
    let tries = 0;
    fetch.mockImplementation(
      contractServer({
        getRelief: overview(),
        askRelief: () =>
          ++tries === 1
            ? answer(4000, { fields: { reason: 'relief.reason_long' } }, 'Periksa isian Anda')
            : answer(
                4431,
                null,
                'Pinjaman ini sudah pernah mendapat keringanan. Jika masih belum bisa membayar, hubungi layanan pelanggan (Saya > Bantuan)',
              ),
      }),
    );
    const app = reliefPage();
    await app.user.click(await screen.findByTestId('relief-kind-defer'));
    await app.user.click(screen.getByTestId('relief-days-7'));
    await app.user.type(screen.getByTestId('relief-reason'), 'Gaji saya terlambat dua minggu.');
    await app.user.click(screen.getByTestId('relief-send'));
    expect(await screen.findByText('Mohon tulis kurang dari 500 karakter')).toBeTruthy();
    expect(screen.queryByTestId('relief-error')).toBeNull();

    await app.user.click(screen.getByTestId('relief-send'));
    const banner = await screen.findByTestId('relief-error');
    expect(banner.textContent).toContain('Pinjaman ini sudah pernah mendapat keringanan');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/me/help?category=bill');
  });

  it.each([
    ['no_loan', 'You have no loan to pay back right now'],
    ['nothing_unpaid', 'All your bills are paid'],
    ['already_given', 'This loan has had its relief already'],
  ] as const)('cannot ask (%s): says why, without the form', async (reason, why) => {
    fetch.mockImplementation(
      contractServer({ getRelief: overview({ can_ask: false, cannot_ask_because: reason }) }),
    );
    reliefPage();
    const card = await screen.findByTestId(`relief-cannot-${reason}`);
    expect(card.textContent).toContain(why);
    expect(screen.queryByTestId('relief-form')).toBeNull();
    // Only a loan that had its relief sends the borrower to customer service, on the bill topic with the loan chosen.
    const help = within(card).queryByRole('link');
    if (reason === 'already_given')
      expect(help?.getAttribute('href')).toBe(`/me/help?category=bill&order_id=${ORDER_ID}`);
    else expect(help).toBeNull();
  });

  it('a request already open: says so and shows it, with a way to withdraw it', async () => {
    let withdrawn = false;
    fetch.mockImplementation(
      contractServer({
        getRelief: () =>
          answer(
            200,
            withdrawn ? overview({ requests: [request({ status: 'withdrawn' })] }) : waiting(request()),
          ),
        withdrawRelief: () => {
          withdrawn = true;
          return answer(200, request({ status: 'withdrawn' }));
        },
      }),
    );
    const app = reliefPage();
    expect((await screen.findByTestId('relief-cannot-open_request')).textContent).toContain(
      'You have already asked for relief on this loan',
    );
    const card = screen.getByTestId('relief-request');
    expect(within(card).getByTestId('relief-days-asked').textContent).toBe('14 more days');
    expect(card.textContent).toContain('My salary is paid two weeks late this month.');
    await app.user.click(within(card).getByTestId('relief-withdraw'));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getByTestId('relief-status').textContent).toBe('Withdrawn'));
    expect(new URL(String(callsOf('withdrawRelief')[0]![0]), 'http://x').pathname).toMatch(
      new RegExp(`/v1/relief/${RELIEF_ID}/withdraw$`),
    );
    // Withdrawn, the borrower may ask again.
    expect(screen.getByTestId('relief-form')).toBeTruthy();
    expect(await screen.findByText('Your request was withdrawn.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a declined request shows staff’s answer and nothing to accept', async () => {
    fetch.mockImplementation(
      contractServer({
        getRelief: overview({
          requests: [
            request({
              status: 'declined',
              decided_at: '2026-04-22T02:00:00.000Z',
              answer: 'Your loan is 40 days late: please call us to agree a payment plan.',
            }),
          ],
        }),
      }),
    );
    reliefPage();
    const card = await screen.findByTestId('relief-request');
    expect(within(card).getByTestId('relief-status').textContent).toBe('Not approved');
    expect(within(card).getByTestId('relief-answer').textContent).toBe(
      'Your loan is 40 days late: please call us to agree a payment plan.',
    );
    expect(within(card).queryByTestId('relief-accept')).toBeNull();
    expect(within(card).queryByTestId('relief-withdraw')).toBeNull();
  });

  it('asks for smaller instalments: the number of bills to add, and only that number is sent', async () => {
    fetch.mockImplementation(
      contractServer({
        getRelief: overview(),
        askRelief: answer(200, request({ kind: 'spread', days_asked: null, extra_asked: 2 })),
      }),
    );
    const app = reliefPage();
    // A number of days chosen first, then the other kind: the days are not sent.
    await app.user.click(await screen.findByTestId('relief-kind-defer'));
    await app.user.click(screen.getByTestId('relief-days-14'));
    await app.user.click(screen.getByTestId('relief-kind-spread'));
    expect(screen.queryByTestId('relief-days')).toBeNull();
    expect(screen.queryByTestId('relief-dates')).toBeNull();
    const extra = screen.getByRole('radiogroup', { name: 'How many more instalments?' });
    expect(
      within(extra)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['1 more', '2 more', '3 more']);
    await app.user.type(screen.getByTestId('relief-reason'), 'I lost my second job this month.');
    await app.user.click(screen.getByTestId('relief-send'));
    expect(await screen.findByText('Please choose how many more instalments you need (1 to 3)')).toBeTruthy();
    expect(callsOf('askRelief')).toHaveLength(0);

    await app.user.click(screen.getByTestId('relief-extra-2'));
    expect(screen.getByTestId('relief-spread-hint').textContent).toContain(
      'The total you pay stays the same.',
    );
    await app.user.click(screen.getByTestId('relief-send'));
    await waitFor(() => expect(callsOf('askRelief')).toHaveLength(1));
    expect(formBody(callsOf('askRelief')[0]![1] as RequestInit)).toEqual({
      order_id: ORDER_ID,
      kind: 'spread',
      extra: '2',
      reason: 'I lost my second job this month.',
    });
  });
});

describe('/home/relief: an offer', { timeout: 20_000 }, () => {
  it('a spread: each unpaid bill before and after, the bills added marked new, the instalments offered', async () => {
    const spreadOffer = request({
      kind: 'spread',
      days_asked: null,
      extra_asked: 2,
      status: 'offered',
      extra_offered: 1,
      decided_at: '2026-04-22T02:00:00.000Z',
      offer_expires_at: '2026-04-29T02:00:00.000Z',
      late_fees_kept: 0,
      bills: [
        {
          number: 2,
          due_date_before: '2026-05-02',
          due_date_after: '2026-05-02',
          amount_before: 1_090_000,
          amount: 756_667,
        },
        {
          number: 3,
          due_date_before: null,
          due_date_after: '2026-06-01',
          amount_before: 0,
          amount: 333_333,
        },
      ],
    });
    fetch.mockImplementation(contractServer({ getRelief: waiting(spreadOffer) }));
    reliefPage();
    const offer = await screen.findByTestId('relief-offer');
    expect(offer.textContent).toContain(
      'If you accept, your unpaid bills ask less and 1 more bill is added after your last.',
    );
    const rows = within(offer).getAllByTestId<HTMLTableRowElement>('relief-bill');
    expect(
      rows.map((r) => [r.cells[0]!.textContent, r.cells[1]!.textContent, r.cells[2]!.textContent]),
    ).toEqual([
      ['2', '02/05/2026', 'Rp 1.090.000 becomes Rp 756.667'],
      ['3', 'new →becomes 01/06/2026', 'Rp 333.333'],
    ]);
    expect(screen.getByTestId('relief-days-asked').textContent).toBe('2 more instalments');
    expect(screen.getByTestId('relief-days-offered').textContent).toBe('1 more instalment');
  });

  it('shows each bill’s due date moved and its amount unchanged, the late fees kept and until when it stands', async () => {
    fetch.mockImplementation(contractServer({ getRelief: waiting(offered) }));
    reliefPage();
    const offer = await screen.findByTestId('relief-offer');
    const rows = within(offer).getAllByTestId<HTMLTableRowElement>('relief-bill');
    expect(
      rows.map((r) => [
        r.cells[0]!.textContent,
        within(r).getByTestId('relief-bill-before').textContent,
        within(r).getByTestId('relief-bill-after').textContent,
        r.cells[2]!.textContent,
      ]),
    ).toEqual([
      ['2', '02/05/2026', '16/05/2026', 'Rp 1.090.000'],
      ['3', '02/06/2026', '16/06/2026', 'Rp 1.096.000'],
    ]);
    // Read aloud as a move, not as an arrow.
    expect(rows[0]!.cells[1]!.textContent).toContain('becomes');
    expect(within(offer).getByTestId('relief-late-fees').textContent).toBe('Rp 9.000');
    expect(within(offer).getByTestId('relief-expires').textContent).toBe('29/04/2026 09:00 WIB');
    expect(screen.getByTestId('relief-days-offered').textContent).toBe('14 more days');
    expect(screen.getByTestId('relief-status').textContent).toBe('Offer ready');
  });

  it('is accepted once the addendum was read, with the payment PIN when the borrower has one; the bills are read again', async () => {
    let done = false;
    fetch.mockImplementation(
      contractServer({
        getRelief: () =>
          answer(
            200,
            done
              ? overview({ can_ask: false, cannot_ask_because: 'already_given', requests: [accepted] })
              : waiting(offered),
          ),
        getReliefAddendum: addendum,
        acceptRelief: (init: RequestInit) => {
          const pin = formBody(init).pay_pin;
          if (pin === undefined) return answer(4427, null, 'Enter your 6-digit payment PIN to confirm');
          done = true;
          return answer(200, accepted);
        },
      }),
    );
    const app = reliefPage();
    app.client.setQueryData(repaymentKeys.bills, { cached: true });
    const accept = await screen.findByTestId('relief-accept');
    expect(accept).toHaveProperty('disabled', true);
    expect(screen.getByTestId('relief-read-first').textContent).toBe('Read the addendum before you accept.');
    expect(callsOf('getReliefAddendum')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Read the addendum' }));
    const text = await screen.findByRole('article', { name: addendum.title });
    expect(text.textContent).toContain('Bills 2 and 3 move 14 days later.');
    expect(within(text).getByTestId('relief-addendum-preview')).toBeTruthy();
    await waitFor(() => expect(accept).toHaveProperty('disabled', false));

    await app.user.click(accept);
    await app.user.type(await screen.findByTestId('pin-confirm', {}, { timeout: 5000 }), PIN);
    const notice = await screen.findByTestId('relief-accepted', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('Your next bill is due 16/05/2026.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/bill');
    // Both tries sign the terms of the addendum read.
    expect(callsOf('acceptRelief').map((c) => formBody(c[1] as RequestInit).terms)).toEqual([
      addendum.terms,
      addendum.terms,
    ]);
    expect(callsOf('acceptRelief').map((c) => formBody(c[1] as RequestInit).pay_pin)).toEqual([
      undefined,
      PIN,
    ]);
    // The bills now fall due later: /bill reads them again rather than show the old dates.
    expect(app.client.getQueryState(repaymentKeys.bills)?.isInvalidated).toBe(true);
    // The request, read again, is accepted and shows how the bills moved.
    await waitFor(() => expect(screen.getByTestId('relief-status').textContent).toBe('Accepted'));
    expect(screen.queryByTestId('relief-cannot-already_given')).toBeNull();
    expect(screen.getAllByTestId('relief-bill-after').map((d) => d.textContent)).toEqual([
      '16/05/2026',
      '16/06/2026',
    ]);
  });

  it('says why it can no longer be accepted, and shows what it became', async () => {
    let expired = false;
    fetch.mockImplementation(
      contractServer({
        getRelief: () =>
          answer(
            200,
            expired ? overview({ requests: [{ ...offered, status: 'expired' }] }) : waiting(offered),
          ),
        getReliefAddendum: addendum,
        acceptRelief: () => {
          expired = true;
          return answer(4433, null, 'This offer has expired. You can ask for relief again');
        },
      }),
    );
    const app = reliefPage();
    await app.user.click(await screen.findByTestId('relief-addendum-toggle'));
    await screen.findByRole('article', { name: addendum.title });
    await app.user.click(screen.getByTestId('relief-accept'));
    expect((await screen.findByTestId('relief-refused')).textContent).toContain('This offer has expired.');
    await waitFor(() => expect(screen.getByTestId('relief-status').textContent).toBe('Offer expired'));
    expect(screen.queryByTestId('relief-accept')).toBeNull();
  });

  it('downloads the addendum as a PDF, asked for only then', async () => {
    const saved = catchPdfDownloads();
    const pdf = btoa('%PDF-1.7 addendum');
    const server = contractServer({ getRelief: waiting(offered) });
    fetch.mockImplementation((...call: unknown[]) =>
      callOf(call) === 'getReliefAddendum'
        ? Promise.resolve(
            answer(200, { ...addendum, pdf_base64: String(call[0]).includes('pdf=1') ? pdf : null }),
          )
        : server(...call),
    );
    const app = reliefPage();
    await app.user.click(await screen.findByTestId('relief-addendum-toggle'));
    await app.user.click(await screen.findByTestId('relief-addendum-pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`kaskita-relief-addendum-${RELIEF_ID.slice(0, 8)}.pdf`);
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 addendum');
    const asked = callsOf('getReliefAddendum').map((c) => new URL(String(c[0]), 'http://x').search);
    expect(asked).toEqual(['', '?pdf=1']);
  });

  it('No thanks turns the offer down after asking once more', async () => {
    fetch.mockImplementation(
      contractServer({
        getRelief: waiting(offered),
        withdrawRelief: () => answer(200, { ...offered, status: 'withdrawn' }),
      }),
    );
    const app = reliefPage();
    await app.user.click(await screen.findByTestId('relief-decline'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your bills keep their due dates.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(callsOf('withdrawRelief')).toHaveLength(0);
    await app.user.click(screen.getByTestId('relief-decline'));
    await app.user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn it down' }),
    );
    await waitFor(() => expect(callsOf('withdrawRelief')).toHaveLength(1));
    expect(callsOf('acceptRelief')).toHaveLength(0);
    // The toast that says so, waited for: its module loads on first use, and a toast shown after the test ended would
    // cover the next file's (the files of a worker share one window).
    expect(await screen.findByText('You turned the offer down.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
