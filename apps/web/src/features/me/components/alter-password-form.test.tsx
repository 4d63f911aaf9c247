import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlterPasswordForm } from './alter-password-form.tsx';

const alter = vi.fn();
vi.mock('../api/alter-password.ts', () => ({
  useAlterPassword: () => ({ mutate: alter, isPending: false }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount(mode: 'modify' | 'set') {
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() => root.render(<AlterPasswordForm mode={mode} onDone={() => {}} />));
  const byId = (id: string) => el.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null;
  const type = (id: string, value: string) =>
    act(() => {
      const input = byId(id)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = async () => {
    await act(async () => byId('password-submit')!.click());
  };
  return { byId, type, submit, unmount: () => act(() => root.unmount()) };
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  alter.mockReset();
});

describe('AlterPasswordForm', () => {
  it('asks for the current password only when changing one', () => {
    const set = mount('set');
    expect(set.byId('old-password')).toBeNull();
    set.unmount();
    const modify = mount('modify');
    cleanup = modify.unmount;
    expect(modify.byId('old-password')?.type).toBe('password');
  });

  it('reports a mismatch on the confirmation, sends nothing and keeps the typed values', async () => {
    const f = mount('set');
    cleanup = f.unmount;
    f.type('new-password', 'abc123');
    f.type('confirm-password', 'abc124');
    await f.submit();
    expect(alter).not.toHaveBeenCalled();
    expect(f.byId('confirm-password')!.getAttribute('aria-invalid')).toBe('true');
    expect(f.byId('new-password')!.getAttribute('aria-invalid')).toBeNull();
    expect(f.byId('new-password')!.value).toBe('abc123');
    expect(f.byId('confirm-password')!.value).toBe('abc124');
  });
});
