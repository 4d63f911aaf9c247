import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { permissionTreeKey } from '../app/permission-tree.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { MaskedValue } from './masked-value.tsx';

const can = { value: false };

/** The member's permissions already in the cache, as the shell leaves them: pii.reveal when `can.value`. */
function show(reveal?: (reason: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(permissionTreeKey('en-US'), {
    permissions: can.value ? ['pii.reveal'] : [],
    menus: [],
  });
  return render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <MaskedValue masked="3174********0001" reveal={reveal} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('MaskedValue', () => {
  it('without pii.reveal shows the masked value only', () => {
    can.value = false;
    show(async () => '3174010101900001');
    expect(screen.getByText('3174********0001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
  });

  it('with pii.reveal asks for a reason, reveals through the call given, and hides again', async () => {
    can.value = true;
    const reveal = vi.fn(async () => '3174010101900001');
    show(reveal);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await userEvent.type(await screen.findByLabelText(/^Reason/), 'borrower called about the KTP');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('3174010101900001')).toBeTruthy();
    expect(reveal).toHaveBeenCalledWith('borrower called about the KTP');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByText('3174********0001')).toBeTruthy();
  });

  it('a refused reveal keeps the value masked and shows why', async () => {
    can.value = true;
    show(async () => {
      throw new Error('You do not have permission');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await userEvent.type(await screen.findByLabelText(/^Reason/), 'checking');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You do not have permission')).toBeTruthy();
    expect(screen.queryByText('3174010101900001')).toBeNull();
  });

  it('refuses an empty reason without calling the server', async () => {
    can.value = true;
    const reveal = vi.fn(async () => 'x');
    show(reveal);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await userEvent.type(await screen.findByLabelText(/^Reason/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Say why')).toBeTruthy();
    expect(reveal).not.toHaveBeenCalled();
  });
});
