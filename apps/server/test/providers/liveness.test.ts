import { readFileSync } from 'node:fs';
import {
  judgeLiveness,
  type FrameReading,
  type LivenessAction,
  type LivenessFrames,
} from '@kaskita/domain/verification/liveness';
import { afterAll, describe, expect, it } from 'vitest';
import { HumanLivenessProvider } from '../../src/providers/liveness/human-liveness-provider.ts';
import { groupSelfie, ktpCard } from '../helpers/face-images.ts';

// The real engine on real photos (human's samples, test/fixtures/liveness/README.md): one provider for the file,
// models loaded once. A read costs ~0.5 s (three frames), so each triple is read once and remembered.
const provider = new HumanLivenessProvider({ timeoutMs: 60_000 });
afterAll(() => provider.close());

const FIXTURES = new URL('../fixtures/liveness/', import.meta.url);
const made: Record<string, () => Promise<Buffer>> = {
  group: () => groupSelfie(),
  'ktp-a': () => ktpCard('a'),
  'ktp-b': () => ktpCard('b'),
  'ktp-c': () => ktpCard('c'),
};
const image = async (name: string) => ({
  bytes: made[name] ? await made[name]() : readFileSync(new URL(`${name}.jpg`, FIXTURES)),
  mimeType: 'image/jpeg' as const,
});

/** Every sequence read so far, by its three photos' names. */
const reads = new Map<string, LivenessFrames<FrameReading>>();
async function read(start: string, action: string, end: string): Promise<LivenessFrames<FrameReading>> {
  const key = [start, action, end].join(' ');
  const known = reads.get(key);
  if (known) return known;
  const [s, a, e] = await Promise.all([image(start), image(action), image(end)]);
  const frames = await provider.read({ start: s, action: a, end: e });
  reads.set(key, frames);
  return frames;
}
const check = async (action: LivenessAction, start: string, acted: string, end: string) =>
  judgeLiveness(action, await read(start, acted, end));
const still = (action: LivenessAction, name: string) => check(action, name, name, name);

// Who is who, and what each photo shows (looked at, not measured).
const A = {
  straight: ['stock-emotions-a-1', 'stock-emotions-a-3', 'stock-emotions-a-7'],
  turned: 'stock-emotions-a-2',
};
const T = { straight: ['stock-teen-2', 'stock-teen-4'], turned: 'stock-teen-3' };
/** Teenager T looking at the camera with her head a little aside (yaw -0.28): only a still here, to save reads. */
const T_ASIDE = 'stock-teen-1';
const B = {
  open: ['stock-emotions-b-2', 'stock-emotions-b-5', 'stock-emotions-b-6'],
  closed: 'stock-emotions-b-1',
};
const ONE_EYE = 'stock-emotions-b-4';
const OTHER_MAN = 'person-vlado';
/** 'stock-emotions-a-3' is person 'stock-emotions-a'. */
const personOf = (name: string) => name.replace(/-\d$/, '');

describe('liveness with human (real models, real photos)', () => {
  it('passes a head turned away and back', async () => {
    expect(await check('turn', 'stock-emotions-a-3', A.turned, 'stock-emotions-a-7')).toEqual({
      result: 'pass',
    });
    expect(await check('turn', 'stock-teen-4', T.turned, 'stock-teen-2')).toEqual({ result: 'pass' });
  });

  it('passes a blink between open eyes, and not a blink of one eye', async () => {
    expect(await check('blink', 'stock-emotions-b-2', B.closed, 'stock-emotions-b-6')).toEqual({
      result: 'pass',
    });
    expect(await check('blink', 'stock-emotions-b-2', ONE_EYE, 'stock-emotions-b-6')).toEqual({
      result: 'retry',
      reason: 'no_motion',
    });
  });

  it('refuses a still photo held to the camera: the action is not seen', async () => {
    expect(await still('turn', 'stock-emotions-a-3')).toEqual({ result: 'retry', reason: 'no_motion' });
    expect(await still('blink', 'stock-emotions-a-3')).toEqual({ result: 'retry', reason: 'no_motion' });
  });

  it('refuses a group photo and the printed KTP card', async () => {
    expect(await still('turn', 'group')).toEqual({ result: 'retry', reason: 'several_faces' });
    expect(await still('turn', 'ktp-a')).toEqual({ result: 'retry', reason: 'not_live' });
  });

  it('refuses frames of two people when their faces are plainly unlike', async () => {
    expect(await check('turn', OTHER_MAN, A.turned, OTHER_MAN)).toEqual({
      result: 'retry',
      reason: 'different_person',
    });
  });

  it('reads each frame on its own: the same photo reads the same in any place of any sequence', async () => {
    const [one, , other] = A.straight as [string, string, string];
    const [first, second] = [await read(one, A.turned, other), await read(other, A.turned, one)];
    const { similarityToStart: _, ...asStart } = second.start.face!;
    expect(first.end.face).toMatchObject(asStart);
    expect(first.end.face!.similarityToStart).toBe(second.end.face!.similarityToStart); // symmetric
  });

  it('answers a closed engine as an engine failure (not counted)', async () => {
    const closed = new HumanLivenessProvider();
    await closed.close();
    const frame = await image('stock-emotions-a-3');
    await expect(closed.read({ start: frame, action: frame, end: frame })).rejects.toMatchObject({
      name: 'LivenessError',
      reason: 'closed',
    });
  });

  it(
    'keeps its false-accept and false-reject rates over every sequence the samples give',
    { timeout: 120_000 },
    async () => {
      // Each frame is read on its own (the test above), so a sequence's readings are its photos' readings with each
      // photo's similarity to the start photo: every pair is read once and the sequences are put together from them.
      const straight = [...A.straight, ...T.straight, ...B.open];
      const sequences = (action: LivenessAction, acts: string[]) =>
        straight.flatMap((start) =>
          acts.flatMap((acted) =>
            straight.filter((end) => end !== start).map((end) => [start, acted, end] as const),
          ),
        );
      const all = [
        ...sequences('turn', [A.turned, T.turned]).map((s) => ['turn', ...s] as const),
        ...sequences('blink', [B.closed]).map((s) => ['blink', ...s] as const),
      ];
      const samePerson = ([, s, a, e]: (typeof all)[number]) =>
        personOf(s) === personOf(a) && personOf(a) === personOf(e);
      const frames = await pairReadings([...straight, A.turned, T.turned, B.closed], straight);
      const judge = ([action, s, a, e]: (typeof all)[number]) =>
        judgeLiveness(action, { start: frames(s, s), action: frames(s, a), end: frames(s, e) }).result;

      const live = all.filter(samePerson);
      const mixed = all.filter((s) => !samePerson(s));
      // A still is its photo's reading three times: put together for the photos already read, read for the others.
      const stills = [];
      for (const name of [
        ...straight,
        A.turned,
        T.turned,
        B.closed,
        ONE_EYE,
        OTHER_MAN,
        T_ASIDE,
        'group',
        'ktp-a',
        'ktp-b',
        'ktp-c',
      ]) {
        const frame = readAlready(name) ?? (await read(name, name, name)).start;
        const three = { start: frame, action: frame, end: frame };
        stills.push(judgeLiveness('turn', three), judgeLiveness('blink', three));
      }

      const falseRejects = live.filter((s) => judge(s) !== 'pass').length;
      const mixedAccepts = mixed.filter((s) => judge(s) === 'pass').length;
      const stillAccepts = stills.filter((v) => v.result === 'pass').length;
      const far = (mixedAccepts + stillAccepts) / (mixed.length + stills.length);
      console.log(
        `liveness on the samples: FRR ${falseRejects}/${live.length} live sequences; ` +
          `FAR ${stillAccepts}/${stills.length} stills (photos, group, printed cards), ` +
          `${mixedAccepts}/${mixed.length} sequences mixing two people, ${(far * 100).toFixed(1)} % overall`,
      );
      // Measured with human 3.3.6: no live sequence refused, no still accepted; the face similarity refuses only 24 of
      // the 154 sequences mixing two people (liveness is not identity: the KTP match that follows is the identity check).
      expect(live.length).toBe(14);
      expect(falseRejects).toBe(0);
      expect(stillAccepts).toBe(0);
      expect(mixedAccepts / mixed.length).toBeLessThanOrEqual(MIXED_ACCEPTED_AT_MOST);
    },
  );
});

/** Mixed sequences accepted, as measured; a change that accepts more fails. */
const MIXED_ACCEPTED_AT_MOST = 130 / 154;

/** A photo's reading from any sequence read so far, as a start (similarity 1 to itself); null if never read. */
function readAlready(name: string): FrameReading | null {
  for (const [key, frames] of reads) {
    const at = key.split(' ').indexOf(name);
    if (at < 0) continue;
    const frame = [frames.start, frames.action, frames.end][at]!;
    return frame.face ? { ...frame, face: { ...frame.face, similarityToStart: 1 } } : frame;
  }
  return null;
}

/**
 * Reads every pair of `names` with a start among `starts`, two pairs per read, and answers a photo's reading with
 * its similarity to a start photo.
 */
async function pairReadings(names: string[], starts: string[]) {
  const reading = new Map<string, FrameReading>();
  const similarity = new Map<string, number>();
  const key = (x: string, y: string) => [x, y].sort().join(' ');
  const todo = new Map<string, string[]>();
  for (const [i, x] of names.entries())
    for (const y of names.slice(i + 1)) {
      const start = starts.includes(x) ? x : y;
      if (!starts.includes(start)) continue;
      todo.set(start, [...(todo.get(start) ?? []), start === x ? y : x]);
    }
  for (const [start, others] of todo)
    for (let i = 0; i < others.length; i += 2) {
      const [a, e] = [others[i]!, others[i + 1] ?? others[i]!];
      const frames = await read(start, a, e);
      for (const [name, frame] of [
        [start, frames.start],
        [a, frames.action],
        [e, frames.end],
      ] as const) {
        reading.set(name, frame);
        if (name !== start) similarity.set(key(start, name), frame.face?.similarityToStart ?? 0);
      }
    }
  return (start: string, name: string): FrameReading => {
    const frame = reading.get(name)!;
    if (!frame.face) return frame;
    const similarityToStart = name === start ? 1 : similarity.get(key(start, name))!;
    return { ...frame, face: { ...frame.face, similarityToStart } };
  };
}
