import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, sanitizeCode } from './code-input.tsx';

function Harness({ onComplete }: { onComplete: (c: string) => void }) {
  const [v, setV] = useState('');
  return <CodeInput label="Code" value={v} onChange={setV} onComplete={onComplete} testId="code" />;
}

function setup() {
  const onComplete = vi.fn();
  render(<Harness onComplete={onComplete} />);
  const input = screen.getByLabelText<HTMLInputElement>('Code');
  return { onComplete, input, user: userEvent.setup() };
}

describe('CodeInput', () => {
  it('keeps 6 digits only', () => {
    expect(sanitizeCode('12 3-45678')).toBe('123456');
    expect(sanitizeCode('ab')).toBe('');
  });

  it('signals completion once when full', async () => {
    const { onComplete, input, user } = setup();
    await user.type(input, '12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '6');
    expect(onComplete).toHaveBeenCalledWith('123456');
    await user.type(input, '7');
    expect(input.value).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  // Set in one go, as an SMS autofill does (a typed paste is cut by the input's maxlength first).
  it('a code arriving with spaces completes', () => {
    const { onComplete, input } = setup();
    fireEvent.change(input, { target: { value: '123 456' } });
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(input.value).toBe('123456');
  });
});
