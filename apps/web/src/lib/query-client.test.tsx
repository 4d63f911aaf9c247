import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, offline } from '../test/api-answer.ts';
import { renderApp } from '../test/render-app.tsx';
import { ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { callApi, ApiError } from './api-client.ts';
import { configureApi } from './api-effects.ts';
import { clearSession, renewTokens, saveBareToken, saveTokens } from './auth-session.ts';
import { hasSession, MAX_RETRIES, shouldRetry } from './query-client.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

/** A signed-in call answering text, the way the api files declare theirs. */
const probeCall = {
  ...ENDPOINT.getAccount,
  response: {
    parse: (data: unknown) => {
      if (typeof data !== 'string') throw new TypeError('not text');
      return data;
    },
  },
};

function Probe() {
  const { data, error, isLoading } = useQuery({
    queryKey: ['probe'],
    queryFn: ({ signal }) => callApi(probeCall, undefined, { signal }),
    enabled: hasSession,
  });
  const text = isLoading ? 'loading' : error ? `error ${(error as ApiError).code}` : (data ?? 'idle');
  return <p data-testid="out">{text}</p>;
}

const out = () => screen.getByTestId('out').textContent;
const effects = { error: vi.fn(), warning: vi.fn(), navigate: vi.fn() };
beforeEach(() => {
  Object.values(effects).forEach((f) => f.mockReset());
  configureApi(effects);
  localStorage.setItem(LOCAL_KEYS.token, 'a');
});

describe('retry policy', () => {
  it.each([
    ['no connection', new ApiError('network', 0, 'Failed to fetch'), true],
    ["the server's own failure (5000)", new ApiError('server', 5000, 'oops'), true],
    ['a business refusal (4010 wrong code)', new ApiError('server', 4010, 'wrong'), false],
    ['a lost session (4047)', new ApiError('server', 4047, 'lost'), false],
    ['a time-out (the borrower already waited 120 s)', new ApiError('timeout', 0, 'API TIMEOUT'), false],
    ['an answer its schema refuses', new ApiError('invalid', 0, 'API ERROR'), false],
    ['anything but an ApiError', new Error('bug'), false],
  ])('%s: retried %s', (_name, error, retried) => {
    expect(shouldRetry(0, error)).toBe(retried);
  });

  it(`stops after ${MAX_RETRIES} retries`, () => {
    const error = new ApiError('network', 0, 'Failed to fetch');
    expect(shouldRetry(MAX_RETRIES - 1, error)).toBe(true);
    expect(shouldRetry(MAX_RETRIES, error)).toBe(false);
  });

  it('a dropped connection is tried again and the answer shows', async () => {
    const fetch = vi.fn().mockImplementationOnce(offline).mockResolvedValueOnce(answer(200, 'data'));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe('data'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a 4xxx business error is asked once and shown as the error', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(4010));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe('error 4010'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a server that keeps failing is asked 1 + MAX_RETRIES times, then the error shows', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(answer(5000)));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe('error 5000'));
    expect(fetch).toHaveBeenCalledTimes(1 + MAX_RETRIES);
  });
});

describe('the cache follows the session', () => {
  it('two components asking the same thing share one request', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, 'data'));
    vi.stubGlobal('fetch', fetch);
    renderApp(
      <>
        <Probe />
        <Probe />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('data')).toHaveLength(2));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a login', () => saveTokens({ token: 'b', refresh_token: 'rb', expires_in: 900 })],
    ['a bare /index token', () => saveBareToken('b')],
  ])("%s drops the previous user's answers and asks again", async (_name, change) => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(answer(200, "a's data")).mockResolvedValueOnce(answer(200, "b's data")),
    );
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe("a's data"));
    act(change);
    await waitFor(() => expect(out()).toBe("b's data"));
  });

  it('a logout or lost session drops the answers and asks nothing without a session', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, "a's data"));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe("a's data"));
    act(() => clearSession());
    await waitFor(() => expect(out()).toBe('idle'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an answer for the previous session arriving late is dropped', async () => {
    let answerOld!: (r: Response) => void;
    const fetch = vi
      .fn()
      .mockReturnValueOnce(new Promise<Response>((r) => (answerOld = r)))
      .mockResolvedValueOnce(answer(200, "b's data"));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => saveBareToken('b'));
    await waitFor(() => expect(out()).toBe("b's data"));
    await act(async () => answerOld(answer(200, "a's data")));
    expect(out()).toBe("b's data");
  });

  it('a token refresh keeps the cached answers (same session)', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, 'data'));
    vi.stubGlobal('fetch', fetch);
    renderApp(<Probe />);
    await waitFor(() => expect(out()).toBe('data'));
    act(() => renewTokens({ token: 'a2', refresh_token: 'r2', expires_in: 900 }));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(out()).toBe('data');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
