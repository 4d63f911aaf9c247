import { randomInt } from 'node:crypto';
import { loadSharp } from '../../http/load-sharp.ts';
import * as svgCaptcha from 'svg-captcha';

/**
 * Characters nobody confuses on a small phone screen: no 0/O/Q/D-like pairs, 1/I/L, 2/Z, 5/S, 8/B, G/6-like shapes.
 * K and J are left out too: svg-captcha's font draws K much like X once rotated, and J much like I or 1. Upper case only; the answer is checked
 * case-insensitively.
 */
export const CAPTCHA_ALPHABET = 'ACEFHMNPRTUVWXY34679';

/**
 * Pixel size of the PNG. The web dialog shows it at most 56 CSS px high (about 168x56 CSS px), so this is about 1.4x
 * the displayed size on a phone: sharp on 2x-3x screens, small over slow mobile data.
 */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;
/** Room kept between a character's outline points and the image's edge (its stroke, with round joins, takes about 1 px of it). */
const MARGIN = 5;
/** The least height a character is drawn at, so no draw of size, rotation and wave leaves one too small to read. */
const MIN_GLYPH_HEIGHT = 0.4 * CAPTCHA_HEIGHT;

/** A random answer of 4-5 characters. */
export function randomCaptchaText(): string {
  const length = randomInt(4, 6);
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const between = (min: number, max: number): number => min + (randomInt(0, 10_001) / 10_000) * (max - min);
/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((c) =>
    c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** A random colour, channels in [min, max], whose luminance lies in [low, high]. */
function colour(min: number, max: number, low: number, high: number): string {
  for (;;) {
    const rgb = [randomInt(min, max + 1), randomInt(min, max + 1), randomInt(min, max + 1)];
    const l = luminance(rgb);
    if (l >= low && l <= high) return `rgb(${rgb.join(',')})`;
  }
}
/**
 * Glyph and strong-noise colours: any hue, luminance at most 0.06; backgrounds at least 0.72. Chosen by luminance,
 * not lightness, so a dark green is as dark as a dark blue: any glyph colour on any background keeps a contrast of at
 * least (0.72 + 0.05) / (0.06 + 0.05) = 7:1 (WCAG AAA).
 */
const darkColour = (): string => colour(0, 160, 0, 0.06);
const midColour = (): string => colour(40, 230, 0.15, 0.4);
const paleColour = (): string => colour(180, 255, 0.72, 1);
const f = (n: number): string => n.toFixed(1);

/**
 * The outline of one character in svg-captcha's bundled font (Comismsh, a deliberately irregular captcha face, with
 * svg-captcha's own jitter of the outline's points), centred on (CAPTCHA_WIDTH - 2) / 2, CAPTCHA_HEIGHT / 2.
 */
function glyphPath(char: string, fontSize: number): string {
  const { data } = svgCaptcha.create({
    size: 1,
    charPreset: char,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize,
    noise: 0,
  });
  const d = /<path fill="[^"]*" d="([^"]+)"/.exec(data)?.[1];
  if (!d) throw new Error(`svg-captcha drew no outline for ${char}`);
  return d;
}

/** A curve from the left edge to the right edge through two random points, like svg-captcha's noise lines. */
function noiseCurve(stroke: string, width: number): string {
  const y = () => f(between(8, CAPTCHA_HEIGHT - 8));
  return (
    `<path d="M${f(between(0, 20))} ${y()} C${f(between(50, 110))} ${y()},${f(between(130, 190))} ${y()},` +
    `${f(between(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH))} ${y()}" stroke="${stroke}" stroke-width="${f(width)}" ` +
    `fill="none" stroke-linecap="round"/>`
  );
}

type Point = [x: number, y: number];

/** Moves every point of an absolute path (opentype's M, L, Q, C and Z commands, which take only x y pairs). */
function mapPath(d: string, map: (x: number, y: number) => Point): string {
  const out: string[] = [];
  let x: number | undefined;
  for (const token of d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? []) {
    if (/^[A-Za-z]$/.test(token)) out.push(token);
    else if (x === undefined) x = Number(token);
    else {
      const [px, py] = map(x, Number(token));
      out.push(`${f(px)} ${f(py)}`);
      x = undefined;
    }
  }
  return out.join(' ');
}

/** A wave that bends the whole text: every glyph point moves by a sine of its position, differently each time. */
function randomWarp(): (x: number, y: number) => Point {
  const [ax, px, phaseX] = [between(1.5, 3), between(35, 60), between(0, 2 * Math.PI)];
  const [ay, py, phaseY] = [between(3, 6), between(70, 130), between(0, 2 * Math.PI)];
  return (x, y) => [
    x + ax * Math.sin((2 * Math.PI * y) / px + phaseX),
    y + ay * Math.sin((2 * Math.PI * x) / py + phaseY),
  ];
}

/** One captcha's drawing as SVG fragments, in painting order; kept apart so the tests can look at each layer. */
export type CaptchaDrawing = {
  /** A pale base colour under a few pale ellipses of other hues. */
  background: string[];
  /** Thin mid-tone curves under the text. */
  under: string[];
  /** One fragment per character (its gradient and outline), in reading order. */
  glyphs: string[];
  /** Curves in dark, glyph-like colours and in mid tones, and dots, over the text. */
  over: string[];
};

/**
 * Draws the captcha: a pale, uneven background; each character from svg-captcha's font in its own size, rotation,
 * slant, width, offset and two-colour gradient, close to or overlapping its neighbours; the whole text bent by a random
 * wave (computed here on the outlines' points: librsvg's turbulence filter cost about 30 ms a captcha); curves in the
 * glyphs' own dark colours crossing the text, thinner mid-tone curves and dots.
 */
export function drawCaptcha(text: string): CaptchaDrawing {
  const chars = [...text];
  const glyphs: string[] = [];
  const step = (CAPTCHA_WIDTH - 36) / chars.length;
  const warp = randomWarp();
  chars.forEach((char, index) => {
    const fontSize = between(64, 76);
    const centreX = 18 + step * (index + 0.5) + between(-3, 3);
    const centreY = CAPTCHA_HEIGHT / 2 + between(-5, 5);
    const angle = (between(-22, 22) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const slant = Math.tan((between(-12, 12) * Math.PI) / 180);
    const widen = between(0.85, 1.15);
    const place = (x: number, y: number): Point => {
      const v = y - CAPTCHA_HEIGHT / 2;
      const u = (x - (CAPTCHA_WIDTH - 2) / 2) * widen + v * slant;
      return warp(centreX + u * cos - v * sin, centreY + u * sin + v * cos);
    };
    const gradient = `g${index}`;
    const placed = mapPath(glyphPath(char, fontSize), place);
    // Whatever the size, rotation and wave did, the character stays whole, MARGIN px inside the image and at least
    // MIN_GLYPH_HEIGHT tall: scaled about its centre into that range, then moved in.
    const box = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
    mapPath(placed, (x, y) => {
      [box.minX, box.maxX] = [Math.min(box.minX, x), Math.max(box.maxX, x)];
      [box.minY, box.maxY] = [Math.min(box.minY, y), Math.max(box.maxY, y)];
      return [x, y];
    });
    const inkHeight = box.maxY - box.minY;
    const fit = Math.min(
      (CAPTCHA_HEIGHT - 2 * MARGIN) / inkHeight,
      Math.max(1, MIN_GLYPH_HEIGHT / inkHeight),
    );
    const [midX, midY] = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
    const [halfW, halfH] = [((box.maxX - box.minX) / 2) * fit, ((box.maxY - box.minY) / 2) * fit];
    const shiftX =
      Math.max(0, MARGIN - (midX - halfW)) + Math.min(0, CAPTCHA_WIDTH - MARGIN - (midX + halfW));
    const shiftY =
      Math.max(0, MARGIN - (midY - halfH)) + Math.min(0, CAPTCHA_HEIGHT - MARGIN - (midY + halfH));
    glyphs.push(
      `<linearGradient id="${gradient}" x1="0" y1="${f(between(0, 1))}" x2="1" y2="${f(between(0, 1))}">` +
        `<stop offset="0" stop-color="${darkColour()}"/><stop offset="1" stop-color="${darkColour()}"/>` +
        `</linearGradient><path fill="url(#${gradient})" stroke="url(#${gradient})" stroke-linejoin="round" ` +
        `stroke-width="${f(between(1.2, 2.2))}" d="${mapPath(placed, (x, y) => [midX + (x - midX) * fit + shiftX, midY + (y - midY) * fit + shiftY])}"/>`,
    );
  });

  const background: string[] = [`<rect width="100%" height="100%" fill="${paleColour()}"/>`];
  for (let i = 0; i < 7; i++)
    background.push(
      `<ellipse cx="${f(between(0, CAPTCHA_WIDTH))}" cy="${f(between(0, CAPTCHA_HEIGHT))}" ` +
        `rx="${f(between(20, 70))}" ry="${f(between(10, 35))}" fill="${paleColour()}"/>`,
    );

  const under: string[] = [];
  for (let i = 0; i < 3; i++) under.push(noiseCurve(midColour(), between(1, 2)));
  const over: string[] = [];
  for (let i = 0; i < 2; i++) over.push(noiseCurve(darkColour(), between(1.5, 2.2)));
  for (let i = 0; i < 2; i++) over.push(noiseCurve(midColour(), between(1, 1.6)));
  for (let i = 0; i < 40; i++)
    over.push(
      `<circle cx="${f(between(0, CAPTCHA_WIDTH))}" cy="${f(between(0, CAPTCHA_HEIGHT))}" r="${f(between(0.8, 1.8))}" ` +
        `fill="${i % 2 ? darkColour() : midColour()}"/>`,
    );
  return { background, under, glyphs, over };
}

/** The SVG document of a drawing, or of some of its layers (fragments), on a transparent canvas. */
export function captchaSvg(drawing: CaptchaDrawing | string[]): string {
  const body = Array.isArray(drawing)
    ? drawing
    : [...drawing.background, ...drawing.under, ...drawing.glyphs, ...drawing.over];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" ` +
    `viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">${body.join('')}</svg>`
  );
}

/**
 * Rasterises an SVG with sharp (librsvg) on libuv's thread pool, so the event loop is not held while a flood of login
 * attempts asks for captchas, into a palette PNG (no dithering: about 7 kB instead of about 19 kB).
 */
export async function rasterise(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg))
    .png({ palette: true, colours: 64, dither: 0, effort: 1, compressionLevel: 9 })
    .toBuffer();
}

/** Draws the text (see drawCaptcha) and returns the PNG as base64 (no data: prefix). */
export async function drawCaptchaPng(text: string): Promise<string> {
  return (await rasterise(captchaSvg(drawCaptcha(text)))).toString('base64');
}
