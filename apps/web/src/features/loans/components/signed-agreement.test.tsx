import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer } from '../../../test/api-answer.ts';
import { catchPdfDownloads } from '../../../test/pdf-download.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { agreement, ORDER_ID } from './loans-test-fixtures.ts';
import { SignedAgreement } from './signed-agreement.tsx';

const fetch = vi.fn();
const toastError = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  toastError.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: toastError, warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});
afterEach(() => vi.restoreAllMocks());

const signed = {
  ...agreement,
  order_id: ORDER_ID,
  accepted_at: '2026-04-05T07:15:00.000Z',
  sha256: 'cd'.repeat(32),
};
const path = `/me/loan-agreement?order_id=${ORDER_ID}`;

describe('the signed agreement page', { timeout: 20_000 }, () => {
  it('shows its number, when it was accepted and its fingerprint, and downloads the kept PDF', async () => {
    const asked: URL[] = [];
    fetch.mockImplementation((...call: unknown[]) => {
      const url = new URL(String(call[0]), 'http://x');
      asked.push(url);
      const pdf = url.searchParams.get('pdf') === '1' ? btoa('%PDF-1.7 signed') : null;
      return Promise.resolve(answer(200, { ...signed, pdf_base64: pdf }));
    });
    const saved = catchPdfDownloads();
    const app = renderApp(<SignedAgreement orderId={ORDER_ID} />, { path });
    expect((await screen.findByTestId('signed-number')).textContent).toBe(ORDER_ID);
    expect(screen.getByTestId('signed-accepted-at').textContent).toBe('05/04/2026 14:15 WIB');
    expect(screen.getByTestId('signed-sha256').textContent).toBe('cd'.repeat(32));
    expect(screen.getByText('1. The parties')).toBeTruthy();
    // The text is asked for that order alone, without the PDF; the PDF only on download.
    expect(asked[0]!.searchParams.get('order_id')).toBe(ORDER_ID);
    expect(asked[0]!.searchParams.get('pdf')).toBeNull();
    await app.user.click(screen.getByTestId('signed-agreement-pdf'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`kaskita-agreement-${ORDER_ID.slice(0, 8)}.pdf`);
    expect(asked.at(-1)!.searchParams.get('pdf')).toBe('1');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 signed');
  });

  it('says so when the agreement cannot be found, without an order or for another borrower’s', async () => {
    fetch.mockImplementation(() => Promise.resolve(answer(4040)));
    renderApp(<SignedAgreement orderId="not-mine" />, { path: '/me/loan-agreement?order_id=not-mine' });
    expect(await screen.findByTestId('signed-agreement-missing')).toBeTruthy();
  });

  it('a copy that cannot be produced (4305) is said on the page with the way to customer service, not a toast', async () => {
    fetch.mockImplementation((...call: unknown[]) => {
      const url = new URL(String(call[0]), 'http://x');
      return Promise.resolve(
        url.searchParams.get('pdf') === '1'
          ? answer(4305, null, 'The signed copy of this agreement cannot be produced here')
          : answer(200, { ...signed, pdf_base64: null }),
      );
    });
    const app = renderApp(<SignedAgreement orderId={ORDER_ID} />, { path });
    await screen.findByTestId('signed-number');
    await app.user.click(screen.getByTestId('signed-agreement-pdf'));
    const refused = await screen.findByTestId('signed-agreement-refused');
    expect(refused.textContent).toContain('cannot be produced');
    expect(screen.getByTestId('support-link').getAttribute('href')).toBe(
      `/me/help?category=loan&order_id=${ORDER_ID}`,
    );
    expect(toastError).not.toHaveBeenCalled();
  });
});
