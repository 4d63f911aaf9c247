import {
  judgeLiveness,
  type FrameReading,
  type LivenessAction,
  type LivenessFrames,
} from '@kaskita/domain/verification/liveness';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HumanLivenessProvider } from '../../src/providers/liveness/human-liveness-provider.ts';
import { groupSelfie, ktpCard } from '../helpers/face-images.ts';
import { fixturePhoto } from '../helpers/live-frames.ts';

// The real engine on real photos (human's samples, test/fixtures/liveness/README.md): one provider for the file,
// models loaded once. A read costs ~0.5 s (three frames), so each triple is read once and remembered.
const provider = new HumanLivenessProvider({ timeoutMs: 60_000 });
afterAll(() => provider.close());

const made: Record<string, () => Promise<Buffer>> = {
  group: () => groupSelfie(),
  'ktp-a': () => ktpCard('a'),
  'ktp-b': () => ktpCard('b'),
  'ktp-c': () => ktpCard('c'),
};
const image = async (name: string) => ({
  bytes: made[name] ? await made[name]() : fixturePhoto(name),
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

  it('refuses a print held up, even turned like a sheet of paper, and a photo of a screen', async () => {
    // A print: the portrait with a paper border, flatter contrast and a little blur, held in front of a wall; turned
    // about its vertical axis, a flat picture only narrows: human reads the same yaw (measured 0.02-0.05 at every
    // width), so no turn is seen. A screen: scan lines and a glare over the portrait (no face found in it).
    const portrait = await image('stock-emotions-a-3');
    const print = await printed(portrait.bytes);
    const frame = (bytes: Buffer) => ({ bytes, mimeType: 'image/jpeg' as const });
    for (const width of [0.8, 0.5]) {
      const turned = await narrowed(print, width);
      expect(
        judgeLiveness(
          'turn',
          await provider.read({ start: frame(print), action: frame(turned), end: frame(print) }),
        ),
      ).toEqual({ result: 'retry', reason: 'no_motion' });
    }
    const screen = frame(await onScreen(portrait.bytes));
    expect(
      judgeLiveness('turn', await provider.read({ start: screen, action: screen, end: screen })),
    ).toMatchObject({
      result: 'retry',
    });
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

/** A portrait printed on paper and held up against a wall. */
async function printed(photo: Buffer): Promise<Buffer> {
  const sheet = await sharp(photo)
    .resize(400)
    .linear(0.85, 20)
    .modulate({ saturation: 0.8 })
    .blur(0.6)
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#f4f1ea' })
    .toBuffer();
  return sharp({ create: { width: 640, height: 640, channels: 3, background: '#505a60' } })
    .composite([{ input: sheet, left: 100, top: 60 }])
    .jpeg()
    .toBuffer();
}

/** The picture narrowed to `width` of itself, centred: a flat sheet turned about its vertical axis. */
async function narrowed(picture: Buffer, width: number): Promise<Buffer> {
  const { width: w = 640, height: h = 640 } = await sharp(picture).metadata();
  const squeezed = await sharp(picture)
    .resize(Math.round(w * width), h, { fit: 'fill' })
    .toBuffer();
  return sharp({ create: { width: w, height: h, channels: 3, background: '#505a60' } })
    .composite([{ input: squeezed, left: Math.round((w * (1 - width)) / 2), top: 0 }])
    .jpeg()
    .toBuffer();
}

/** The portrait on a screen photographed by a phone: scan lines every third row and a glare. */
async function onScreen(photo: Buffer): Promise<Buffer> {
  const { width: w = 640, height: h = 640 } = await sharp(photo).metadata();
  const lines = Array.from(
    { length: Math.ceil(h / 3) },
    (_, i) => `<rect x="0" y="${i * 3}" width="${w}" height="1" fill="black" fill-opacity="0.25"/>`,
  ).join('');
  const glare = `<ellipse cx="${w * 0.7}" cy="${h * 0.25}" rx="${w * 0.2}" ry="${h * 0.1}" fill="white" fill-opacity="0.35"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${lines}${glare}</svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg()
    .toBuffer();
}
