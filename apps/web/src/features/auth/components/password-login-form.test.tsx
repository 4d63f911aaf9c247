import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordLoginForm } from './password-login-form.tsx';

const login = vi.fn();
vi.mock('../api/login.ts', () => ({ useLogin: () => ({ mutate: login, isPending: false }) }));
vi.mock('../complete-login.ts', () => ({ completeLogin: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount() {
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  const onLoggedIn = vi.fn();
  act(() => root.render(<PasswordLoginForm initialPhone="" onLoggedIn={onLoggedIn} />));
  const byId = <T extends HTMLElement>(id: string) => el.querySelector(`[data-testid="${id}"]`) as T;
  const type = (id: string, value: string) =>
    act(() => {
      const input = byId<HTMLInputElement>(id);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = async () => {
    await act(async () => byId('login-submit').click());
  };
  const alerts = () => [...el.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
  return { el, byId, type, submit, alerts, onLoggedIn, unmount: () => act(() => root.unmount()) };
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
});
