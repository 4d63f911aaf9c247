import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../../lib/query-keys.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { NotProductsView, NotRepaymentView, StatusDefaultView } from './home-status-views.tsx';

describe('the home’s rarer states', () => {
  it('status-default asks for the status again and goes back through /home, which decides anew', async () => {
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const app = renderApp(<StatusDefaultView />, { path: '/home/status-default', client });
    await app.user.click(screen.getByTestId('status-default-retry'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.status });
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(screen.getByRole('link', { name: 'Help and customer service' }).getAttribute('href')).toBe(
      '/me/help',
    );
  });

  it('not-products and not-repayment say what is so and where to go, without inventing a reason', () => {
    renderApp(
      <>
        <NotProductsView />
        <NotRepaymentView />
      </>,
    );
    expect(screen.getByTestId('page-not-products').textContent).toContain('Your limit is kept');
    expect(screen.getByRole('link', { name: 'My loan history' }).getAttribute('href')).toBe(
      '/me/loan-history',
    );
  });
});
