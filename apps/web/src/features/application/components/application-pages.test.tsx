import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationState } from '@kaskita/domain/contract/verification';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { auditSecondsLeft, startAuditCountdown } from '../audit-countdown.ts';
import { ApplyChecklist } from './apply-checklist.tsx';
import { AuditingView } from './auditing-view.tsx';
import { FaceResult } from './face-result.tsx';
import { IntoFailView } from './into-fail-view.tsx';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

const ready: VerificationState = {
  whatsapp: { verified: true, phone_masked: '081*****0001' },
  face: { status: 'pass', reason: null, tries_left: 4 },
  profile_complete: true,
  can_submit: true,
};

/** A geolocation that answers with an error code (1 denied, 2 unavailable, 3 time-out) or a position. */
function geolocation(outcome: number | { latitude: number; longitude: number }) {
  return {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
      typeof outcome === 'number'
        ? fail({ code: outcome, message: 'User denied Geolocation' } as GeolocationPositionError)
        : ok({ coords: outcome } as GeolocationPosition),
  };
}

describe('apply checklist', () => {
  it('links the checks still to do and keeps submit disabled until both pass', async () => {
    fetch.mockImplementation(
      contractServer({
        getVerification: {
          ...ready,
          whatsapp: { verified: false, phone_masked: null },
          face: { status: 'none', reason: null, tries_left: 5 },
          can_submit: false,
        },
      }),
    );
    renderApp(<ApplyChecklist />, { path: '/user-into' });
    expect((await screen.findByTestId('apply-whatsapp')).getAttribute('href')).toBe('/home/whatsapp');
    expect(screen.getByTestId('apply-face').getAttribute('href')).toBe('/user-face/open/init');
    expect(screen.getByTestId<HTMLButtonElement>('apply-submit').disabled).toBe(true);
  });

  it('explains a denied location in plain words, never the browser message, and submits once allowed', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: geolocation(1) });
    fetch.mockImplementation(
      contractServer({
        getVerification: ready,
        submitApplication: { countdown: 60, verify: 1, in_review: false },
      }),
    );
    const app = renderApp(<ApplyChecklist />, { path: '/user-into' });
    fireEvent.click(await screen.findByTestId('apply-submit'));
    expect(screen.getByTestId('location-explain').textContent).toMatch(/OJK requires/);
    fireEvent.click(screen.getByTestId('location-allow'));
    const problem = await screen.findByTestId('location-problem');
    expect(problem.textContent).toMatch(/Location access is blocked/);
    expect(problem.textContent).not.toMatch(/User denied/);
    expect(fetch.mock.calls.map(callOf)).not.toContain('submitApplication');

    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: geolocation({ latitude: -6.2, longitude: 106.8 }),
    });
    fireEvent.click(screen.getByTestId('location-allow'));
    await waitFor(() => expect(app.location()).toBe('/home/auditing'));
    const submit = fetch.mock.calls.find((c) => callOf(c) === 'submitApplication')!;
    const headers = new Headers((submit[1] as RequestInit).headers);
    expect([headers.get('lat'), headers.get('lon')]).toEqual(['-6.2', '106.8']);
    expect(auditSecondsLeft()).toBe(60);
  });
});

describe('auditing', () => {
  it('continues a stored countdown after a reload, and leaves for home once decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startAuditCountdown(40, Date.now() - 10_000); // started 10 s ago, before a reload
    let verify = 1;
    fetch.mockImplementation(() =>
      Promise.resolve(answer(200, { countdown: verify === 1 ? 30 : 0, verify, in_review: false })),
    );
    const app = renderApp(<AuditingView />, { path: '/home/auditing' });
    expect(screen.getByTestId('audit-countdown').textContent).toBe('30 seconds');
    verify = 2;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(auditSecondsLeft()).toBeNull();
  });

  it('says a person is checking, instead of a countdown, while the application is in review', async () => {
    fetch.mockImplementation(() =>
      Promise.resolve(answer(200, { countdown: 0, verify: 1, in_review: true })),
    );
    renderApp(<AuditingView />, { path: '/home/auditing' });
    await waitFor(() =>
      expect(screen.getByTestId('audit-countdown').textContent).toMatch(/credit analyst is checking/),
    );
  });
});

describe('face result', () => {
  it.each([
    ['retry', 'too_dark', /too dark/],
    ['retry', 'several_faces', /More than one face/],
    ['fail', 'different_person', /person on the KTP/],
  ])('explains %s (%s)', async (status, reason, text) => {
    const { render } = await import('@testing-library/react');
    const { MemoryRouter, Route, Routes } = await import('react-router');
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: `/user-face/open/${status}`,
            state: { outcome: { result: status, reason, tries_left: 2 } },
          },
        ]}
      >
        <Routes>
          <Route path="/user-face/open/:status" element={<FaceResult />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.body.textContent).toMatch(text);
    expect(document.body.textContent).toMatch(/2 tries left today/);
  });
});

describe('into-fail', () => {
  it('shows the reapply date and checks feedback before sending it', async () => {
    fetch.mockImplementation(
      contractServer({
        getApplication: {
          state: 'rejected',
          submitted_at: '2026-03-02T03:00:00.000Z',
          countdown: 0,
          limit_amount: null,
          reapply_date: '2026-04-01',
          can_reapply: false,
          reasons: [{ code: 'unaffordable', text: 'Too much of your income' }],
        },
        sendFeedback: null,
      }),
    );
    renderApp(<IntoFailView />, { path: '/home/into-fail' });
    expect((await screen.findByTestId('reapply-date')).textContent).toBe(
      'You can apply again from 01/04/2026.',
    );
    expect(screen.getByTestId('reject-reasons').textContent).toBe('Too much of your income');
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByTestId('feedback-send'));
    expect(await screen.findByText('Please write at least 5 characters')).toBeTruthy();
    expect(fetch.mock.calls.map(callOf)).not.toContain('sendFeedback');
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: 'Please check again' } });
    fireEvent.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(fetch.mock.calls.map(callOf)).toContain('sendFeedback'));
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('feedback-content').value).toBe(''));
    // The thanks is a toast whose module loads on first use: waited for, so it never loads after the test ends.
    expect(await screen.findByText('Thank you, we read every message', {}, { timeout: 5000 })).toBeTruthy();
  });
});
