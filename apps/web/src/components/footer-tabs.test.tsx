import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { mount } from '../test/dom.tsx';
import { FooterTabs } from './footer-tabs.tsx';

// react-router at the repo root binds to the root's React 18; a plain link stands in for NavLink.
vi.mock('react-router', () => ({
  NavLink: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));

let cleanup: (() => void) | null = null;
afterEach(async () => {
  cleanup?.();
  await act(() => setLocale('en-US'));
});

describe('FooterTabs', () => {
  it('names its navigation in the UI language', async () => {
    const m = mount(<FooterTabs tabs={[{ key: 'home', to: '/home', label: 'Home', icon: 'home' }]} />);
    cleanup = m.unmount;
    const nav = () => m.el.querySelector('nav')!.getAttribute('aria-label');
    expect(nav()).toBe('Main');
    await act(() => setLocale('id-ID'));
    expect(nav()).toBe('Menu utama');
  });
});
