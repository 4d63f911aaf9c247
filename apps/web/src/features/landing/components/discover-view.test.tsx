import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import { DiscoverView } from './discover-view.tsx';

describe('/discover', () => {
  it('each offer leads to the page where it starts', () => {
    renderApp(<DiscoverView />);
    const href = (id: string) => screen.getByTestId(`discover-${id}`).getAttribute('href');
    expect(href('cash')).toBe('/home');
    expect(href('payLater')).toBe('/third/pay/download');
    expect(href('flexible')).toBe('/activity/flexible-repayment-introduce');
    expect(href('help')).toBe('/me/help');
  });
});
