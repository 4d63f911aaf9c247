import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveBareToken } from '../../lib/auth-session.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { renderApp } from '../../test/render-app.tsx';
import LoginPage from './login-page.tsx';

/** A new element each call, so that rerender() renders the page again. */
const atItsPath = () => (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="*" element={null} />
  </Routes>
);

describe('Login', () => {
  it('sends a borrower who arrives signed in home', () => {
    localStorage.setItem(LOCAL_KEYS.token, 'tok');
    const app = renderApp(atItsPath(), { path: '/login?redirect=%2Fme%2Fhelp' });
    expect(app.location()).toBe('/home');
  });

  it('leaves where a borrower goes after signing in to the sign-in, however often the page renders meanwhile', async () => {
    const app = renderApp(atItsPath(), { path: '/login?redirect=%2Fme%2Fhelp' });
    expect(await screen.findByTestId('login-phone', {}, { timeout: 10_000 })).toBeTruthy();
    // The code is accepted and the session saved; the page renders again before its navigation (a transition to a
    // lazy page) has committed. Deciding "signed in, so home" on that render raced the navigation to /me/help.
    saveBareToken('tok');
    app.rerender(atItsPath());
    expect(app.location()).toBe('/login?redirect=%2Fme%2Fhelp');
    expect(screen.getByTestId('page-login')).toBeTruthy();
  });
});
