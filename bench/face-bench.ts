// Face check: the face-api engine's start, then one selfie-against-KTP comparison (both photos decoded, faces found,
// described and compared), against a baseline measured in the same run: decoding the same two photos with sharp.
import sharp from 'sharp';
import { FaceApiFaceCheckProvider } from '../apps/server/src/providers/face-check/face-api-face-check-provider.ts';
import { ktpCard, selfie } from '../apps/server/test/helpers/face-images.ts';
import { summary, timeRuns } from './timing.ts';

const RUNS = 10;

export async function run(): Promise<void> {
  const selfieBytes = await selfie('a');
  const ktpBytes = await ktpCard('a');
  const decode = await timeRuns(async () => {
    await sharp(selfieBytes).removeAlpha().raw().toBuffer();
    await sharp(ktpBytes).removeAlpha().raw().toBuffer();
  }, RUNS * 3);

  const provider = new FaceApiFaceCheckProvider({ timeoutMs: 120_000 });
  try {
    const started = performance.now();
    await provider.start();
    console.log(
      `${'face-api start (WASM, 3 models)'.padEnd(44)} ${(performance.now() - started).toFixed(0).padStart(13)} ms`,
    );
    const jpeg = (bytes: Buffer) => ({ bytes, mimeType: 'image/jpeg' as const });
    const checks = await timeRuns(() => provider.compare(jpeg(selfieBytes), jpeg(ktpBytes)), RUNS);
    const baseline = summary('baseline: decode both photos (sharp)', decode);
    const check = summary('one face check (selfie 480 px, KTP 856 px)', checks);
    console.log(
      `ratio to baseline (median, lower is faster): ${(check.median / baseline.median).toFixed(1)}`,
    );
  } finally {
    await provider.close();
  }
}
