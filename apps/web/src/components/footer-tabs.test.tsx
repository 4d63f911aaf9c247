import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { renderApp } from '../test/render-app.tsx';
import { FooterTabs } from './footer-tabs.tsx';

afterEach(async () => {
  await act(() => setLocale('en-US'));
});

const tabs = [
  { key: 'home', to: '/home', label: 'Home', icon: 'home' },
  { key: 'me', to: '/me', label: 'Me', icon: 'user' },
] as const;

describe('FooterTabs', () => {
  it('names its navigation in the UI language', async () => {
    renderApp(<FooterTabs tabs={[...tabs]} />);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    await act(() => setLocale('id-ID'));
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeTruthy();
  });

  it('marks the tab of the current page and moves with a tap', async () => {
    const app = renderApp(<FooterTabs tabs={[...tabs]} />, { path: '/home/unaudited' });
    expect(screen.getByTestId('tab-home').className).toContain('kk-footer__tab--active');
    expect(screen.getByTestId('tab-me').className).not.toContain('--active');
    await app.user.click(screen.getByTestId('tab-me'));
    expect(app.location()).toBe('/me');
    expect(screen.getByTestId('tab-me').className).toContain('kk-footer__tab--active');
  });
});
