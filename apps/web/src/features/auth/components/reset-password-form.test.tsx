import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '@kaskita/domain/legal/versions';
import { configureApi } from '../../../lib/api-effects.ts';
import { answer, callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { watchToasts } from '../../../test/watch-toasts.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

const fetch = vi.fn();
beforeEach(() => {
  watchToasts();
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
});

describe('ResetPasswordForm', () => {
  it('signs in like a login: asks for consent, then sends the accepted document versions', async () => {
    fetch.mockResolvedValue(
      answer(200, {
        token: 't',
        refresh_token: 'r',
        expires_in: 900,
        is_new: false,
        has_password: true,
        phone: '6281377778888',
      }),
    );
    const onDone = vi.fn();
    const app = renderApp(<ResetPasswordForm initialPhone="081377778888" onDone={onDone} />);
    await app.user.type(screen.getByTestId('reset-code'), '123456');
    await app.user.type(screen.getByTestId('reset-password'), 'kas7ita9');
    await app.user.type(screen.getByTestId('reset-confirm'), 'kas7ita9');
    await app.user.click(screen.getByTestId('reset-submit'));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please agree to the agreements and privacy policy');
    await app.user.click(screen.getByTestId('consent'));
    await app.user.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callOf(fetch.mock.calls[0]!)).toBe('resetPassword');
    const body = new URLSearchParams(String((fetch.mock.calls[0]![1] as RequestInit).body));
    expect(body.get('terms_version')).toBe(TERMS_VERSION);
    expect(body.get('privacy_version')).toBe(PRIVACY_VERSION);
    expect(body.has('consent')).toBe(false);
  });
});
