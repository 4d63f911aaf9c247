import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { callOf } from '../../../test/api-answer.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answer } from '../../../test/api-answer.ts';
import { JobInfoStep } from './job-info-step.tsx';
import { formBody, profileServer, progressOf, savedWork } from './profile-test-fixtures.ts';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const done = ['ktp', 'person-info'] as const;

describe('job information step', () => {
  it('is pre-filled from what was saved, amounts with id-ID separators', async () => {
    fetch.mockImplementation(
      profileServer({ getProfileProgress: progressOf([...done], 'job-info'), getWork: savedWork }),
    );
    renderApp(<JobInfoStep />, { path: '/user-into/job-info' });
    const income = await screen.findByTestId<HTMLInputElement>('job-income');
    expect(income.value).toBe('3.500.000');
    expect(screen.getByTestId<HTMLInputElement>('job-salary-day').value).toBe('25');
    expect(screen.getByTestId('job-has-job-true').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('job-career').textContent).toBe('Private employee');
    expect(screen.getByTestId('step-count').textContent).toBe('Step 3 of 6');
  });

  it('without a job: no work type is asked or sent, and the answer’s next (contacts) is followed', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...done], 'job-info'),
        getWork: savedWork,
        saveJob: () => answer(200, progressOf([...done, 'job-info'], 'contacts', { skipped: ['work-info'] })),
      }),
    );
    const app = renderApp(<JobInfoStep />, { path: '/user-into/job-info' });
    await app.user.click(await screen.findByTestId('job-has-job-false'));
    expect(screen.queryByTestId('job-career')).toBeNull();
    await app.user.clear(screen.getByTestId('job-income'));
    await app.user.type(screen.getByTestId('job-income'), '3800000');
    expect(screen.getByTestId<HTMLInputElement>('job-income').value).toBe('3.800.000');
    await app.user.click(screen.getByTestId('step-submit'));
    await waitFor(() => expect(app.location()).toBe('/user-into/contacts'));
    const save = fetch.mock.calls.find((c) => callOf(c) === 'saveJob')!;
    const body = formBody(save[1] as RequestInit);
    expect(body).toMatchObject({ has_job: 'false', income: '3800000', salary_day: '25' });
    expect(body).not.toHaveProperty('career');
  });

  it('with a job the work type is required', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf([...done], 'job-info'),
        getWork: { ...savedWork, career: null },
      }),
    );
    const app = renderApp(<JobInfoStep />, { path: '/user-into/job-info' });
    await app.user.click(await screen.findByTestId('step-submit'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/work/i);
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveJob')).toBe(false);
  });

  it('an exact income outside the range chosen is refused beside the income, before anything is sent', async () => {
    fetch.mockImplementation(
      profileServer({ getProfileProgress: progressOf([...done], 'job-info'), getWork: savedWork }),
    );
    const app = renderApp(<JobInfoStep />, { path: '/user-into/job-info' });
    // The saved range is Rp2-4 million: 9,500,000 is not in it.
    await app.user.clear(await screen.findByTestId('job-income'));
    await app.user.type(screen.getByTestId('job-income'), '9500000');
    await app.user.click(screen.getByTestId('step-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your monthly income must fall in the income range you chose',
    );
    expect(screen.getByTestId('job-income').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveJob')).toBe(false);
  });

  it('a locked profile shows the fields read-only, with only "next"', async () => {
    fetch.mockImplementation(
      profileServer({
        getProfileProgress: progressOf(
          ['ktp', 'person-info', 'job-info', 'work-info', 'contacts', 'bank'],
          null,
          {
            locked: true,
          },
        ),
        getWork: savedWork,
      }),
    );
    const app = renderApp(<JobInfoStep />, { path: '/user-into/job-info' });
    await screen.findByTestId('profile-locked');
    expect(screen.getByTestId<HTMLFieldSetElement>('step-fields').disabled).toBe(true);
    expect(screen.queryByTestId('step-submit')).toBeNull();
    await app.user.click(screen.getByTestId('step-next'));
    await waitFor(() => expect(app.location()).toBe('/user-into/work-info'));
    expect(fetch.mock.calls.some((c) => callOf(c) === 'saveJob')).toBe(false);
  });
});
