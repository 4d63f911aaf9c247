// A recorded video for Chromium's fake camera (--use-file-for-fake-video-capture): Y4M, the raw format Chromium reads
// without a codec, written from still photos (the liveness fixtures) shown one after another and looped by Chromium.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const WIDTH = 480;
const HEIGHT = 640;
const FPS = 10;

/** A photo shown for `seconds` of the video. */
export interface Shot {
  photo: Buffer;
  seconds: number;
}

/** Writes the shots as one Y4M video (480x640 portrait, 10 fps, 4:2:0) and answers its path. */
export async function fakeCameraVideo(name: string, shots: readonly Shot[]): Promise<string> {
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const shot of shots) {
    const frame = await i420(shot.photo);
    for (let i = 0; i < Math.round(shot.seconds * FPS); i++) chunks.push(Buffer.from('FRAME\n'), frame);
  }
  const path = join(tmpdir(), `kaskita-${name}-${process.pid}.y4m`);
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

/** The photo fitted into the frame (grey bars, as a phone's preview letterboxes) as planar Y, U, V (BT.601). */
async function i420(photo: Buffer): Promise<Buffer> {
  const rgb = await sharp(photo)
    .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#808080' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < HEIGHT; row++)
    for (let col = 0; col < WIDTH; col++) {
      const at = (row * WIDTH + col) * 3;
      const [r, g, b] = [rgb[at]!, rgb[at + 1]!, rgb[at + 2]!];
      y[row * WIDTH + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const half = (row / 2) * (WIDTH / 2) + col / 2;
        u[half] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[half] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  return Buffer.concat([y, u, v]);
}
