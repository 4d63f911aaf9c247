import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import type { ApplicationView } from '@kaskita/domain/contract/application';
import { rupiah } from '@kaskita/domain/money/rupiah';
import type { FaceCheckResponse, VerificationState } from '@kaskita/domain/contract/verification';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, callOf, contractServer } from '../../../test/api-answer.ts';
import { createTestQueryClient, renderApp } from '../../../test/render-app.tsx';
import { applicationKeys } from '../../../lib/query-keys.ts';
import { auditSecondsLeft, startAuditCountdown } from '../audit-countdown.ts';
import { ApplyChecklist } from './apply-checklist.tsx';
import { AuditingView } from './auditing-view.tsx';
import { FaceCapture } from './face-capture.tsx';
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
  reminder_channel: 'sms',
  face: { status: 'pass', reason: null, tries_left: 4 },
  profile_complete: true,
  can_submit: true,
};

/** An application never sent, one waiting for its decision, and one approved. */
const notApplied: ApplicationView = {
  state: 'none',
  submitted_at: null,
  countdown: 0,
  limit_amount: null,
  reapply_date: null,
  can_reapply: false,
  reasons: [],
};
const auditing: ApplicationView = {
  ...notApplied,
  state: 'auditing',
  submitted_at: '2026-03-02T03:00:00.000Z',
  countdown: 60,
};
const approved: ApplicationView = {
  ...auditing,
  state: 'approved',
  countdown: 0,
  limit_amount: rupiah(5_000_000),
};

/** Arrives at `path` the way the app does, with a navigation state (the face check's own answer, or none). */
function Arrive({ path, outcome }: { path: string; outcome?: FaceCheckResponse }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(path, { replace: true, state: outcome ? { outcome } : null });
  }, [navigate, path, outcome]);
  return null;
}

function renderFacePages(path: string, outcome?: FaceCheckResponse) {
  return renderApp(
    <Routes>
      <Route path="/" element={<Arrive path={path} outcome={outcome} />} />
      <Route path="/user-face/open/init" element={<FaceCapture />} />
      <Route path="/user-face/open/:status" element={<FaceResult />} />
    </Routes>,
  );
}

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
        getApplication: notApplied,
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
        getApplication: notApplied,
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

  it('an approved borrower at /user-into sees the application approved, never the checks still to do', async () => {
    fetch.mockImplementation(
      contractServer({
        getVerification: { ...ready, can_submit: false },
        getApplication: approved,
      }),
    );
    renderApp(<ApplyChecklist />, { path: '/user-into' });
    const notice = await screen.findByTestId('application-submitted');
    expect(notice.querySelector('h2')!.textContent).toBe('Your application is approved');
    expect(screen.getByTestId('submitted-home').getAttribute('href')).toBe('/home');
    expect(screen.queryByTestId('apply-submit')).toBeNull();
    expect(document.body.textContent).not.toMatch(/both checks/);
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
  ] as const)('explains %s (%s)', async (status, reason, text) => {
    fetch.mockImplementation(contractServer({ getVerification: ready, getApplication: notApplied }));
    renderFacePages(`/user-face/open/${status}`, { result: status, reason, tries_left: 2 });
    await screen.findByTestId(status === 'fail' ? 'face-fail' : 'face-retry');
    expect(document.body.textContent).toMatch(text);
    expect(document.body.textContent).toMatch(/2 tries left today/);
  });

  it('/user-face/open/pass typed by someone not verified shows their real status, never "verified"', async () => {
    fetch.mockImplementation(
      contractServer({
        getVerification: { ...ready, face: { status: 'retry', reason: 'too_dark', tries_left: 3 } },
        getApplication: notApplied,
      }),
    );
    const app = renderFacePages('/user-face/open/pass');
    expect((await screen.findByTestId('face-retry')).textContent).toMatch(/too dark/);
    expect(app.location()).toBe('/user-face/open/retry');
    expect(screen.queryByTestId('face-pass')).toBeNull();
    expect(document.body.textContent).not.toMatch(/verified/);
  });

  it('someone never checked is sent to take a selfie', async () => {
    fetch.mockImplementation(
      contractServer({
        getVerification: { ...ready, face: { status: 'none', reason: null, tries_left: 5 } },
        getApplication: notApplied,
      }),
    );
    const app = renderFacePages('/user-face/open/pass');
    await screen.findByTestId('page-face-init');
    expect(app.location()).toBe('/user-face/open/init');
  });

  it.each(['/user-face/open/pass', '/user-face/open/init'])(
    'back to %s after submitting: where the application stands, no new selfie',
    async (path) => {
      fetch.mockImplementation(contractServer({ getVerification: ready, getApplication: auditing }));
      renderFacePages(path);
      const notice = await screen.findByTestId('application-submitted');
      expect(notice.textContent).toMatch(/being reviewed/);
      expect(screen.queryByTestId('face-again')).toBeNull();
      expect(screen.queryByTestId('page-face-init')).toBeNull();
      expect(screen.queryByTestId('face-continue')).toBeNull();
    },
  );
});

describe('into-fail', () => {
  it('arriving from the auditing page, whose answer is still cached, waits for the decision instead of going home', async () => {
    fetch.mockImplementation(
      contractServer({
        getApplication: { ...auditing, state: 'rejected', reapply_date: '2026-04-01', can_reapply: false },
      }),
    );
    const client = createTestQueryClient();
    client.setQueryData(applicationKeys.view, auditing);
    const app = renderApp(<IntoFailView />, { path: '/home/into-fail', client });
    expect(await screen.findByTestId('page-into-fail')).toBeTruthy();
    expect(app.location()).toBe('/home/into-fail');
  });

  it('someone who never applied is sent home, never told "not approved"', async () => {
    fetch.mockImplementation(contractServer({ getApplication: notApplied }));
    const app = renderApp(<IntoFailView />, { path: '/home/into-fail' });
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(document.body.textContent).not.toMatch(/not approved/);
  });

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
