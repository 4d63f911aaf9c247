// KTP OCR: tesseract worker start, then the time per card image after warm-up (target at most 0.5 s), with the sharp
// normalisation alone (readUploadedImage) as the baseline measured in the same run.
import { readUploadedImage, type UploadedImage } from '../apps/server/src/http/uploaded-image.ts';
import { TesseractOcrProvider } from '../apps/server/src/providers/ocr/tesseract-ocr-provider.ts';
import { KTP_SAMPLES, KTP_VARIANTS } from '../apps/server/test/helpers/ktp-card-image.ts';
import { summary } from './timing.ts';

const TARGET_MS = 500;

/** Measures OCR per KTP and prints the ratio to the image normalisation that precedes it. */
export async function run(): Promise<void> {
  // One upload per variant (clean, noisy, blurred, tilted, compressed, small ...), each showing another person.
  const uploads = await Promise.all(
    KTP_VARIANTS.map((variant, i) => variant.make(KTP_SAMPLES[i % KTP_SAMPLES.length]!.card)),
  );

  const normalise: number[] = [];
  let images: UploadedImage[] = [];
  for (let round = 0; round < 2; round += 1) {
    // The first round warms sharp up; only the second counts.
    images = [];
    for (const bytes of uploads) {
      const start = performance.now();
      images.push(await readUploadedImage({ bytes }));
      if (round === 1) normalise.push(performance.now() - start);
    }
  }

  const ocr = new TesseractOcrProvider({ timeoutMs: 60_000 });
  try {
    const startAt = performance.now();
    await ocr.start();
    console.log(
      `${'tesseract worker start'.padEnd(44)} ${(performance.now() - startAt).toFixed(0).padStart(12)} ms`,
    );
    await ocr.readKtp(images[0]!.forOcr); // warm-up: the first read allocates the engine's buffers

    const reads: number[] = [];
    let niks = 0;
    for (const [i, image] of images.entries()) {
      const start = performance.now();
      const reading = await ocr.readKtp(image.forOcr);
      reads.push(performance.now() - start);
      if (reading.nik === KTP_SAMPLES[i % KTP_SAMPLES.length]!.expected.nik) niks += 1;
    }

    const baseline = summary('baseline: readUploadedImage (sharp)', normalise);
    const read = summary('OCR: readKtp (tesseract + parser)', reads);
    console.log(`NIK exact on ${niks} of ${images.length} images`);
    console.log(
      `OCR median ${read.median <= TARGET_MS ? 'meets' : 'misses'} the ${TARGET_MS} ms target; ` +
        `ratio to baseline (median, lower is faster): ${(read.median / baseline.median).toFixed(2)}`,
    );
  } finally {
    await ocr.close();
  }
}
