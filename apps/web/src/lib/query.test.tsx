import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, settle } from '../test/dom.tsx';
import { clearSession, renewTokens, saveBareToken, saveTokens } from './auth-session.ts';
import { invalidateQueries, useQuery } from './query.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

function Show({ fn }: { fn: () => Promise<string> }) {
  const { data, isLoading } = useQuery({ key: ['test', 'show'], fn });
  return <p data-testid="out">{isLoading ? 'loading' : data}</p>;
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  act(() => invalidateQueries());
});

describe('useQuery', () => {
  it('loads once across renders, though fn is a new closure each time', async () => {
    const fn = vi.fn().mockResolvedValue('a');
    const m = mount(<Show fn={() => fn() as Promise<string>} />);
    cleanup = m.unmount;
    await settle();
    expect(m.byId('out')!.textContent).toBe('a');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a mounted component loads again after its query is invalidated', async () => {
    const fn = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const m = mount(<Show fn={fn} />);
    cleanup = m.unmount;
    await settle();
    expect(m.byId('out')!.textContent).toBe('first');
    act(() => invalidateQueries(['test']));
    await settle();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(m.byId('out')!.textContent).toBe('second');
  });

  it('drops an answer that arrives after its query was invalidated', async () => {
    let answerOld!: (v: string) => void;
    const fn = vi
      .fn()
      .mockReturnValueOnce(new Promise<string>((r) => (answerOld = r)))
      .mockResolvedValueOnce('new');
    const m = mount(<Show fn={fn} />);
    cleanup = m.unmount;
    act(() => invalidateQueries(['test']));
    await settle();
    expect(m.byId('out')!.textContent).toBe('new');
    act(() => answerOld('old'));
    await settle();
    expect(m.byId('out')!.textContent).toBe('new');
  });

  it.each([
    ['a login', () => saveTokens({ token: 'b', refresh_token: 'rb', expires_in: 900 })],
    ['a bare /index token', () => saveBareToken('b')],
    ['a logout or lost session', () => clearSession()],
  ])("%s drops the previous user's cached answers", async (_name, change) => {
    localStorage.setItem(LOCAL_KEYS.token, 'a');
    const fn = vi.fn().mockResolvedValueOnce("a's data").mockResolvedValueOnce("b's data");
    const m = mount(<Show fn={fn} />);
    cleanup = m.unmount;
    await settle();
    expect(m.byId('out')!.textContent).toBe("a's data");
    act(change);
    await settle();
    expect(m.byId('out')!.textContent).toBe("b's data");
  });

  it('a token refresh keeps the cached answers (same session)', async () => {
    const fn = vi.fn().mockResolvedValue('data');
    const m = mount(<Show fn={fn} />);
    cleanup = m.unmount;
    await settle();
    act(() => renewTokens({ token: 'a2', refresh_token: 'r2', expires_in: 900 }));
    await settle();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
