import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput, sanitizeCode } from './code-input.tsx';

// React 19's createRoot directly: @testing-library/react sits at the repo root next to react-dom 18.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness({ onComplete }: { onComplete: (c: string) => void }) {
  const [v, setV] = useState('');
  return <CodeInput label="Code" value={v} onChange={setV} onComplete={onComplete} testId="code" />;
}

function mount(onComplete: (c: string) => void) {
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() => root.render(<Harness onComplete={onComplete} />));
  const input = el.querySelector('[data-testid="code"]') as HTMLInputElement;
  // React tracks the value through the native setter; set it that way, then fire input.
  const type = (value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  return { input, type, unmount: () => act(() => root.unmount()) };
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
