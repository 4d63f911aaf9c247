import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

// Real faces for face-check tests: the group photos that ship with @vladmandic/face-api (demo/sample1.jpg, 1920x1280).
// The boxes below are where face-api's own detector found three different people in it (x, y, width, height), found
// once by running detectAllFaces on the file.
const require = createRequire(import.meta.url);
export const GROUP_PHOTO = join(
  dirname(require.resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample1.jpg',
);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export const PEOPLE = {
  a: { x: 414, y: 355, width: 177, height: 240 },
  b: { x: 838, y: 421, width: 186, height: 228 },
  c: { x: 1476, y: 199, width: 203, height: 241 },
} satisfies Record<string, Box>;
export type Person = keyof typeof PEOPLE;

/** The face with `margin` of its size around it on each side, as a phone's front camera frames a selfie. */
function around(box: Box, margin: number) {
  const left = Math.max(0, Math.round(box.x - box.width * margin));
  const top = Math.max(0, Math.round(box.y - box.height * margin));
  return {
    left,
    top,
    width: Math.min(1920 - left, Math.round(box.width * (1 + 2 * margin))),
    height: Math.min(1280 - top, Math.round(box.height * (1 + 2 * margin))),
  };
}

/** A selfie of a person: their face filling most of a 480 px wide JPEG. */
export async function selfie(person: Person, width = 480): Promise<Buffer> {
  return sharp(GROUP_PHOTO)
    .extract(around(PEOPLE[person], 0.35))
    .resize({ width })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The same selfie changed as a second photo would be: smaller, tilted, brighter. */
export async function selfieVariant(
  person: Person,
  change: 'smaller' | 'rotated' | 'brighter',
): Promise<Buffer> {
  const base = sharp(await selfie(person));
  if (change === 'smaller') return base.resize({ width: 300 }).jpeg().toBuffer();
  if (change === 'rotated') return base.rotate(8, { background: '#808080' }).jpeg().toBuffer();
  return base.modulate({ brightness: 1.3 }).jpeg().toBuffer();
}

/** A selfie taken in the dark. */
export async function darkSelfie(person: Person): Promise<Buffer> {
  return sharp(await selfie(person))
    .modulate({ brightness: 0.12 })
    .jpeg()
    .toBuffer();
}

/** The face far away: a 110 px face in a 1000 px photo. */
export async function distantSelfie(person: Person): Promise<Buffer> {
  const face = await sharp(GROUP_PHOTO)
    .extract(around(PEOPLE[person], 0.35))
    .resize({ width: 110 })
    .toBuffer();
  return sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#9aa7b0' } })
    .composite([{ input: face, left: 445, top: 420 }])
    .jpeg()
    .toBuffer();
}

/** Three people in one photo. */
export async function groupSelfie(): Promise<Buffer> {
  return sharp(GROUP_PHOTO).resize({ width: 1280 }).jpeg().toBuffer();
}

/**
 * A KTP-like card (856x540, light blue, printed lines) photographed flat, with the holder's photo where a KTP has it:
 * on the right, about 170x220 px: a person of the group photo, or a portrait's face (live-frames.ts). Without a
 * person, the photo box is empty.
 */
export async function ktpCard(person: Person | Buffer | null): Promise<Buffer> {
  const lines = ['PROVINSI DKI JAKARTA', 'NIK : 3171010101900999', 'Nama : BUDI SANTOSO', 'Agama : ISLAM']
    .map(
      (line, i) => `<text x="40" y="${90 + i * 50}" font-family="DejaVu Sans" font-size="28">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" rx="24" fill="#cfe3f3"/><rect x="640" y="120" width="170" height="220" fill="#d94f4f"/>${lines}</svg>`;
  const photo = Buffer.isBuffer(person)
    ? sharp(person)
    : person && sharp(GROUP_PHOTO).extract(around(PEOPLE[person], 0.15));
  const layers = photo
    ? [
        {
          input: await photo.resize(170, 220, { fit: 'cover' }).toBuffer(),
          left: 640,
          top: 120,
        },
      ]
    : [];
  return sharp(Buffer.from(svg)).composite(layers).jpeg({ quality: 90 }).toBuffer();
}
