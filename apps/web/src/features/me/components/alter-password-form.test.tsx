import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@kaskita/domain/contract/user';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { watchToasts } from '../../../test/watch-toasts.ts';
import { accountQueryOptions } from '../api/get-account.ts';
import { AlterPasswordForm } from './alter-password-form.tsx';

let toast: ReturnType<typeof watchToasts>;

const account = (has_password: boolean): Account => ({
  uid: 'u1',
  phone_masked: '0812*****7890',
  has_password,
  created_at: '2025-01-02T00:00:00Z',
});

const fetch = vi.fn();
beforeEach(() => {
  toast = watchToasts();
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

/** What Me reads from the account: whether a password is set. */
function HasPassword() {
  const { data } = useQuery(accountQueryOptions());
  return <p data-testid="has-password">{data ? String(data.has_password) : '…'}</p>;
}

function setup(mode: 'modify' | 'set', withAccount = false) {
  const onDone = vi.fn();
  const app = renderApp(
    <>
      <AlterPasswordForm mode={mode} onDone={onDone} />
      {withAccount ? <HasPassword /> : null}
    </>,
  );
  const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);
  return { ...app, onDone, input, submit: () => app.user.click(screen.getByTestId('password-submit')) };
}

describe('AlterPasswordForm', () => {
  it('asks for the current password only when changing one', () => {
    const set = setup('set');
    expect(screen.queryByTestId('old-password')).toBeNull();
    set.unmount();
    const modify = setup('modify');
    expect(modify.input('old-password').type).toBe('password');
  });

  it('reports a mismatch on the confirmation, sends nothing and keeps the typed values', async () => {
    const f = setup('set');
    await f.user.type(f.input('new-password'), 'abc123');
    await f.user.type(f.input('confirm-password'), 'abc124');
    await f.submit();
    expect(fetch).not.toHaveBeenCalled();
    expect(f.input('confirm-password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match');
    expect(f.input('new-password').getAttribute('aria-invalid')).toBeNull();
    expect(f.input('new-password').value).toBe('abc123');
    expect(f.input('confirm-password').value).toBe('abc124');
  });

  it('changing a password needs the current one, reported with the other errors', async () => {
    const f = setup('modify');
    await f.user.type(f.input('new-password'), 'abc');
    await f.submit();
    expect(fetch).not.toHaveBeenCalled();
    expect(f.input('old-password').getAttribute('aria-invalid')).toBe('true');
    expect(f.input('new-password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter a password',
      'Password must be 6-20 letters or digits',
      'The passwords do not match',
    ]);
  });

  it("clears a field's error as soon as the field is edited", async () => {
    const f = setup('set');
    await f.user.type(f.input('new-password'), 'abc123');
    await f.user.type(f.input('confirm-password'), 'abc124');
    await f.submit();
    expect(f.input('confirm-password').getAttribute('aria-invalid')).toBe('true');
    await f.user.type(f.input('confirm-password'), '{Backspace}');
    expect(f.input('confirm-password').getAttribute('aria-invalid')).toBeNull();
  });

  it('after setting the first password the account is asked again (Me then offers "change")', async () => {
    fetch.mockImplementation((...call: unknown[]) =>
      Promise.resolve(
        callOf(call) === 'getAccount'
          ? answer(200, account(fetch.mock.calls.some((c) => callOf(c) === 'alterPassword')))
          : answer(200, {}),
      ),
    );
    const f = setup('set', true);
    await waitFor(() => expect(screen.getByTestId('has-password').textContent).toBe('false'));
    await f.user.type(f.input('new-password'), 'abc123');
    await f.user.type(f.input('confirm-password'), 'abc123');
    await f.submit();
    await waitFor(() => expect(f.onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Your password has been set');
    const body = new URLSearchParams(String((fetch.mock.calls[1]![1] as RequestInit).body));
    expect(Object.fromEntries(body)).toEqual({ password: 'abc123', confirm_password: 'abc123' });
    await waitFor(() => expect(screen.getByTestId('has-password').textContent).toBe('true'));
  });

  it('a wrong current password is said beside it, not in a toast, and is gone after the successful retry', async () => {
    let tries = 0;
    fetch.mockImplementation(() =>
      Promise.resolve(
        ++tries === 1
          ? answer(
              4018,
              { fields: { old_password: 'password.old_wrong' } },
              'The current password is incorrect',
            )
          : answer(200, {}),
      ),
    );
    const f = setup('modify');
    await f.user.type(f.input('old-password'), 'first0');
    await f.user.type(f.input('new-password'), 'second2');
    await f.user.type(f.input('confirm-password'), 'second2');
    await f.submit();
    await waitFor(() => expect(f.input('old-password').getAttribute('aria-invalid')).toBe('true'));
    const field = f.input('old-password').closest<HTMLElement>('.kk-field')!;
    expect(field.querySelector('[role=alert]')?.textContent).toBe('The current password is wrong');
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId('password-error')).toBeNull();
    expect(f.input('new-password').value).toBe('second2');
    await f.user.clear(f.input('old-password'));
    await f.user.type(f.input('old-password'), 'first1');
    await f.submit();
    await waitFor(() => expect(f.onDone).toHaveBeenCalled());
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('a refusal that names no field stays in a banner until closed, and a retry takes it away', async () => {
    fetch.mockResolvedValueOnce(answer(4029, { retry_after: 60 }, 'Too many tries, please wait'));
    fetch.mockResolvedValueOnce(answer(200, {}));
    const f = setup('set');
    await f.user.type(f.input('new-password'), 'abc123');
    await f.user.type(f.input('confirm-password'), 'abc123');
    await f.submit();
    const banner = await screen.findByTestId('password-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Too many tries, please wait');
    expect(toast.error).not.toHaveBeenCalled();
    await f.user.click(screen.getByTestId('password-error-dismiss'));
    expect(screen.queryByTestId('password-error')).toBeNull();
    await f.submit();
    await waitFor(() => expect(f.onDone).toHaveBeenCalled());
    expect(screen.queryByTestId('password-error')).toBeNull();
  });
});
