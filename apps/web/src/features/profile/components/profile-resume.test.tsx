import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { StepHeader } from './step-header.tsx';
import { ProfileResume } from './profile-resume.tsx';
import { profileServer, progressOf } from './profile-test-fixtures.ts';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

describe('resuming onboarding at /user-into', () => {
  it.each([
    ['ktp', '/user-into/ktp'],
    ['job-info', '/user-into/job-info'],
    ['contacts', '/user-into/contacts'],
    ['bank', '/home/add-bank'],
  ] as const)('goes to the step the progress names next (%s)', async (next, href) => {
    fetch.mockImplementation(profileServer({ getProfileProgress: progressOf([], next) }));
    const app = renderApp(<ProfileResume complete={<p>after the profile</p>} />, { path: '/user-into' });
    await waitFor(() => expect(app.location()).toBe(href));
  });

  it('shows the complete profile when nothing is next', async () => {
    const done = ['ktp', 'person-info', 'job-info', 'contacts', 'bank'] as const;
    fetch.mockImplementation(
      profileServer({ getProfileProgress: progressOf([...done], null, { skipped: ['work-info'] }) }),
    );
    const app = renderApp(<ProfileResume complete={<p>after the profile</p>} />, { path: '/user-into' });
    expect((await screen.findByTestId('profile-complete')).textContent).toBe('after the profile');
    expect(app.location()).toBe('/user-into');
  });
});

describe('step header', () => {
  it('says which step of six this is and ticks the done ones', () => {
    renderApp(
      <StepHeader
        step="contacts"
        progress={progressOf(['ktp', 'person-info', 'job-info'], 'contacts', { skipped: ['work-info'] })}
      />,
    );
    expect(screen.getByTestId('step-count').textContent).toBe('Step 5 of 6');
    expect(screen.getByTestId('step-ktp').dataset.state).toBe('done');
    expect(screen.getByTestId('step-work-info').dataset.state).toBe('skipped');
    expect(screen.getByTestId('step-contacts').getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('step-bank').dataset.state).toBe('todo');
  });
});
