import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUploadedImage } from '../../src/http/uploaded-image.ts';
import type { KtpReading } from '../../src/providers/ocr/ocr-provider.ts';
import { OcrError, TesseractOcrProvider } from '../../src/providers/ocr/tesseract-ocr-provider.ts';
import { KTP_SAMPLES, KTP_VARIANTS, ktpCardPng, type KtpSample } from '../helpers/ktp-card-image.ts';

// Real OCR on generated cards, one worker for the whole file (starting one costs about a second here).
const ocr = new TesseractOcrProvider({ timeoutMs: 20_000 });
afterAll(() => ocr.close());

const FIELDS = ['nik', 'name', 'birthDate', 'gender', 'religion', 'marital'] as const;

interface Result {
  variant: string;
  reading: KtpReading;
  expected: KtpSample['expected'];
  ms: number;
}

describe('KTP OCR accuracy: readUploadedImage + tesseract on generated cards', () => {
  const results: Result[] = [];

  beforeAll(async () => {
    await ocr.start();
    // Each variant shows another person, so every religion, every status and both genders are read.
    for (const [i, variant] of KTP_VARIANTS.entries()) {
      const { card, expected } = KTP_SAMPLES[i % KTP_SAMPLES.length]!;
      const image = await readUploadedImage({ bytes: await variant.make(card) });
      const start = performance.now();
      const reading = await ocr.readKtp(image.forOcr);
      results.push({ variant: variant.name, reading, expected, ms: performance.now() - start });
    }
    const table = results.map(
      (r) =>
        `${r.variant.padEnd(48)} ${String(Math.round(r.ms)).padStart(5)} ms  ` +
        FIELDS.map((f) => (r.reading[f] === r.expected[f] ? 'ok' : `${f}=${String(r.reading[f])}`)).join(' '),
    );
    console.log(`KTP OCR per variant:\n${table.join('\n')}`);
  }, 90_000);

  const exactCount = (field: (typeof FIELDS)[number]): number =>
    results.filter((r) => r.reading[field] === r.expected[field]).length;

  // Measured: every field exact on all 10 variants (clean, noise, blur, +/-2-3 degrees, JPEG 20, 642 px wide,
  // combinations, a tilted noisy photo on a table). The bars leave room for one miss per field.
  it('NIK and birth date exact on at least 9 of 10 variants', () => {
    expect(exactCount('nik')).toBeGreaterThanOrEqual(9);
    expect(exactCount('birthDate')).toBeGreaterThanOrEqual(9);
  });

  it('name, gender, religion and marital status exact on at least 9 of 10 variants', () => {
    for (const field of ['name', 'gender', 'religion', 'marital'] as const)
      expect(exactCount(field), field).toBeGreaterThanOrEqual(9);
  });

  it('never pre-fills a wrong NIK, and a field read is a field read right (null when unsure)', () => {
    const wrong = results.flatMap((r) =>
      FIELDS.filter((f) => r.reading[f] !== null && r.reading[f] !== r.expected[f]).map(
        (f) => `${r.variant}: ${f}`,
      ),
    );
    expect(wrong.filter((w) => w.endsWith(': nik'))).toEqual([]);
    expect(wrong.length, wrong.join(', ')).toBeLessThanOrEqual(1);
  });

  it('reports a high confidence for the clean card', () => {
    expect(results[0]!.reading.confidence).toBeGreaterThan(0.7);
  });
});

describe('tesseract provider', () => {
  it('reads concurrent requests one at a time, each getting its own answer', async () => {
    const images = await Promise.all(
      KTP_SAMPLES.slice(0, 3).map(
        async ({ card }) => (await readUploadedImage({ bytes: await ktpCardPng(card) })).forOcr,
      ),
    );
    const readings = await Promise.all(images.map((image) => ocr.readKtp(image)));
    expect(readings.map((r) => r.nik)).toEqual(KTP_SAMPLES.slice(0, 3).map((s) => s.expected.nik));
  });

  it('gives up on a read past its time-out, refuses reads beyond the queue, and refuses reads once closed', async () => {
    const slow = new TesseractOcrProvider({ timeoutMs: 50, maxWaiting: 1 });
    const image = { bytes: await ktpCardPng(KTP_SAMPLES[0]!.card, 0.75), mimeType: 'image/png' as const };
    const first = slow.readKtp(image).catch((error: unknown) => error);
    const second = slow.readKtp(image).catch((error: unknown) => error);
    // Starting the engine alone takes far longer than 50 ms.
    expect(await first).toMatchObject({ name: 'OcrError', reason: 'timeout' });
    expect(await second).toMatchObject({ name: 'OcrError', reason: 'busy' });
    await slow.close();
    await expect(slow.readKtp(image)).rejects.toBeInstanceOf(OcrError);
    await expect(slow.readKtp(image)).rejects.toMatchObject({ reason: 'closed' });
  });
});
