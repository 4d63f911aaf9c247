import sharp, { type Region, type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  OCR_LONG_SIDE_PX,
  readUploadedImage,
  type ImageRejection,
} from '../../src/http/uploaded-image.ts';

/** A landscape photo whose top half is dark and bottom half light, so "upright" can be checked from the pixels. */
function twoToned(width = 800, height = 500): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f0f0f0"/><rect width="100%" height="50%" fill="#202020"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function meanOf(image: Buffer, region: Region): Promise<number> {
  // stats() reads the input, not the pipeline: extract to a buffer first.
  const part = await sharp(image).extract(region).toBuffer();
  const { channels } = await sharp(part).stats();
  return channels[0]!.mean;
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejection> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    return (error as ImageRejectedError).reason;
  }
  throw new Error('expected the image to be refused');
}

describe('uploaded image intake', () => {
  it('turns a camera photo upright and strips its EXIF and GPS', async () => {
    // As a phone stores a portrait-held shot: pixels turned, and an orientation tag saying how to turn them back.
    const turned = await twoToned().rotate(270).png().toBuffer();
    const photo = await sharp(turned)
      .withExif({
        IFD0: { Make: 'KasKitaPhone', Copyright: 'PRIVATE-OWNER-NAME' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '6/1 54/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '107/1 36/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('PRIVATE-OWNER-NAME');
    expect([before.width, before.height]).toEqual([500, 800]);

    const image = await readUploadedImage({
      bytes: photo,
      declaredType: 'image/jpeg',
      filename: 'IMG_0001.JPG',
    });
    expect(image.sourceType).toBe('image/jpeg');
    const stored = await sharp(image.stored.bytes).metadata();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([800, 500]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    const raw = image.stored.bytes.toString('latin1');
    for (const trace of ['Exif', 'PRIVATE-OWNER-NAME', 'KasKitaPhone']) expect(raw).not.toContain(trace);
    expect(await meanOf(image.stored.bytes, { left: 0, top: 0, width: 800, height: 200 })).toBeLessThan(60);
    expect(await meanOf(image.stored.bytes, { left: 0, top: 300, width: 800, height: 200 })).toBeGreaterThan(
      200,
    );

    // The OCR copy is upright too, greyscale, a PNG with its long side at the size tesseract reads best.
    const ocr = await sharp(image.forOcr.bytes).metadata();
    expect([ocr.format, ocr.channels, ocr.exif]).toEqual(['png', 1, undefined]);
    expect([ocr.width, ocr.height]).toEqual([OCR_LONG_SIDE_PX, OCR_LONG_SIDE_PX * (500 / 800)]);
    expect(await meanOf(image.forOcr.bytes, { left: 0, top: 0, width: 1200, height: 300 })).toBeLessThan(30);
  });

  it('shrinks a large photo for storage and keeps a small one at its size', async () => {
    const large = await twoToned(3000, 2000).jpeg().toBuffer();
    const image = await readUploadedImage({ bytes: large, declaredType: 'image/jpeg' });
    expect([image.stored.width, image.stored.height]).toEqual([1600, 1067]);
    const small = await twoToned(600, 400).webp().toBuffer();
    const read = await readUploadedImage({ bytes: small, declaredType: 'image/webp', filename: 'ktp.webp' });
    expect([read.sourceType, read.stored.mimeType, read.stored.width]).toEqual([
      'image/webp',
      'image/jpeg',
      600,
    ]);
  });

  it('accepts PNG and a client that names nothing or sends octet-stream', async () => {
    const png = await twoToned().png().toBuffer();
    expect((await readUploadedImage({ bytes: png })).sourceType).toBe('image/png');
    const unnamed = { bytes: png, declaredType: 'application/octet-stream', filename: 'blob' };
    expect((await readUploadedImage(unnamed)).sourceType).toBe('image/png');
  });

  it('refuses what is not a JPEG, PNG or WebP image, whatever it is called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>');
    const gif = await twoToned().gif().toBuffer();
    const truncated = (await twoToned().jpeg().toBuffer()).subarray(0, 600);
    for (const bytes of [
      Buffer.from('%PDF-1.7 hello'),
      Buffer.from('hello'),
      Buffer.alloc(0),
      svg,
      gif,
      truncated,
    ])
      expect(
        await rejection(readUploadedImage({ bytes, declaredType: 'image/jpeg', filename: 'ktp.jpg' })),
      ).toBe('not_image');
  });

  it('refuses a PNG declared or named as JPEG, and a JPEG declared or named as PNG', async () => {
    const png = await twoToned().png().toBuffer();
    const jpeg = await twoToned().jpeg().toBuffer();
    const cases = [
      { bytes: png, declaredType: 'image/jpeg' },
      { bytes: png, filename: 'ktp.jpg' },
      { bytes: png, declaredType: 'image/png', filename: 'ktp.jpeg' },
      { bytes: jpeg, declaredType: 'image/png' },
      { bytes: jpeg, filename: 'KTP.PNG' },
      { bytes: jpeg, declaredType: 'image/heic' },
      { bytes: jpeg, declaredType: 'text/html' },
      { bytes: jpeg, filename: 'photo.heic' },
    ];
    for (const upload of cases) expect(await rejection(readUploadedImage(upload))).toBe('type_mismatch');
    // Parameters and case do not matter.
    const fine = { bytes: jpeg, declaredType: 'Image/JPEG; charset=binary', filename: 'ktp.JPEG' };
    expect((await readUploadedImage(fine)).sourceType).toBe('image/jpeg');
  });

  it('refuses a file over the size limit before decoding it', async () => {
    const jpeg = await twoToned().jpeg().toBuffer();
    expect(await rejection(readUploadedImage({ bytes: jpeg }, { maxBytes: jpeg.length - 1 }))).toBe(
      'too_large',
    );
    expect(await rejection(readUploadedImage({ bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) }))).toBe(
      'too_large',
    );
  });

  it('refuses a decompression bomb, a thumbnail and a sliver', async () => {
    // 10,000 x 10,000 of one colour compresses to a few kB and would decode to 300 MB.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await rejection(readUploadedImage({ bytes: bomb }))).toBe('dimensions');
    const thumbnail = await twoToned(160, 100).jpeg().toBuffer();
    expect(await rejection(readUploadedImage({ bytes: thumbnail }))).toBe('dimensions');
    const sliver = await twoToned(4000, 250).jpeg().toBuffer();
    expect(await rejection(readUploadedImage({ bytes: sliver }))).toBe('dimensions');
  });

  it('answers each refusal with its own error code', () => {
    const codes = (['not_image', 'too_large', 'type_mismatch', 'dimensions'] as const).map(
      (reason) => new ImageRejectedError(reason, '').key,
    );
    expect(codes).toEqual(['NOT_AN_IMAGE', 'IMAGE_TOO_LARGE', 'IMAGE_TYPE_MISMATCH', 'IMAGE_DIMENSIONS']);
  });
});
