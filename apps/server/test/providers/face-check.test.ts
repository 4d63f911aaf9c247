import { afterAll, describe, expect, it } from 'vitest';
import {
  FaceApiFaceCheckProvider,
  SAME_PERSON_MAX_DISTANCE,
} from '../../src/providers/face-check/face-api-face-check-provider.ts';
import {
  darkSelfie,
  distantSelfie,
  groupSelfie,
  ktpCard,
  selfie,
  selfieVariant,
  type Person,
} from '../helpers/face-images.ts';

// The real engine on real faces (face-api's demo photos): one provider for the file, models loaded once.
const provider = new FaceApiFaceCheckProvider({ timeoutMs: 60_000 });
afterAll(() => provider.close());

const jpeg = (bytes: Buffer) => ({ bytes, mimeType: 'image/jpeg' as const });
const compare = async (selfieBytes: Buffer, ktp: Buffer) => provider.compare(jpeg(selfieBytes), jpeg(ktp));

describe('face check with face-api (real models, real photos)', () => {
  it.each(['a', 'b', 'c'] as Person[])('passes person %s against their own KTP', async (person) => {
    const result = await compare(await selfie(person), await ktpCard(person));
    expect(result).toMatchObject({ result: 'pass', reason: null });
    expect(result.distance).toBeLessThan(SAME_PERSON_MAX_DISTANCE);
  });

  it.each(['smaller', 'rotated', 'brighter'] as const)('passes the same face %s', async (change) => {
    const result = await compare(await selfieVariant('a', change), await ktpCard('a'));
    expect(result.result).toBe('pass');
  });

  it.each([
    ['b', 'a'],
    ['c', 'a'],
    ['a', 'b'],
    ['c', 'b'],
  ] as Array<[Person, Person]>)("fails person %s against %s's KTP", async (who, card) => {
    const result = await compare(await selfie(who), await ktpCard(card));
    expect(result).toMatchObject({ result: 'fail', reason: 'different_person' });
    expect(result.distance).toBeGreaterThan(SAME_PERSON_MAX_DISTANCE);
  });

  it('asks for another selfie when it has no face, several faces, a distant face or too little light', async () => {
    const ktp = await ktpCard('a');
    const blank = await ktpCard(null); // a card: text, no face
    expect((await compare(blank, ktp)).reason).toBe('no_face');
    expect((await compare(await groupSelfie(), ktp)).reason).toBe('several_faces');
    expect((await compare(await distantSelfie('a'), ktp)).reason).toBe('too_small');
    expect((await compare(await darkSelfie('a'), ktp)).reason).toBe('too_dark');
  });

  it('says so when the KTP photo has no face to compare with', async () => {
    expect(await compare(await selfie('a'), await ktpCard(null))).toEqual({
      result: 'retry',
      reason: 'ktp_no_face',
      distance: null,
    });
  });

  it('refuses checks past its queue at once, as an engine failure (not counted)', async () => {
    const small = new FaceApiFaceCheckProvider({ maxWaiting: 2, timeoutMs: 60_000 });
    const s = jpeg(await selfie('a'));
    const k = jpeg(await ktpCard('a'));
    const runs = [small.compare(s, k), small.compare(s, k)];
    await expect(small.compare(s, k)).rejects.toMatchObject({ name: 'FaceCheckError', reason: 'busy' });
    await Promise.all(runs);
    await small.close();
    await expect(small.compare(s, k)).rejects.toMatchObject({ reason: 'closed' });
  });

  it('keeps the server responsive while it computes (the engine runs in a worker thread)', async () => {
    const s = jpeg(await selfie('a'));
    const k = jpeg(await ktpCard('a'));
    await provider.compare(s, k); // engine started
    // CPU time, not the event loop's delay: a busy CI host delays this thread's timers by itself (259 ms seen beside
    // Lighthouse), whereas the time the check spends on this thread does not depend on what else runs.
    const thread = process.threadCpuUsage();
    const all = process.cpuUsage();
    await provider.compare(s, k);
    const ms = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
    const onThisThread = ms(process.threadCpuUsage(thread));
    const inTheProcess = ms(process.cpuUsage(all));
    // On this thread the engine took ~0.5 s of it per check; in its worker, decoding is all that is left here.
    expect(onThisThread).toBeLessThan(100);
    expect(onThisThread).toBeLessThan(inTheProcess / 4);
  });

  it('answers a time-out as an engine failure (not counted) and stops the busy engine', async () => {
    const hasty = new FaceApiFaceCheckProvider({ timeoutMs: 200 });
    await expect(hasty.compare(jpeg(await selfie('a')), jpeg(await ktpCard('a')))).rejects.toMatchObject({
      name: 'FaceCheckError',
      reason: 'timeout',
    });
    await hasty.close();
  });
});
