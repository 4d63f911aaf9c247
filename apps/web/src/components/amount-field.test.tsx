import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { amountField } from '@kaskita/domain/validation/form-fields';
import { useFormField, useSchemaForm } from '../lib/use-schema-form.ts';
import { AmountField, groupDigits } from './amount-field.tsx';

// As the profile's amounts are checked (validation/profile.ts): the form holds the grouped text.
const schema = z.object({ income: amountField(10_000, 100_000_000, 'income.required', 'income.range') });

function AmountForm({
  onSubmit,
  initial = '',
}: {
  onSubmit: (v: { income: number }) => void;
  initial?: string;
}) {
  const form = useSchemaForm<{ income: string }, { income: number }>(
    schema as unknown as z.ZodType<{ income: number }, { income: string }>,
    { income: initial },
  );
  const income = useFormField(form, 'income');
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <AmountField label="Monthly income (Rp)" {...income} testId="income" />
      <button type="submit">Save</button>
    </form>
  );
}

function setup(initial?: string) {
  const onSubmit = vi.fn();
  render(<AmountForm onSubmit={onSubmit} initial={initial} />);
  return { onSubmit, input: screen.getByTestId<HTMLInputElement>('income'), user: userEvent.setup() };
}

describe('AmountField', () => {
  it('groups digits the id-ID way', () => {
    expect(groupDigits('1500000')).toBe('1.500.000');
    expect(groupDigits('Rp 2,500,000')).toBe('2.500.000');
    expect(groupDigits('007')).toBe('7');
    expect(groupDigits('0')).toBe('0');
    expect(groupDigits('abc')).toBe('');
    expect(groupDigits('1'.repeat(20))).toBe(groupDigits('1'.repeat(15)));
  });

  it('shows thousands separators as the borrower types, on the digit keyboard', async () => {
    const f = setup();
    expect(f.input.inputMode).toBe('numeric');
    await f.user.type(f.input, '4500000');
    expect(f.input.value).toBe('4.500.000');
    await f.user.type(f.input, '{Backspace}{Backspace}{Backspace}');
    expect(f.input.value).toBe('4.500');
    await f.user.type(f.input, 'x0');
    expect(f.input.value).toBe('45.000');
  });

  it('submits the amount as a whole number of rupiah', async () => {
    const f = setup('3.500.000');
    await f.user.clear(f.input);
    await f.user.type(f.input, '12500000');
    await f.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(f.onSubmit).toHaveBeenCalledTimes(1);
    expect(f.onSubmit.mock.calls[0]![0]).toEqual({ income: 12_500_000 });
  });

  it('an amount out of range is refused under the field, not sent', async () => {
    const f = setup();
    await f.user.type(f.input, '500');
    await f.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(f.onSubmit).not.toHaveBeenCalled();
    expect(f.input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
