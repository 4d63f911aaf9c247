import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, settle } from '../test/dom.tsx';
import { invalidateQueries, useQuery } from './query.ts';

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
});
