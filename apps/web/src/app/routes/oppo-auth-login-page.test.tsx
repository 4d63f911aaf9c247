import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { renderApp } from '../../test/render-app.tsx';
import OppoAuthLoginPage from './oppo-auth-login-page.tsx';

/** The page at its own path only, as the route table places it: elsewhere nothing renders. */
const atItsPath = (
  <Routes>
    <Route path="/oppo/auth-login" element={<OppoAuthLoginPage />} />
    <Route path="*" element={null} />
  </Routes>
);

describe('OppoAuthLogin', () => {
  it('a visitor gets the SMS sign-in with the consent, told what the partner does not see', async () => {
    renderApp(atItsPath, { path: '/oppo/auth-login?cl=oppo&redirect=%2Fbill' });
    expect(await screen.findByTestId('login-phone', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('consent')).toBeTruthy();
    expect(screen.getByTestId('page-oppo-login').textContent).toContain(
      'OPPO does not see your KasKita data',
    );
  });

  it('signed in already, goes straight back to the partner flow’s page (never to another site)', () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const app = renderApp(atItsPath, { path: '/oppo/auth-login?cl=oppo&redirect=%2Fbill' });
    expect(app.location()).toBe('/bill');
    app.unmount();
    const elsewhere = renderApp(atItsPath, {
      path: '/oppo/auth-login?redirect=%2F%2Fevil.example%2Fx',
    });
    expect(elsewhere.location()).toBe('/home');
  });
});
