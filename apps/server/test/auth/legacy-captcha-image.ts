// The captcha renderer the server used before svg-captcha (flat-coloured 5x7 bitmap glyphs), kept only so
// captcha-solver.test.ts can show its naive solver really reads such captchas. Not used by the app.
import { randomInt } from 'node:crypto';
import pngjs from 'pngjs';

/** Characters nobody confuses on a small phone screen: no 0/O/Q/D-like pairs, 1/I/L, 2/Z, 5/S, 8/B, G/6-like shapes. */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';

/** 5x7 bitmap glyphs, our own, so no font or native dependency is needed. */
const GLYPHS: Record<string, string> = {
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.',
  E: '#####|#....|#....|####.|#....|#....|#####',
  F: '#####|#....|#....|####.|#....|#....|#....',
  H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  J: '..###|...#.|...#.|...#.|...#.|#..#.|.##..',
  K: '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#',
  M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|##..#|#.#.#|#..##|#...#|#...#|#...#',
  P: '####.|#...#|#...#|####.|#....|#....|#....',
  R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.',
  V: '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..',
  W: '#...#|#...#|#...#|#.#.#|#.#.#|##.##|#...#',
  X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  Y: '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..',
  '3': '####.|....#|....#|.###.|....#|....#|####.',
  '4': '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.',
  '6': '.###.|#....|#....|####.|#...#|#...#|.###.',
  '7': '#####|....#|...#.|..#..|.#...|.#...|.#...',
  '9': '.###.|#...#|#...#|.####|....#|....#|.###.',
};

const WIDTH = 140;
const HEIGHT = 48;
const CELL = 3;

/** A random answer of 4-5 characters. */
export function randomCaptchaText(): string {
  const length = randomInt(4, 6);
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

type Rgb = [number, number, number];

class Canvas {
  readonly png = new pngjs.PNG({ width: WIDTH, height: HEIGHT });

  fill([r, g, b]: Rgb): void {
    for (let i = 0; i < this.png.data.length; i += 4) {
      this.png.data[i] = r;
      this.png.data[i + 1] = g;
      this.png.data[i + 2] = b;
      this.png.data[i + 3] = 255;
    }
  }

  dot(x: number, y: number, [r, g, b]: Rgb): void {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= WIDTH || yi >= HEIGHT) return;
    const i = (yi * WIDTH + xi) * 4;
    this.png.data[i] = r;
    this.png.data[i + 1] = g;
    this.png.data[i + 2] = b;
  }

  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++)
      this.dot(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, colour);
  }
}

const darkColour = (): Rgb => [randomInt(0, 90), randomInt(0, 90), randomInt(40, 140)];
const midColour = (): Rgb => [randomInt(90, 190), randomInt(90, 190), randomInt(90, 190)];

/** Draws the text with per-character jitter and slant, noise lines and dots; returns the PNG as base64 (no data: prefix). */
export function drawCaptchaPng(text: string): string {
  const canvas = new Canvas();
  canvas.fill([randomInt(225, 256), randomInt(225, 256), randomInt(225, 256)]);

  for (let i = 0; i < 120; i++) canvas.dot(randomInt(WIDTH), randomInt(HEIGHT), midColour());

  const slot = Math.floor((WIDTH - 16) / Math.max(text.length, 1));
  [...text].forEach((char, index) => {
    const rows = (GLYPHS[char] ?? GLYPHS.X ?? '').split('|');
    const colour = darkColour();
    const originX = 8 + index * slot + randomInt(0, Math.max(1, slot - 5 * CELL - 2));
    const originY = randomInt(4, HEIGHT - 7 * CELL - 4);
    const slant = (randomInt(-30, 31) / 100) * CELL;
    rows.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        const baseX = originX + gx * CELL + (6 - gy) * (slant / CELL);
        const baseY = originY + gy * CELL;
        for (let dy = 0; dy < CELL; dy++)
          for (let dx = 0; dx < CELL; dx++) canvas.dot(baseX + dx, baseY + dy, colour);
      });
    });
  });

  for (let i = 0; i < 5; i++) {
    canvas.line(
      randomInt(WIDTH),
      randomInt(HEIGHT),
      randomInt(WIDTH),
      randomInt(HEIGHT),
      i < 2 ? darkColour() : midColour(),
    );
  }
  for (let i = 0; i < 60; i++) canvas.dot(randomInt(WIDTH), randomInt(HEIGHT), darkColour());

  return pngjs.PNG.sync.write(canvas.png).toString('base64');
}
