import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileStep } from '@kaskita/domain/contract/profile';
import type { BankCards } from '@kaskita/domain/contract/bank-cards';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  emptyBase,
  formBody,
  profileServer,
  progressOf,
} from '../../features/profile/components/profile-test-fixtures.ts';
import { OnboardingBankStep } from './profile-step-pages.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
allowSheetTaps();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const before: ProfileStep[] = ['ktp', 'person-info', 'job-info', 'work-info', 'contacts'];
const BANKS = {
  list: [
    { code: 'BCA', name: 'Bank Central Asia (BCA)', kind: 'bank' as const },
    { code: 'MANDIRI', name: 'Bank Mandiri', kind: 'bank' as const },
    { code: 'BRI', name: 'Bank Rakyat Indonesia (BRI)', kind: 'bank' as const },
    { code: 'DANA', name: 'DANA (e-wallet)', kind: 'ewallet' as const },
  ],
};
const afterKtp = { ...emptyBase, ktp_submitted: true, name: 'BUDI SANTOSO' };
const savedAccount: BankCards = {
  account: {
    bank: 'MANDIRI',
    bank_name: 'Bank Mandiri',
    card_num_masked: '******7890',
    name: 'BUDI SANTOSO',
    verified_at: '2025-03-01T03:00:00.000Z',
  },
  cards: [
    {
      id: 'card-1',
      bank: 'MANDIRI',
      bank_name: 'Bank Mandiri',
      card_num_masked: '******7890',
      name: 'BUDI SANTOSO',
      is_default: true,
      in_use: false,
    },
  ],
};
const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const saveCalls = () => fetch.mock.calls.filter((c) => callOf(c) === 'saveBank');

/** The bank step before any account, the KTP's name known; `saveBank` answers as given. */
function serve(saveBank: (init: RequestInit) => Response) {
  let saved = false;
  fetch.mockImplementation(
    profileServer({
      // The progress is read again after the save (the save answers the account).
      getProfileProgress: () =>
        answer(200, saved ? progressOf([...before, 'bank'], null) : progressOf(before, 'bank')),
      getBank: { account: null, cards: [] },
      getBaseProfile: afterKtp,
      getBankList: BANKS,
      saveBank: (init: RequestInit) => {
        const res = saveBank(init);
        saved = res.ok;
        return res;
      },
    }),
  );
}

async function chooseBank(app: ReturnType<typeof renderApp>, search: string, code: string) {
  await app.user.click(screen.getByTestId('bank-bank'));
  await app.user.type(await screen.findByTestId('bank-bank-search'), search);
  await app.user.click(await screen.findByTestId(`bank-bank-option-${code}`));
}

// The sheets and the typing take seconds of simulated taps: past the 5 s default on a busy machine.
describe('bank step', { timeout: 20_000 }, () => {
  it('finds the bank by search, pre-fills the holder from the KTP, and saves digits only', async () => {
    serve(() => answer(200, savedAccount));
    const app = renderApp(<OnboardingBankStep />, { path: '/home/add-bank' });
    expect((await screen.findByTestId<HTMLInputElement>('bank-holder')).value).toBe('BUDI SANTOSO');
    expect(screen.getByTestId('step-count').textContent).toBe('Step 6 of 6');

    await app.user.click(screen.getByTestId('bank-bank'));
    const search = await screen.findByTestId('bank-bank-search');
    await app.user.type(search, 'RAKYAT');
    const list = screen.getByRole('listbox', { name: 'Bank' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bank Rakyat Indonesia (BRI)']);
    await app.user.clear(search);
    await app.user.type(search, 'jago');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(within(list).getByText('No bank matches')).toBeTruthy();
    await app.user.clear(search);
    await app.user.type(search, 'mandiri');
    await app.user.click(screen.getByTestId('bank-bank-option-MANDIRI'));
    await waitFor(() => expect(screen.getByTestId('bank-bank').textContent).toBe('Bank Mandiri'));

    await app.user.type(input('bank-card-num'), '123-456 7890');
    expect(input('bank-card-num').value).toBe('1234567890');
    expect(input('bank-card-num').inputMode).toBe('numeric');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into'));
    expect(formBody(saveCalls()[0]![1] as RequestInit)).toEqual({
      bank: 'MANDIRI',
      card_num: '1234567890',
      name: 'BUDI SANTOSO',
    });
  });

  it.each([
    [4270, "The account holder's name at the bank does not match the name on your KTP"],
    [4271, 'The bank says this account does not exist or is closed'],
    [4272, 'We cannot reach the bank right now. Nothing was saved'],
  ])(
    'the bank’s %i is explained beside the form, not toasted, until the account is changed',
    async (code, text) => {
      serve(() => answer(code, null, 'refused by the bank'));
      const app = renderApp(<OnboardingBankStep />, { path: '/home/add-bank' });
      await screen.findByTestId('bank-holder');
      await chooseBank(app, 'bca', 'BCA');
      await app.user.type(input('bank-card-num'), '1234567890');
      await app.user.click(screen.getByTestId('step-submit'));

      const refusal = await screen.findByTestId('bank-refusal');
      expect(refusal.getAttribute('role')).toBe('alert');
      expect(refusal.textContent).toContain(text);
      // Beside the form: just above its button, with what was typed kept for correcting.
      expect(refusal.nextElementSibling).toBe(screen.getByTestId('step-submit'));
      expect(input('bank-card-num').value).toBe('1234567890');
      expect(input('bank-holder').value).toBe('BUDI SANTOSO');
      expect(toastError).not.toHaveBeenCalled();
      expect(app.location()).toBe('/home/add-bank');

      await app.user.type(input('bank-card-num'), '1');
      expect(screen.queryByTestId('bank-refusal')).toBeNull();
    },
  );

  it('an e-wallet asks for the phone it is registered to, and is saved like a bank account', async () => {
    serve(() => answer(200, savedAccount));
    const app = renderApp(<OnboardingBankStep />, { path: '/home/add-bank' });
    await screen.findByTestId('bank-holder');
    expect(screen.getByText('Account number')).toBeTruthy();
    await chooseBank(app, 'e-wallet', 'DANA');
    expect(await screen.findByText('Phone number registered with DANA')).toBeTruthy();
    expect(input('bank-card-num').placeholder).toBe('0812 3456 7890');
    await app.user.type(input('bank-card-num'), '0812 3456 7890');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into'));
    expect(formBody(saveCalls()[0]![1] as RequestInit)).toEqual({
      bank: 'DANA',
      card_num: '081234567890',
      name: 'BUDI SANTOSO',
    });
  });

  it('a saved account is shown with its number masked; "next" moves on and the form is one tap away', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...before, 'bank'], null),
        getBank: savedAccount,
        getBaseProfile: afterKtp,
        getBankList: BANKS,
      }),
    );
    const app = renderApp(<OnboardingBankStep />, { path: '/home/add-bank' });
    const saved = await screen.findByTestId('bank-saved');
    expect(screen.getByTestId('bank-saved-number').textContent).toBe('******7890');
    expect(saved.textContent).toContain('Bank Mandiri');
    expect(saved.textContent).toContain('BUDI SANTOSO');
    expect(screen.queryByTestId('bank-card-num')).toBeNull();

    await app.user.click(screen.getByTestId('bank-change'));
    // A new account starts blank (the saved number is never sent whole), the holder still the KTP's name.
    expect(input('bank-card-num').value).toBe('');
    expect(input('bank-holder').value).toBe('BUDI SANTOSO');
    expect(saveCalls()).toHaveLength(0);
  });

  it('a locked profile shows the saved account without the change button', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...before, 'bank'], null, { locked: true }),
        getBank: savedAccount,
        getBaseProfile: afterKtp,
        getBankList: BANKS,
      }),
    );
    const app = renderApp(<OnboardingBankStep />, { path: '/home/add-bank' });
    await screen.findByTestId('bank-saved');
    expect(screen.queryByTestId('bank-change')).toBeNull();
    await app.user.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(app.location()).toBe('/user-into'));
  });
});
