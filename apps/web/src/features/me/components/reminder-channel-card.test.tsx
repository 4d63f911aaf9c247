import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationState } from '@kaskita/domain/contract/verification';
import { configureApi } from '../../../lib/api-effects.ts';
import { setLocale } from '../../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ReminderChannelCard } from './reminder-channel-card.tsx';

const state = (verified: boolean, channel: VerificationState['reminder_channel']): VerificationState => ({
  whatsapp: { verified, phone_masked: verified ? '0812*****0001' : null },
  reminder_channel: channel,
  face: { status: 'pass', reason: null, tries_left: 5 },
  profile_complete: true,
  can_submit: false,
});

const fetch = vi.fn();
beforeEach(async () => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  await setLocale('en-US');
});

describe('the reminder channel', { timeout: 20_000 }, () => {
  it('moves reminders to the confirmed WhatsApp number and back to SMS', async () => {
    let current: VerificationState['reminder_channel'] = 'sms';
    fetch.mockImplementation(
      contractServer({
        getVerification: () => answer(200, state(true, current)),
        setReminderChannel: (init: RequestInit) => {
          current = new URLSearchParams(String(init.body)).get('channel') as typeof current;
          return answer(200, { reminder_channel: current });
        },
      }),
    );
    const app = renderApp(<ReminderChannelCard />);
    await screen.findByTestId('reminder-channel');
    expect(screen.getByTestId('reminder-channel-note').textContent).toMatch(/by SMS to your sign-in number/);
    await app.user.click(screen.getByTestId('reminder-channel-whatsapp'));
    await waitFor(() =>
      expect(screen.getByTestId('reminder-channel-note').textContent).toBe(
        'Sent to your WhatsApp 0812*****0001, between 08:00 and 20:00 your time.',
      ),
    );
    expect(current).toBe('whatsapp');
    expect(screen.getByTestId('reminder-channel-whatsapp').getAttribute('aria-checked')).toBe('true');
    expect(fetch.mock.calls.filter((c) => callOf(c) === 'setReminderChannel')).toHaveLength(1);
  });

  it('offers WhatsApp only once a number is confirmed', async () => {
    fetch.mockImplementation(contractServer({ getVerification: state(false, 'sms') }));
    renderApp(<ReminderChannelCard />);
    await screen.findByTestId('reminder-channel');
    expect(screen.getByTestId('reminder-channel-whatsapp').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('reminder-channel-note').textContent).toMatch(/confirm your WhatsApp number/);
  });
});
