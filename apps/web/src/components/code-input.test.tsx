import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount as render } from '../test/dom.tsx';
import { CodeInput, sanitizeCode } from './code-input.tsx';

function Harness({ onComplete }: { onComplete: (c: string) => void }) {
  const [v, setV] = useState('');
  return <CodeInput label="Code" value={v} onChange={setV} onComplete={onComplete} testId="code" />;
}

function mount(onComplete: (c: string) => void) {
  const m = render(<Harness onComplete={onComplete} />);
  return { input: m.byId('code')!, type: (value: string) => m.type('code', value), unmount: m.unmount };
}

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

describe('CodeInput', () => {
  it('keeps 6 digits only', () => {
    expect(sanitizeCode('12 3-45678')).toBe('123456');
    expect(sanitizeCode('ab')).toBe('');
  });
  it('signals completion once when full', () => {
    const onComplete = vi.fn();
    const m = mount(onComplete);
    cleanup = m.unmount;
    m.type('12345');
    expect(onComplete).not.toHaveBeenCalled();
    m.type('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    m.type('1234567');
    expect(m.input.value).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });
  it('a pasted code with spaces completes', () => {
    const onComplete = vi.fn();
    const m = mount(onComplete);
    cleanup = m.unmount;
    m.type('123 456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(m.input.value).toBe('123456');
  });
});
