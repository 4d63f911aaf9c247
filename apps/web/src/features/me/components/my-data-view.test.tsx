import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletion, Consents, ConsentView, MyDataExport } from '@kaskita/domain/contract/my-data';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { allowSheetTaps } from '../../../test/bottom-sheet-setup.ts';
import { catchPdfDownloads } from '../../../test/pdf-download.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { MyDataView } from './my-data-view.tsx';

const AT = '2026-03-02T03:00:00.000Z';

/** The smallest export the contract accepts: an account and every section empty. */
const exportOf = (): MyDataExport => ({
  format: 'kaskita-my-data/1',
  generated_at: AT,
  sections: {
    account: {
      uid: 'u-1',
      phone: '6281234567890',
      registered_at: AT,
      has_password: false,
      verify: 0,
      reapply_on: null,
      blocked_at: null,
      time_zone: null,
      signup_channel: null,
      promote_platform: null,
      promote_agency: null,
      updated_at: AT,
    },
    profile: null,
    drafts: [],
    verification: null,
    bank_accounts: [],
    applications: [],
    loans: [],
    payment_codes: [],
    payments: [],
    refunds: [],
    payment_claims: [],
    feedback: [],
    complaints: [],
    purchases: {
      pin_set: false,
      pin_set_at: null,
      pin_failed_tries: 0,
      pin_locked_until: null,
      orders: [],
      refunds: [],
    },
    messages: [],
    devices: [],
    analytics: [],
    sessions: [],
    consents: { accepted: [], withdrawn: [] },
    corrections: [],
    staff_access: [],
    collection: { contacts: [], promises: [] },
  },
});

const consent = (kind: ConsentView['kind'], extra: Partial<ConsentView> = {}): ConsentView => ({
  kind,
  in_force: true,
  version: '2026-11-24',
  current_version: '2026-11-24',
  given_at: AT,
  withdrawn_at: null,
  withdrawable: kind === 'privacy' || kind === 'emergency_contacts',
  purpose: `purpose of ${kind}`,
  withdrawal: `what withdrawing ${kind} does`,
  history: [{ event: 'given', version: '2026-11-24', at: AT }],
  ...extra,
});

const consents = (extra: Partial<Consents> = {}): Consents => ({
  list: [
    consent('terms'),
    consent('privacy'),
    consent('emergency_contacts'),
    consent('location', { version: null, current_version: null, withdrawable: false }),
  ],
  while_owed: [],
  stop_within_hours: 72,
  ...extra,
});

const deletion = (extra: Partial<AccountDeletion> = {}): AccountDeletion => ({
  allowed: true,
  blockers: [],
  retention: 'relationship',
  kept: [
    { record: 'identity', text: 'KTP identity and address' },
    { record: 'loans', text: 'Loans and the agreements you accepted' },
  ],
  kept_until: '2031-03-02',
  kept_because: 'Law 8/2010 requires it',
  erased: ['Emergency contacts', 'Email and WhatsApp number'],
  ...extra,
});

const base = {
  listConsents: consents(),
  listCorrections: { list: [], locked: true },
  getAccountDeletion: deletion(),
  listDataAccess: { list: [] },
};

const fetch = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const calls = () => fetch.mock.calls.map(callOf);
const bodyOf = (id: string) => {
  const call = fetch.mock.calls.find((c) => callOf(c) === id)!;
  const raw = String((call[1] as RequestInit).body);
  return raw.startsWith('{')
    ? (JSON.parse(raw) as Record<string, string>)
    : Object.fromEntries(new URLSearchParams(raw));
};

describe('Me > My data', { timeout: 20_000 }, () => {
  it('downloads the JSON copy and the readable PDF as files', async () => {
    const saved = catchPdfDownloads();
    fetch.mockImplementation(
      contractServer({
        ...base,
        getMyData: exportOf(),
        getMyDataPdf: {
          content_type: 'application/pdf',
          file_name: 'kaskita-my-data-2026-03-02.pdf',
          data: btoa('%PDF-1.7 x'),
        },
      }),
    );
    const app = renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    await app.user.click(await screen.findByTestId('my-data-download-json'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('kaskita-my-data-2026-03-02.json');
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toMatchObject({ sections: { account: { uid: 'u-1' } } });
    await app.user.click(screen.getByTestId('my-data-download-pdf'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ name: 'kaskita-my-data-2026-03-02.pdf' });
    expect(await saved[1]!.blob.text()).toBe('%PDF-1.7 x');
  });

  it('lists every consent with its version and date; a withdrawal is confirmed first, and said what it stops', async () => {
    let list = consents();
    fetch.mockImplementation(
      contractServer({
        ...base,
        listConsents: () => answer(200, list),
        withdrawConsent: () => {
          list = consents({
            list: list.list.map((c) =>
              c.kind === 'emergency_contacts' ? { ...c, in_force: false, withdrawn_at: AT } : c,
            ),
          });
          return answer(200, {
            kind: 'emergency_contacts',
            withdrawn_at: AT,
            stopped: 'contacts erased',
            continues: [],
          });
        },
      }),
    );
    const app = renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    const contacts = await screen.findByTestId('consent-emergency_contacts');
    expect(within(contacts).getByTestId('consent-state').textContent).toBe(
      'Given 02/03/2026 10:00 WIB · version 2026-11-24',
    );
    // Terms cannot be withdrawn on their own: no button; location neither.
    expect(within(screen.getByTestId('consent-terms')).queryByTestId('consent-withdraw')).toBeNull();
    expect(within(screen.getByTestId('consent-location')).queryByTestId('consent-withdraw')).toBeNull();

    await app.user.click(within(contacts).getByTestId('consent-withdraw'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('what withdrawing emergency_contacts does');
    expect(calls()).not.toContain('withdrawConsent');
    await app.user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('consent-emergency_contacts')).getByTestId('consent-state').textContent,
      ).toContain('Withdrawn 02/03/2026 10:00 WIB'),
    );
    expect(bodyOf('withdrawConsent')).toEqual({ kind: 'emergency_contacts' });
  });

  it('while a loan is owed, says what goes on and why', async () => {
    fetch.mockImplementation(
      contractServer({
        ...base,
        listConsents: consents({
          while_owed: [{ what: 'Due-date reminders', why: 'performing the loan agreement' }],
        }),
      }),
    );
    renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    const owed = await screen.findByTestId('consents-while-owed');
    expect(owed.textContent).toContain('Due-date reminders: performing the loan agreement');
  });

  it('asks for a correction of a locked field; a refusal by the server is shown under the field', async () => {
    let list: unknown[] = [];
    fetch.mockImplementation(
      contractServer({
        ...base,
        listCorrections: () => answer(200, { list, locked: true }),
        requestCorrection: (init: RequestInit) => {
          const body = Object.fromEntries(new URLSearchParams(String(init.body)));
          if (body.value === '123') return answer(4000, { fields: { value: 'nik.invalid' } });
          const item = {
            id: 'c1',
            field: 'nik',
            proposed_value: body.value,
            reason: body.reason,
            status: 'open',
            answer: null,
            created_at: AT,
            decided_at: null,
          };
          list = [item];
          return answer(200, item);
        },
      }),
    );
    const app = renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    await app.user.selectOptions(await screen.findByTestId('correction-field'), 'nik');
    await app.user.type(screen.getByTestId('correction-value'), '123');
    await app.user.type(screen.getByTestId('correction-reason'), 'new KTP issued');
    await app.user.click(screen.getByTestId('correction-send'));
    expect(await screen.findByText('The KTP number (NIK) has 16 digits')).toBeTruthy();

    await app.user.clear(screen.getByTestId('correction-value'));
    await app.user.type(screen.getByTestId('correction-value'), '3171011701900001');
    await app.user.click(screen.getByTestId('correction-send'));
    const item = await screen.findByTestId('correction-item');
    expect(item.textContent).toContain('NIK: 3171011701900001');
    expect(item.textContent).toContain('Waiting for our answer');
  });

  it('before the KTP step is saved, there is no form: the borrower changes it on the step', async () => {
    fetch.mockImplementation(contractServer({ ...base, listCorrections: { list: [], locked: false } }));
    renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    expect(await screen.findByTestId('corrections-unlocked')).toBeTruthy();
    expect(screen.queryByTestId('correction-send')).toBeNull();
  });

  it('refuses to delete while something is owed, and says what', async () => {
    fetch.mockImplementation(
      contractServer({
        ...base,
        getAccountDeletion: deletion({ allowed: false, blockers: ['loan_open', 'claim_open'] }),
      }),
    );
    renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    const blockers = await screen.findByTestId('delete-blockers');
    expect(blockers.textContent).toContain('a loan is still owed or in progress');
    expect(blockers.textContent).toContain('a payment claim is waiting for our answer');
    expect((screen.getByTestId('delete-account') as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes the account after a confirmation that says what is kept and until when, with DELETE typed', async () => {
    const onDeleted = vi.fn();
    fetch.mockImplementation(contractServer({ ...base, deleteAccount: deletion() }));
    const app = renderApp(<MyDataView onDeleted={onDeleted} />, { path: '/me/my-data' });
    const kept = await screen.findByTestId('delete-kept');
    expect(kept.textContent).toContain('Kept by law until 02/03/2031, then destroyed');
    expect(kept.textContent).toContain('Loans and the agreements you accepted');
    await app.user.click(screen.getByTestId('delete-account'));
    const sheet = await screen.findByTestId('delete-confirm');
    expect(sheet.textContent).toContain(
      'Kept until 02/03/2031 because the law requires it: KTP identity and address; Loans and the agreements you accepted.',
    );
    const button = within(sheet).getByTestId('delete-confirm-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await app.user.type(within(sheet).getByTestId('delete-typed'), 'DELETE');
    expect(button.disabled).toBe(false);
    await app.user.click(button);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(bodyOf('deleteAccount')).toEqual({ confirm: 'DELETE' });
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });

  it('says when nothing is kept', async () => {
    fetch.mockImplementation(
      contractServer({
        ...base,
        getAccountDeletion: deletion({ retention: 'none', kept: [], kept_until: null, kept_because: null }),
      }),
    );
    renderApp(<MyDataView onDeleted={vi.fn()} />, { path: '/me/my-data' });
    expect((await screen.findByTestId('delete-kept-nothing')).textContent).toBe(
      'Nothing is kept: everything is erased at once.',
    );
  });
});
