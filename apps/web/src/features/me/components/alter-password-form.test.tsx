import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount as render } from '../../../test/dom.tsx';
import { AlterPasswordForm } from './alter-password-form.tsx';

const alter = vi.fn();
vi.mock('../api/alter-password.ts', () => ({
  useAlterPassword: () => ({ mutate: alter, isPending: false }),
}));

function mount(mode: 'modify' | 'set') {
  const m = render(<AlterPasswordForm mode={mode} onDone={() => {}} />);
  return { ...m, submit: () => m.click('password-submit') };
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

  it("clears a field's error as soon as the field is edited", async () => {
    const f = mount('set');
    cleanup = f.unmount;
    f.type('new-password', 'abc123');
    f.type('confirm-password', 'abc124');
    await f.submit();
    expect(f.byId('confirm-password')!.getAttribute('aria-invalid')).toBe('true');
    f.type('confirm-password', 'abc12');
    expect(f.byId('confirm-password')!.getAttribute('aria-invalid')).toBeNull();
  });
});
