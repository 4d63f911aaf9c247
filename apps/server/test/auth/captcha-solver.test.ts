// The image captcha against the attacker: a naive colour-grouping solver (naive-captcha-solver.ts) that reads
// the old flat-coloured bitmap captchas (legacy-captcha-image.ts) and must fail on the new ones; and checks that the
// new ones stay readable for people (no character clipped, characters large, dark on pale), with sample PNGs saved
// under apps/server/test-output/captcha-samples/ for a human to look at.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaSvg,
  drawCaptcha,
  drawCaptchaPng,
  randomCaptchaText,
  rasterise,
} from '../../src/modules/auth/captcha-image.ts';
import * as legacy from './legacy-captcha-image.ts';
import { exactColour, nearColour, successes, trainSolver } from './naive-captcha-solver.ts';

const TRAINING = 300;
const TRIALS = 100;
const SOLVER_TIMEOUT = 120_000;

describe('a naive colour-grouping solver', () => {
  it(
    'reads nearly all of the old flat-coloured captchas (so the solver is real)',
    async () => {
      const solver = await trainSolver(
        legacy.drawCaptchaPng,
        legacy.randomCaptchaText,
        exactColour,
        TRAINING,
      );
      expect(solver.templates).toBe(legacy.CAPTCHA_ALPHABET.length);
      expect(
        await successes(solver, legacy.drawCaptchaPng, legacy.randomCaptchaText, TRIALS),
      ).toBeGreaterThanOrEqual(90);
    },
    SOLVER_TIMEOUT,
  );

  it(
    'reads fewer than 5 of 100 new captchas, grouping exact colours',
    async () => {
      const solver = await trainSolver(drawCaptchaPng, randomCaptchaText, exactColour, TRAINING);
      expect(await successes(solver, drawCaptchaPng, randomCaptchaText, TRIALS)).toBeLessThan(5);
    },
    SOLVER_TIMEOUT,
  );

  it(
    'reads fewer than 5 of 100 new captchas, grouping near colours',
    async () => {
      const solver = await trainSolver(drawCaptchaPng, randomCaptchaText, nearColour, TRAINING);
      expect(await successes(solver, drawCaptchaPng, randomCaptchaText, TRIALS)).toBeLessThan(5);
    },
    SOLVER_TIMEOUT,
  );
});

type Raster = { data: Buffer; width: number; height: number };
async function raster(fragments: string[]): Promise<Raster> {
  const { data, info } = await sharp(Buffer.from(captchaSvg(fragments)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** WCAG relative luminance of an sRGB pixel. */
function luminance(data: Buffer, i: number): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * linear(data[i] ?? 0) + 0.7152 * linear(data[i + 1] ?? 0) + 0.0722 * linear(data[i + 2] ?? 0)
  );
}
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('the new captcha stays readable', () => {
  it('uses 4-5 unambiguous characters and sizes the PNG for a phone', async () => {
    for (const confusable of '0O1IL2Z5S8BKQDG') expect(CAPTCHA_ALPHABET).not.toContain(confusable);
    for (let i = 0; i < 50; i++) expect(randomCaptchaText()).toMatch(/^[ACEFHMNPRTUVWXY34679]{4,5}$/);
    const png = Buffer.from(await drawCaptchaPng('WMHNA'), 'base64');
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      format: 'png',
    });
    expect(png.length).toBeLessThan(10_000);
  });

  it(
    'draws every character whole inside the image, large, and dark on a pale background',
    async () => {
      const samples = new URL('../../test-output/captcha-samples/', import.meta.url);
      rmSync(samples, { recursive: true, force: true });
      mkdirSync(samples, { recursive: true });
      const ratios: number[] = [];
      for (let n = 0; n < 40; n++) {
        const text = randomCaptchaText();
        const drawing = drawCaptcha(text);
        const png = await rasterise(captchaSvg(drawing));
        if (n < 8) writeFileSync(new URL(`${n}-${text}.png`, samples), png);
        if (n < 3)
          writeFileSync(
            new URL(`legacy-${n}.png`, samples),
            Buffer.from(legacy.drawCaptchaPng(text), 'base64'),
          );

        // Each character alone: its ink lies inside the image with a margin, and is at least 30 px (37.5%) of its height.
        for (const glyph of drawing.glyphs) {
          const { data, width, height } = await raster([glyph]);
          let [minX, maxX, minY, maxY] = [width, -1, height, -1];
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++)
              if ((data[4 * (y * width + x) + 3] ?? 0) > 0) {
                [minX, maxX] = [Math.min(minX, x), Math.max(maxX, x)];
                [minY, maxY] = [Math.min(minY, y), Math.max(maxY, y)];
              }
          expect(minX, text).toBeGreaterThanOrEqual(2);
          expect(minY, text).toBeGreaterThanOrEqual(2);
          expect(maxX, text).toBeLessThanOrEqual(width - 3);
          expect(maxY, text).toBeLessThanOrEqual(height - 3);
          expect(maxY - minY + 1, text).toBeGreaterThanOrEqual(0.375 * height);
        }

        // Where a character is fully inked, the finished image against the background alone at that spot.
        const inked = await raster(drawing.glyphs);
        const background = await raster(drawing.background);
        const finished = await pngRaster(png);
        const perCaptcha: number[] = [];
        for (let p = 0; p < inked.width * inked.height; p++)
          if (inked.data[4 * p + 3] === 255)
            perCaptcha.push(contrast(luminance(finished.data, 4 * p), luminance(background.data, 4 * p)));
        perCaptcha.sort((a, b) => a - b);
        ratios.push(perCaptcha[Math.floor(perCaptcha.length / 2)] ?? 0);
        // Noise may cover some of a character, not most of it: 80% of its pixels keep a contrast of at least 3:1.
        expect(perCaptcha[Math.floor(perCaptcha.length * 0.2)], text).toBeGreaterThanOrEqual(3);
      }
      // The median glyph pixel meets WCAG AA's 4.5:1 for normal text in every captcha.
      expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
    },
    SOLVER_TIMEOUT,
  );
});

async function pngRaster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
