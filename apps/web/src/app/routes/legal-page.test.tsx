import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { configureApi } from '../../lib/api-effects.ts';
import { setLocale } from '../../lib/i18n.ts';
import { answer } from '../../test/api-answer.ts';
import { appConfigFixture } from '../../test/app-config-fixture.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ConsentCheckbox } from '../../features/auth/components/consent-checkbox.tsx';
import { routes } from '../router.tsx';
import { PrivacyPolicyPage, TermsOfUsePage } from './legal-page.tsx';

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

function page(ui: React.ReactNode, path: string) {
  return renderApp(
    <Routes>
      <Route path={path} element={ui} />
    </Routes>,
    { path },
  );
}

describe('the documents login asks the borrower to accept', () => {
  it('the consent links open the terms and privacy pages, which the route table serves to anyone', () => {
    renderApp(<ConsentCheckbox checked={false} onChange={() => undefined} />);
    expect(screen.getByTestId('consent-terms').getAttribute('href')).toBe('/legal/terms');
    expect(screen.getByTestId('consent-privacy').getAttribute('href')).toBe('/legal/privacy');
    const legal = routes[0]!.children!.find((r) => r.path === 'legal')!;
    expect(legal.children!.map((r) => [r.path, (r.handle as { auth?: boolean }).auth])).toEqual([
      ['privacy', true],
      ['terms', true],
    ]);
  });

  it('the privacy policy says what is collected, how long it is kept, the UU PDP rights and the DPO, in both languages', async () => {
    page(<PrivacyPolicyPage />, '/legal/privacy');
    const doc = screen.getByTestId('legal-privacy');
    expect(doc.getAttribute('data-version')).toBe(PRIVACY_VERSION);
    await waitFor(() => expect(doc.textContent).toContain('dpo@kaskita.co.id'));
    for (const text of ['Personal Data Protection', '5 (five) years', 'withdraw consent', 'KEP-47/D.05/2024'])
      expect(doc.textContent).toContain(text);
    expect(doc.textContent).toContain('the Indonesian text prevails');
    await act(() => setLocale('id-ID'));
    await waitFor(() => expect(doc.textContent).toContain('Kebijakan Privasi'));
    for (const text of ['Pelindungan Data Pribadi', '5 (lima) tahun', 'Menarik kembali persetujuan'])
      expect(doc.textContent).toContain(text);
    expect(doc.textContent).toContain('PT KasKita Teknologi Indonesia');
  });

  it('the terms name the lender and its licence, fees within the OJK caps and the complaint channels', async () => {
    page(<TermsOfUsePage />, '/legal/terms');
    const doc = screen.getByTestId('legal-terms');
    expect(doc.getAttribute('data-version')).toBe(TERMS_VERSION);
    await waitFor(() => expect(doc.textContent).toContain('KEP-47/D.05/2024'));
    for (const text of [
      'operated by PT KasKita Teknologi Indonesia',
      '100% of the principal',
      'kontak157@ojk.go.id',
      '08:00 and 20:00',
    ])
      expect(doc.textContent).toContain(text);
    await act(() => setLocale('id-ID'));
    await waitFor(() => expect(doc.textContent).toContain('Syarat dan Ketentuan Penggunaan'));
  });
});
