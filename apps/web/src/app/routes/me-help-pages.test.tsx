import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComplaintDetail, HelpContent } from '@kaskita/domain/contract/complaints';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { configureApi } from '../../lib/api-effects.ts';
import { setLocale } from '../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { answer, callOf, contractServer, type Wire } from '../../test/api-answer.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { renderApp } from '../../test/render-app.tsx';
import { MeComplaintPage, MeHelpPage } from './me-help-pages.tsx';
import { Route, Routes } from 'react-router';

const fetch = vi.fn();
allowSheetTaps();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

const help: Wire<HelpContent> = {
  faq: [
    {
      id: 'repay',
      question: { 'en-US': 'How do I pay my bill?', 'id-ID': 'Bagaimana cara membayar tagihan?' },
      answer: { 'en-US': 'Open Bill and tap Pay.', 'id-ID': 'Buka Tagihan lalu pilih Bayar.' },
    },
  ],
  channels: {
    phone: '1500-827',
    email: 'cs@kaskita.co.id',
    complaint_email: 'pengaduan@kaskita.co.id',
    whatsapp: '+6281115008270',
    hours: 'Senin-Minggu 08:00-20:00 WIB',
  },
  answer_working_days: 10,
  extension_working_days: 10,
};

const filed: Wire<ComplaintDetail> = {
  complaint_id: 'c-1',
  case_number: 'KP-7QF3M2P',
  category: 'account',
  status: 'open',
  text: 'I cannot sign in since yesterday.',
  order_id: null,
  payment_id: null,
  contact_id: null,
  has_photo: false,
  filed_at: '2026-03-02T03:00:00.000Z',
  answer_by: '2026-03-16',
  extended: false,
  extension_reason: null,
  working_days_left: 10,
  overdue: false,
  updated_at: '2026-03-02T03:00:00.000Z',
  events: [{ kind: 'filed', at: '2026-03-02T03:00:00.000Z', text: null, answer_by: '2026-03-16' }],
};
const { events: _events, ...listed } = filed;

function helpPage(path = '/me/help') {
  return renderApp(
    <Routes>
      <Route path="/me/help" element={<MeHelpPage />} />
      <Route path="/me/help/complaints/:id" element={<MeComplaintPage />} />
    </Routes>,
    { path },
  );
}

describe('Me > Help', { timeout: 20_000 }, () => {
  it('shows the questions folded, and the channels as phone, WhatsApp and e-mail links, in the borrower’s language', async () => {
    fetch.mockImplementation(
      contractServer({
        getHelpContent: help,
        listMyComplaints: { list: [], answer_working_days: 10 },
        getComplaintSubjects: { orders: [], payments: [] },
      }),
    );
    helpPage();
    const faq = await screen.findByTestId('faq-repay');
    expect(faq.tagName).toBe('DETAILS');
    expect((faq as HTMLDetailsElement).open).toBe(false);
    expect(within(faq).getByText('How do I pay my bill?').tagName).toBe('SUMMARY');
    expect(screen.getByTestId('channel-phone').getAttribute('href')).toBe('tel:1500827');
    expect(screen.getByTestId('channel-whatsapp').getAttribute('href')).toBe('https://wa.me/6281115008270');
    expect(screen.getByTestId('channel-email').getAttribute('href')).toBe('mailto:cs@kaskita.co.id');
    expect(screen.getByTestId('help-channels').textContent).toContain('Senin-Minggu 08:00-20:00 WIB');
    expect(screen.getByText('You have not filed a complaint.')).toBeTruthy();
    expect(screen.getByTestId('help-feedback').getAttribute('href')).toBe('/me/feedback');
    await setLocale('id-ID');
    expect(await screen.findByText('Bagaimana cara membayar tagihan?')).toBeTruthy();
  });

  it('asks a visitor to log in before filing, and still shows them how to reach us', async () => {
    localStorage.removeItem(LOCAL_KEYS.token);
    fetch.mockImplementation(contractServer({ getHelpContent: help }));
    helpPage('/me/help?category=account');
    const prompt = await screen.findByTestId('help-sign-in');
    expect(within(prompt).getByRole('link').getAttribute('href')).toBe(
      '/login/main?category=account&redirect=%2Fme%2Fhelp%3Fcategory%3Daccount',
    );
    expect(await screen.findByTestId('channel-phone')).toBeTruthy();
    expect(screen.queryByTestId('complaint-send')).toBeNull();
  });

  it('says what is missing beside each field, then files the case on the linked topic and opens its page', async () => {
    let sent: FormData | null = null;
    fetch.mockImplementation(
      contractServer({
        getHelpContent: help,
        listMyComplaints: { list: [], answer_working_days: 10 },
        getComplaintSubjects: { orders: [], payments: [] },
        fileComplaint: (init: RequestInit) => {
          sent = init.body as FormData;
          return answer(200, filed);
        },
        getMyComplaint: filed,
      }),
    );
    const app = helpPage('/me/help');
    await app.user.click(await screen.findByTestId('complaint-send'));
    expect(await screen.findByText('Please choose what your complaint is about')).toBeTruthy();
    expect(screen.getByText('Please tell us what happened')).toBeTruthy();
    expect(fetch.mock.calls.some((c) => callOf(c) === 'fileComplaint')).toBe(false);
    app.unmount();

    // From a "contact customer service" link: the topic is chosen already.
    const linked = helpPage('/me/help?category=account');
    expect((await screen.findByTestId('complaint-category')).textContent).toContain(
      'My account or signing in',
    );
    await linked.user.type(screen.getByTestId('complaint-text'), 'short');
    await linked.user.click(screen.getByTestId('complaint-send'));
    expect(await screen.findByText('Please tell us a little more (at least 10 characters)')).toBeTruthy();
    await linked.user.clear(screen.getByTestId('complaint-text'));
    await linked.user.type(screen.getByTestId('complaint-text'), 'I cannot sign in since yesterday.');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'screen.jpg', { type: 'image/jpeg' });
    await linked.user.upload(screen.getByTestId('complaint-photo'), photo);
    await linked.user.click(screen.getByTestId('complaint-send'));

    expect((await screen.findByTestId('complaint-number')).textContent).toBe('Case KP-7QF3M2P');
    expect(linked.location()).toBe('/me/help/complaints/c-1');
    expect(screen.getByTestId('complaint-deadline').textContent).toBe(
      'Answer by 16 March 2026 · 10 working days left',
    );
    expect(sent!.get('category')).toBe('account');
    expect(sent!.get('text')).toBe('I cannot sign in since yesterday.');
    expect((sent!.get('photo') as File).type).toBe('image/jpeg');
  });

  it('puts the server’s refusals where they belong: a loan under its field, the photo under the photo, the limit in a banner', async () => {
    const refusals = [
      answer(4000, { fields: { order_id: 'complaint.order_unknown' } }, 'Please check'),
      answer(4131, null, 'The photo is too large'),
      answer(4390, null, 'You can file at most 3 complaints a day'),
    ];
    fetch.mockImplementation(
      contractServer({
        getHelpContent: help,
        listMyComplaints: { list: [], answer_working_days: 10 },
        getComplaintSubjects: { orders: [], payments: [] },
        fileComplaint: () => refusals.shift()!,
      }),
    );
    const app = helpPage('/me/help?category=loan&order_id=someone-elses');
    await app.user.type(await screen.findByTestId('complaint-text'), 'My loan agreement is missing.');
    await app.user.click(screen.getByTestId('complaint-send'));
    expect(await screen.findByText('Please choose one of your own loans')).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'big.jpg', { type: 'image/jpeg' });
    await app.user.upload(screen.getByTestId('complaint-photo'), photo);
    await app.user.click(screen.getByTestId('complaint-send'));
    expect(await screen.findByText('The photo is too large')).toBeTruthy();
    await app.user.click(screen.getByTestId('complaint-send'));
    expect((await screen.findByTestId('complaint-error')).textContent).toContain(
      'at most 3 complaints a day',
    );
  });

  it('"I did not take this loan" says the loan pauses its late fees and reminders, and asks for the loan', async () => {
    fetch.mockImplementation(
      contractServer({
        getHelpContent: help,
        listMyComplaints: { list: [], answer_working_days: 10 },
        getComplaintSubjects: { orders: [], payments: [] },
        fileComplaint: () =>
          answer(4000, { fields: { order_id: 'complaint.order_required' } }, 'Please check'),
      }),
    );
    const app = helpPage('/me/help?category=not_my_loan');
    expect((await screen.findByTestId('complaint-category')).textContent).toContain(
      'I did not take this loan',
    );
    expect(screen.getByTestId('complaint-dispute-note').textContent).toContain(
      'that loan gets no late fee and no reminder',
    );
    await app.user.type(screen.getByTestId('complaint-text'), 'Someone used my KTP: I never applied.');
    await app.user.click(screen.getByTestId('complaint-send'));
    expect(await screen.findByText('Please choose the loan you did not take')).toBeTruthy();
    app.unmount();
    helpPage('/me/help?category=account');
    await screen.findByTestId('complaint-category');
    expect(screen.queryByTestId('complaint-dispute-note')).toBeNull();
  });

  it('lists the borrower’s cases with their status and deadline, and a case page shows the answers', async () => {
    const answered: Wire<ComplaintDetail> = {
      ...filed,
      status: 'answered',
      extended: true,
      extension_reason: 'We are asking your bank',
      answer_by: '2026-03-31',
      working_days_left: 3,
      events: [
        ...filed.events,
        {
          kind: 'extended',
          at: '2026-03-10T03:00:00.000Z',
          text: 'We are asking your bank',
          answer_by: '2026-03-31',
        },
        {
          kind: 'answered',
          at: '2026-03-20T03:00:00.000Z',
          text: 'Your account is open again.',
          answer_by: null,
        },
      ],
    };
    const late = {
      ...listed,
      complaint_id: 'c-2',
      case_number: 'KP-LATE234',
      overdue: true,
      working_days_left: -1,
    };
    fetch.mockImplementation(
      contractServer({
        getHelpContent: help,
        listMyComplaints: {
          list: [late, { ...listed, status: 'in_progress', working_days_left: 1 }],
          answer_working_days: 10,
        },
        getComplaintSubjects: { orders: [], payments: [] },
        getMyComplaint: answered,
      }),
    );
    const app = helpPage();
    const [first, second] = await screen.findAllByTestId('my-complaint');
    expect(within(first!).getByTestId('my-complaint-number').textContent).toBe('KP-LATE234');
    expect(within(first!).getByTestId('complaint-deadline').textContent).toBe(
      'Answer by 16 March 2026 · we are late answering it',
    );
    expect(within(second!).getByTestId('my-complaint-status').textContent).toBe('Being handled');
    expect(within(second!).getByTestId('complaint-deadline').textContent).toBe(
      'Answer by 16 March 2026 · 1 working day left',
    );
    await app.user.click(second!);
    expect((await screen.findByTestId('complaint-event-answered-text')).textContent).toBe(
      'Your account is open again.',
    );
    expect(screen.getByTestId('complaint-status').textContent).toBe('Answered');
    expect(screen.getByTestId('complaint-extension').textContent).toBe('Extended: We are asking your bank');
    expect(screen.getByTestId('complaint-event-extended').textContent).toContain(
      'New deadline: 31 March 2026',
    );
  });

  it('says so when a case is not the borrower’s (the server answers not found)', async () => {
    fetch.mockImplementation(contractServer({ getMyComplaint: () => answer(4040, null, 'Not found') }));
    helpPage('/me/help/complaints/someone-elses');
    expect((await screen.findByTestId('complaint-not-found')).textContent).toContain(
      'This complaint was not found.',
    );
  });
});

describe('contact customer service', { timeout: 20_000 }, () => {
  it('links a refusal that sends the borrower to customer service to Help on its topic, and no other', () => {
    const { rerender } = renderApp(
      <ErrorBanner message="Your account has been blocked." code={4340} onDismiss={() => undefined} />,
    );
    expect(screen.getByTestId('error-banner-support').getAttribute('href')).toBe('/me/help?category=account');
    expect(screen.getByTestId('error-banner-support').textContent).toBe('Contact customer service');
    rerender(<ErrorBanner message="Wrong password." code={4020} onDismiss={() => undefined} />);
    expect(screen.queryByTestId('error-banner-support')).toBeNull();
  });
});
