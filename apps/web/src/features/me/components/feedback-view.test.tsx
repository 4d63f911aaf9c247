import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyFeedback } from '@kaskita/domain/contract/feedback';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { FeedbackView } from './feedback-view.tsx';

const answered: MyFeedback = {
  list: [
    {
      id: 'fb-1',
      kind: 'complaint',
      status: 'closed',
      content: 'My payment did not show up',
      created_at: '2026-03-02T03:00:00.000Z',
      reply: 'We credited it on 3 March.',
      replied_at: '2026-03-03T03:00:00.000Z',
      resolution: 'Credited',
    },
  ],
};

const fetch = vi.fn();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

describe('Help & feedback', { timeout: 20_000 }, () => {
  it('shows the customer service’s reply and resolution beside the complaint, in both languages', async () => {
    fetch.mockImplementation(contractServer({ listMyFeedback: answered }));
    renderApp(<FeedbackView />, { path: '/me/help' });
    expect((await screen.findByTestId('me-feedback-reply')).textContent).toBe(
      'Our answer: We credited it on 3 March.',
    );
    expect(screen.getByTestId('me-feedback-resolution').textContent).toBe('Resolution: Credited');
    await setLocale('id-ID');
    await waitFor(() =>
      expect(screen.getByTestId('me-feedback-reply').textContent).toBe(
        'Jawaban kami: We credited it on 3 March.',
      ),
    );
  });
});
