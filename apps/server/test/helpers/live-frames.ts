import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { ktpCard } from './face-images.ts';

// The three frames of a live check, from the liveness fixtures (human's sample portraits,
// test/fixtures/liveness/README.md): woman A and teenager T turn their heads, woman B blinks. The web and admin
// end-to-end tests use them too, to pass a borrower through the live check on the real engines.
//
// The portraits are studio photos with different expressions, not frames of one video: face-api measures two photos
// of one of these models 0.39-0.55 apart, against its 0.5 threshold. So each KTP photo is the start frame's photo (on
// a card, 0.17-0.18 from it), and a frame that would be near-identical in a video (B's eyes open again) is the start
// frame moved a little, as the next frame of a video would be.
const FIXTURES = new URL('../fixtures/liveness/', import.meta.url);

export const fixturePhoto = (name: string): Buffer => readFileSync(new URL(`${name}.jpg`, FIXTURES));

export interface LiveFrames {
  start: Buffer;
  action: Buffer;
  end: Buffer;
}

/** B's portraits are too dark for face-api (mean luminance under its floor): as if taken in a brighter room. */
const brighter = (photo: Buffer) => sharp(photo).modulate({ brightness: 1.6 }).jpeg().toBuffer();

/** The frame after `photo` in a video: the head a little closer and off-centre. */
async function nextFrame(photo: Buffer): Promise<Buffer> {
  const { width = 640, height = 640 } = await sharp(photo).metadata();
  return sharp(photo)
    .extract({ left: 8, top: 4, width: width - 24, height: height - 16 })
    .resize(width, height)
    .jpeg()
    .toBuffer();
}

const SEQUENCES = {
  /** Woman A looks straight, turns her head (yaw ≈ -0.49), looks straight again. */
  turnA: async () => ({
    start: fixturePhoto('stock-emotions-a-1'),
    action: fixturePhoto('stock-emotions-a-2'),
    end: fixturePhoto('stock-emotions-a-3'),
  }),
  /** Teenager T looks straight, turns (yaw ≈ 0.66), looks straight again. */
  turnT: async () => ({
    start: fixturePhoto('stock-teen-1'),
    action: fixturePhoto('stock-teen-3'),
    end: fixturePhoto('stock-teen-4'),
  }),
  /** Woman B: eyes open, both closed, open again. */
  blinkB: async () => {
    const start = await brighter(fixturePhoto('stock-emotions-b-2'));
    return { start, action: await brighter(fixturePhoto('stock-emotions-b-1')), end: await nextFrame(start) };
  },
} satisfies Record<string, () => Promise<LiveFrames>>;

export type LiveSequence = keyof typeof SEQUENCES;

export function liveFrames(sequence: LiveSequence): Promise<LiveFrames> {
  return SEQUENCES[sequence]();
}

/** A KTP-like card with the photo of the person in a sequence (its start frame's photo, see above). */
export async function ktpCardOf(sequence: LiveSequence): Promise<Buffer> {
  return ktpCard((await liveFrames(sequence)).start);
}
