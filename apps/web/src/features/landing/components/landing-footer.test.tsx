import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { appConfigFixture } from '../../../test/app-config-fixture.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { PlatformFigures } from './landing-sections.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  fetch.mockImplementation(() => Promise.resolve(answer(200, appConfigFixture)));
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});
afterEach(async () => {
  await act(() => setLocale('en-US'));
});

describe('the landing footer', () => {
  it('names the lender from configuration, lists every complaint channel and links the documents', async () => {
    renderApp(<LandingFooter />);
    await waitFor(() =>
      expect(screen.getByTestId('footer-company').textContent).toBe('PT KasKita Teknologi Indonesia'),
    );
    expect(callOf(fetch.mock.calls[0]!)).toBe('getConfig');
    expect(screen.getByTestId('footer-licence').textContent).toContain('KEP-47/D.05/2024');
    expect(screen.getByText(/Menara Sentraya/)).toBeTruthy();
    const channels = screen.getByTestId('footer-complaints').textContent;
    for (const c of ['Me > Help', 'pengaduan@kaskita.co.id', '1500-827', '157', 'kontak157@ojk.go.id'])
      expect(channels).toContain(c);
    expect(screen.getByTestId('footer-terms').getAttribute('href')).toBe('/legal/terms');
    expect(screen.getByTestId('footer-privacy').getAttribute('href')).toBe('/legal/privacy');
    // The configuration is simply shown: no note to developers about where it comes from.
    expect(screen.queryByText(/configuration value|nilai konfigurasi/)).toBeNull();
  });

  it("shows OJK's risk warning in full: the Indonesian lead in both languages, nine points", async () => {
    renderApp(<LandingFooter />);
    const risk = screen.getByTestId('risk-warning');
    expect(risk.textContent).toContain('HATI-HATI, TRANSAKSI INI BERISIKO TINGGI');
    expect(risk.textContent).toContain('BE CAREFUL, THIS TRANSACTION IS HIGH RISK');
    expect(within(risk).getAllByRole('listitem')).toHaveLength(9);
    await act(() => setLocale('id-ID'));
    expect(risk.textContent).toContain('HATI-HATI, TRANSAKSI INI BERISIKO TINGGI');
    expect(risk.textContent).toContain('10/POJK.05/2022');
    expect(within(risk).getAllByRole('listitem')).toHaveLength(9);
    await waitFor(() => expect(screen.getByTestId('footer-terms').textContent).toBe('Syarat dan Ketentuan'));
  });
});

describe('platform figures', () => {
  it('show what the server counted from the loan book, with its as-of date; a figure not counted shows no number', async () => {
    renderApp(<PlatformFigures />);
    const figures = screen.getByTestId('platform-figures');
    await waitFor(() => expect(figures.textContent).toContain('Rp 1.284.650.000.000'));
    expect(figures.textContent).toContain('412.906');
    expect(figures.textContent).toContain('98.73%');
    // The book records no funders: no lenders figure at all, rather than a zero or an invented one.
    expect(figures.textContent).not.toContain('Lenders');
    expect(screen.getByTestId('figures-as-of').textContent).toBe('As of 31/10/2026');
  });

  it('before the first count: no number, and says so', async () => {
    const never = { funds_disbursed: null, lenders: null, borrowers: null, tkb90_percent: null, as_of: null };
    fetch.mockImplementation(() =>
      Promise.resolve(answer(200, { ...appConfigFixture, platform_figures: never })),
    );
    renderApp(<PlatformFigures />);
    await waitFor(() =>
      expect(screen.getByTestId('figures-as-of').textContent).toBe('Not yet counted from the loan book.'),
    );
    expect(screen.getByTestId('platform-figures').textContent).not.toMatch(/\d/);
  });
});
