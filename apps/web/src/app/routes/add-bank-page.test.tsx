import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { allowSheetTaps } from '../../test/bottom-sheet-setup.ts';
import { answer, callOf, contractServer } from '../../test/api-answer.ts';
import { renderApp } from '../../test/render-app.tsx';
import { emptyBase, progressOf } from '../../features/profile/components/profile-test-fixtures.ts';
import { failedOrder, formBody, order } from '../../features/loans/components/loans-test-fixtures.ts';
import { AddBankPage } from './profile-step-pages.tsx';

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

const BANKS = { list: [{ code: 'BCA', name: 'Bank Central Asia (BCA)', kind: 'bank' as const }] };
const base = { ...emptyBase, ktp_submitted: true, name: 'BUDI SANTOSO' };

async function correctAccount(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByTestId('bank-bank'));
  await app.user.click(await screen.findByTestId('bank-bank-option-BCA'));
  await app.user.type(screen.getByTestId('bank-card-num'), '1234567890');
  await app.user.click(screen.getByTestId('bank-correction-submit'));
}

// The route composes the onboarding bank step (features/profile) with the loans feature's bank_patch.
describe('/home/add-bank after a failed disbursement', { timeout: 20_000 }, () => {
  it('with ?patch=1 the bank step sends the corrected account to bank_patch, then waits on loaning', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: failedOrder(1) },
        getBaseProfile: base,
        getBankList: BANKS,
        patchBank: order,
      }),
    );
    const app = renderApp(<AddBankPage />, { path: '/home/add-bank?patch=1' });
    expect((await screen.findByTestId('bank-correction-intro')).textContent).toContain(
      'The bank could not pay your loan into your account.',
    );
    expect(screen.queryByTestId('step-header')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('bank-holder').value).toBe('BUDI SANTOSO');
    await correctAccount(app);
    await waitFor(() => expect(app.location()).toBe('/home/loaning'));
    const ids = fetch.mock.calls.map(callOf);
    expect(ids).not.toContain('saveBank');
    const sent = fetch.mock.calls.find((c) => callOf(c) === 'patchBank')!;
    expect(formBody(sent[1] as RequestInit)).toEqual({
      bank: 'BCA',
      card_num: '1234567890',
      name: 'BUDI SANTOSO',
    });
  });

  it('the bank refusing the corrected account too is explained beside the form, not toasted', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: failedOrder(1) },
        getBaseProfile: base,
        getBankList: BANKS,
        patchBank: () => answer(4270, null, 'mismatch'),
      }),
    );
    const app = renderApp(<AddBankPage />, { path: '/home/add-bank?patch=1' });
    await correctAccount(app);
    expect((await screen.findByTestId('bank-refusal')).textContent).toContain(
      "The account holder's name at the bank does not match the name on your KTP",
    );
    expect(toastError).not.toHaveBeenCalled();
    expect(app.location()).toBe('/home/add-bank?patch=1');
  });

  it('from the home (no ?patch yet) the failure modal explains first; its button opens the correction', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: failedOrder(1) },
        getBaseProfile: base,
        getBankList: BANKS,
      }),
    );
    const app = renderApp(<AddBankPage />, { path: '/home/add-bank' });
    const dialog = await screen.findByRole('dialog', { name: 'The money could not be sent' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Correct my bank account' }));
    await waitFor(() => expect(app.location()).toBe('/home/add-bank?patch=1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('bank-correction-intro')).toBeTruthy();
    // Cancelling instead stays possible under the form.
    expect(screen.getByTestId('cancel-loan')).toBeTruthy();
  });

  it('without a failed order it is the onboarding step', async () => {
    fetch.mockImplementation(
      contractServer({
        getCurrentOrder: { order: null },
        getProfileProgress: progressOf(['ktp', 'person-info', 'job-info', 'work-info', 'contacts'], 'bank'),
        getBank: { account: null, cards: [] },
        getBaseProfile: base,
        getBankList: BANKS,
      }),
    );
    renderApp(<AddBankPage />, { path: '/home/add-bank' });
    expect((await screen.findByTestId('step-count')).textContent).toBe('Step 6 of 6');
    expect(screen.queryByTestId('bank-correction-intro')).toBeNull();
  });
});
