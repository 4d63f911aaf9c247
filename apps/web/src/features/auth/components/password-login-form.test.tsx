import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount as render } from '../../../test/dom.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';

const login = vi.fn();
vi.mock('../api/login.ts', () => ({ useLogin: () => ({ mutate: login, isPending: false }) }));
vi.mock('../complete-login.ts', () => ({ completeLogin: vi.fn() }));

function mount() {
  const onLoggedIn = vi.fn();
  const m = render(<PasswordLoginForm initialPhone="" onLoggedIn={onLoggedIn} />);
  return {
    ...m,
    byId: <T extends HTMLElement>(id: string) => m.byId<T>(id)!,
    submit: () => m.click('login-submit'),
    onLoggedIn,
  };
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  login.mockReset();
});

describe('PasswordLoginForm', () => {
  it('asks for consent before logging in and keeps what was typed', async () => {
    const f = mount();
    cleanup = f.unmount;
    f.type('login-phone', '081377778888');
    f.type('login-password', 'abc123');
    await f.submit();
    expect(login).not.toHaveBeenCalled();
    expect(f.alerts()).toHaveLength(1);
    expect(f.byId('consent').getAttribute('aria-invalid')).toBe('true');
    expect(f.byId<HTMLInputElement>('login-phone').value).toBe('081377778888');
    expect(f.byId<HTMLInputElement>('login-password').value).toBe('abc123');
  });

  it('logs in once consented, and keeps the typed values when the server refuses', async () => {
    const f = mount();
    cleanup = f.unmount;
    login.mockRejectedValueOnce(new Error('wrong password'));
    f.type('login-phone', '081377778888');
    f.type('login-password', 'abc123');
    act(() => f.byId('consent').click());
    await f.submit();
    expect(login).toHaveBeenCalledTimes(1);
    expect(f.onLoggedIn).not.toHaveBeenCalled();
    expect(f.alerts()).toEqual([]);
    expect(f.byId<HTMLInputElement>('login-password').value).toBe('abc123');
  });

  it("clears a field's error as soon as the field is edited, like the SMS form", async () => {
    const f = mount();
    cleanup = f.unmount;
    await f.submit();
    expect(f.byId('login-phone').getAttribute('aria-invalid')).toBe('true');
    expect(f.byId('login-password').getAttribute('aria-invalid')).toBe('true');
    f.type('login-phone', '0813');
    expect(f.byId('login-phone').getAttribute('aria-invalid')).toBeNull();
    expect(f.byId('login-password').getAttribute('aria-invalid')).toBe('true');
    act(() => f.byId('consent').click());
    expect(f.byId('consent').getAttribute('aria-invalid')).toBeNull();
  });
});
