// The live face check against a photo held to the camera: the camera shows one still portrait of the KTP holder (a
// recorded video of a single frame, support/fake-camera.ts). The phone takes the straight frame, then waits for a turn
// that never comes, gives up with a clear message and sends nothing; the borrower can try again or send a selfie for
// staff to review. (The live turn is in application.e2e.ts; the server's refusal of stills in live-face-route.test.ts.)
import { describe, expect, it } from 'vitest';
import { ktpCardOf, liveFrames } from '../../server/test/helpers/live-frames.ts';
import { snap } from './support/browser.ts';
import { completeProfile, tokenOf } from './support/borrower-setup.ts';
import { fakeCameraVideo } from './support/fake-camera.ts';
import { signInWithCode, useJourney } from './support/journey.ts';
import { waitForHydration } from './support/page-checks.ts';

describe('the live face check', () => {
  const journey = useJourney(
    {},
    {
      fakeCamera: async () =>
        fakeCameraVideo('still', [{ photo: (await liveFrames('turnA')).start, seconds: 1 }]),
    },
  );

  it('sees a still photo never turn, sends no frames, and offers the selfie for review instead', async () => {
    const { page } = journey;
    await page.goto('/login/main');
    await waitForHydration(page);
    await signInWithCode(page, journey.server.baseUrl, '6281255550077', '0812 5555 0077');
    await completeProfile(journey.server.baseUrl, await tokenOf(page), {
      nik: '3171011502900077',
      birthDate: '1990-02-15',
      ktpPhoto: await ktpCardOf('turnA'),
    });
    const faceChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/face_check')) faceChecks.push(request.url());
    });

    await page.goto('/user-face/open/init');
    await page.getByTestId('face-start-camera').click();
    // The straight frame is taken; the turn is asked for and never seen.
    // The phone gives up 20 s after the engine is ready (and not before 40 readings).
    await page.locator('[data-testid="live-camera"][data-phase="action"]').waitFor({ timeout: 60_000 });
    await snap(page, '57-face-live-turn');
    await page.getByTestId('face-problem').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('face-problem').innerText()).toMatch(/did not see the movement/);
    expect(faceChecks).toEqual([]);
    await snap(page, '58-face-live-still');

    // The fallback: the same photo as a selfie passes the face match, and waits for a person's review.
    await page.getByTestId('face-selfie-input').setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: (await liveFrames('turnA')).start,
    });
    await page.getByTestId('face-pass').waitFor({ timeout: 60_000 });
    expect(faceChecks).toHaveLength(1);
  }, 300_000);
});
