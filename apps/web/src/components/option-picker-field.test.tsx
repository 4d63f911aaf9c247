import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allowSheetTaps } from '../test/bottom-sheet-setup.ts';
import { OptionPickerField, type PickerOption } from './option-picker-field.tsx';

allowSheetTaps();

const BANKS: PickerOption<string>[] = [
  { value: 'BCA', label: 'Bank Central Asia (BCA)' },
  { value: 'MANDIRI', label: 'Bank Mandiri' },
  { value: 'BRI', label: 'Bank Rakyat Indonesia (BRI)' },
];

function Harness({
  onChange,
  error,
  search = true,
}: {
  onChange?: (v: string) => void;
  error?: string;
  search?: boolean;
}) {
  const [value, setValue] = useState<string>('');
  return (
    <OptionPickerField
      label="Bank"
      options={BANKS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
      placeholder="Choose"
      error={error}
      testId="bank"
      searchPlaceholder={search ? 'Search for a bank' : undefined}
      emptyText="No bank matches"
    />
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const onChange = vi.fn();
  render(<Harness onChange={onChange} {...props} />);
  const field = () => screen.getByRole('button', { name: /^Bank/ });
  const shown = () =>
    within(screen.getByRole('listbox', { name: 'Bank' }))
      .queryAllByRole('option')
      .map((o) => o.textContent);
  return { onChange, field, shown, user: userEvent.setup() };
}

describe('OptionPickerField', () => {
  it('shows the placeholder, then the chosen option’s label; choosing closes the sheet', async () => {
    const f = setup();
    expect(f.field().textContent).toBe('Choose');
    expect(f.field().getAttribute('aria-haspopup')).toBe('dialog');
    await f.user.click(f.field());
    expect(f.shown()).toEqual(BANKS.map((b) => b.label));
    await f.user.click(screen.getByRole('option', { name: 'Bank Mandiri' }));
    expect(f.onChange).toHaveBeenCalledWith('MANDIRI');
    expect(f.field().textContent).toBe('Bank Mandiri');
    // The sheet leaves the page once closed, a frame or so later.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await f.user.click(f.field());
    expect(screen.getByRole('option', { name: 'Bank Mandiri' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the search filters the labels ignoring case, says when nothing matches, and starts empty again', async () => {
    const f = setup();
    await f.user.click(f.field());
    const search = screen.getByRole('searchbox', { name: 'Search for a bank' });
    await f.user.type(search, '  rakyat ');
    expect(f.shown()).toEqual(['Bank Rakyat Indonesia (BRI)']);
    await f.user.clear(search);
    await f.user.type(search, 'jago');
    expect(f.shown()).toEqual([]);
    expect(screen.getByText('No bank matches')).toBeTruthy();
    await f.user.clear(search);
    await f.user.type(search, 'BCA');
    await f.user.click(screen.getByTestId('bank-option-BCA'));
    expect(f.field().textContent).toBe('Bank Central Asia (BCA)');
    await f.user.click(f.field());
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
    expect(f.shown()).toHaveLength(3);
  });

  it('a short list has no search box', async () => {
    const f = setup({ search: false });
    await f.user.click(f.field());
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(f.shown()).toHaveLength(3);
  });

  it('shows its error under the field and marks it invalid', () => {
    const f = setup({ error: 'Please choose your bank' });
    expect(f.field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Please choose your bank');
  });

  it('a kept value whose options are still loading does not say "choose"; its label shows once they arrive', () => {
    const props = {
      label: 'Bank',
      value: 'BCA',
      onChange: () => undefined,
      placeholder: 'Choose',
      testId: 'bank',
    };
    const { rerender } = render(<OptionPickerField {...props} options={[]} />);
    const field = () => screen.getByRole('button', { name: /^Bank/ });
    expect(field().textContent).not.toContain('Choose');
    rerender(<OptionPickerField {...props} options={BANKS} />);
    expect(field().textContent).toBe('Bank Central Asia (BCA)');
  });
});
