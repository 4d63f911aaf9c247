// A naive captcha solver, written the way the attacker's script of the issue works: decode the PNG, group the pixels
// by colour, take each colour group (cleaned of specks, split where its pixels are far apart) as one glyph, order the
// glyphs by x and match each against templates. The templates are learned from labelled captchas of the same
// renderer, as an attacker would from solved samples. Only for captcha-solver.test.ts.
import pngjs from 'pngjs';

/** Maps a pixel's colour to its group. */
export type ColourKey = (r: number, g: number, b: number) => number;
/** Pixels of exactly one colour form a group. */
export const exactColour: ColourKey = (r, g, b) => (r << 16) | (g << 8) | b;
/** Near colours form a group: 8 levels a channel. */
export const nearColour: ColourKey = (r, g, b) => ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);

/** Renders a labelled captcha: base64 PNG. */
export type Renderer = (text: string) => string | Promise<string>;

const GRID_W = 10;
const GRID_H = 14;

type Blob = { minX: number; maxX: number; minY: number; maxY: number; pixels: number[] };

function blobOf(pixels: number[], width: number): Blob {
  const blob: Blob = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, pixels };
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    blob.minX = Math.min(blob.minX, x);
    blob.maxX = Math.max(blob.maxX, x);
    blob.minY = Math.min(blob.minY, y);
    blob.maxY = Math.max(blob.maxY, y);
  }
  return blob;
}

/** 8-connected components of one colour group. */
function components(pixels: number[], width: number, height: number): number[][] {
  const inGroup = new Set(pixels);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of pixels) {
    if (seen.has(start)) continue;
    const component: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const p = stack.pop() as number;
      component.push(p);
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (inGroup.has(q) && !seen.has(q)) {
            seen.add(q);
            stack.push(q);
          }
        }
    }
    out.push(component);
  }
  return out;
}

/** The glyphs found in a captcha, in reading order, each as a GRID_W x GRID_H coverage vector. */
export function segment(pngBase64: string, key: ColourKey): Float64Array[] {
  const png = pngjs.PNG.sync.read(Buffer.from(pngBase64, 'base64'));
  const { width, height, data } = png;
  const groups = new Map<number, number[]>();
  for (let p = 0; p < width * height; p++) {
    const k = key(data[4 * p] ?? 0, data[4 * p + 1] ?? 0, data[4 * p + 2] ?? 0);
    const group = groups.get(k);
    if (group) group.push(p);
    else groups.set(k, [p]);
  }
  // The most common colour is the background.
  let background = -1;
  let most = 0;
  for (const [k, pixels] of groups) if (pixels.length > most) [background, most] = [k, pixels.length];

  const minPixels = 0.03 * height * height;
  const candidates: Blob[] = [];
  for (const [k, pixels] of groups) {
    if (k === background || pixels.length < minPixels) continue;
    // Drop specks, then merge what lies side by side (a glyph cut by a line stays one glyph).
    const parts = components(pixels, width, height)
      .filter((c) => c.length >= 6)
      .map((c) => blobOf(c, width))
      .sort((a, b) => a.minX - b.minX);
    const merged: Blob[] = [];
    for (const part of parts) {
      const last = merged.at(-1);
      if (last && part.minX <= last.maxX + 2) {
        last.pixels = last.pixels.concat(part.pixels);
        Object.assign(last, blobOf(last.pixels, width));
      } else merged.push({ ...part });
    }
    for (const blob of merged) {
      const w = blob.maxX - blob.minX + 1;
      const h = blob.maxY - blob.minY + 1;
      const fill = blob.pixels.length / (w * h);
      if (
        blob.pixels.length >= minPixels &&
        h >= 0.3 * height &&
        w >= 0.2 * height &&
        w <= 0.3 * width &&
        fill >= 0.2
      )
        candidates.push(blob);
    }
  }
  return candidates
    .sort((a, b) => b.pixels.length - a.pixels.length)
    .slice(0, 5)
    .sort((a, b) => a.minX - b.minX)
    .map((blob) => features(blob, width));
}

function features(blob: Blob, width: number): Float64Array {
  const out = new Float64Array(GRID_W * GRID_H);
  const w = blob.maxX - blob.minX + 1;
  const h = blob.maxY - blob.minY + 1;
  for (const p of blob.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    const gx = Math.min(GRID_W - 1, Math.floor(((x - blob.minX) * GRID_W) / w));
    const gy = Math.min(GRID_H - 1, Math.floor(((y - blob.minY) * GRID_H) / h));
    out[gy * GRID_W + gx] = (out[gy * GRID_W + gx] ?? 0) + (GRID_W * GRID_H) / (w * h);
  }
  return out;
}

const distance = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return sum;
};

export type Solver = { solve: (pngBase64: string) => string; templates: number; trainedOn: number };

/** Learns one mean template per character from labelled captchas whose segmentation found one glyph per character. */
export async function trainSolver(
  render: Renderer,
  randomText: () => string,
  key: ColourKey,
  samples: number,
): Promise<Solver> {
  const sums = new Map<string, { sum: Float64Array; count: number }>();
  let trainedOn = 0;
  for (let i = 0; i < samples; i++) {
    const text = randomText();
    const glyphs = segment(await render(text), key);
    if (glyphs.length !== text.length) continue;
    trainedOn++;
    glyphs.forEach((glyph, index) => {
      const char = text[index] as string;
      const entry = sums.get(char) ?? { sum: new Float64Array(GRID_W * GRID_H), count: 0 };
      glyph.forEach((v, j) => (entry.sum[j] = (entry.sum[j] ?? 0) + v));
      entry.count++;
      sums.set(char, entry);
    });
  }
  const templates = [...sums].map(([char, { sum, count }]) => ({ char, mean: sum.map((v) => v / count) }));
  return {
    templates: templates.length,
    trainedOn,
    solve: (pngBase64) => {
      const glyphs = segment(pngBase64, key);
      if (glyphs.length < 4 || templates.length === 0) return '';
      return glyphs
        .map((glyph) => {
          let best = templates[0] as (typeof templates)[number];
          for (const t of templates) if (distance(glyph, t.mean) < distance(glyph, best.mean)) best = t;
          return best.char;
        })
        .join('');
    },
  };
}

/** How many of `count` fresh captchas the solver reads right. */
export async function successes(
  solver: Solver,
  render: Renderer,
  randomText: () => string,
  count: number,
): Promise<number> {
  let right = 0;
  for (let i = 0; i < count; i++) {
    const text = randomText();
    if (solver.solve(await render(text)) === text) right++;
  }
  return right;
}
