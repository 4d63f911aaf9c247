// The borrower's built JavaScript holds nothing of the back office: not antd (the desktop kit), not its pages. Runs
// after `npm run build:web` and `npm run build:admin` (npm run test:e2e builds both), on the files a browser gets.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Every JavaScript file of a build, by name, with its text. */
function builtScripts(app: 'web' | 'admin'): [string, string][] {
  const dir = join(root, 'apps', app, 'dist');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => [name, readFileSync(join(dir, name), 'utf8')]);
}

/**
 * Strings only antd or the back office put in a bundle: antd's icon class and its CSS-in-JS attribute (antd-mobile has
 * neither), and the back office's own title.
 */
const ADMIN_MARKERS = ['anticon', 'data-css-hash', 'KasKita back office'];

describe('the borrower bundle and the back office are built apart', () => {
  it('the markers are found in the back office build (so their absence below means something)', () => {
    const admin = builtScripts('admin')
      .map(([, text]) => text)
      .join('\n');
    for (const marker of ADMIN_MARKERS) expect(admin, marker).toContain(marker);
  });

  it('no file of the borrower build holds any of them', () => {
    const web = builtScripts('web');
    expect(web.length).toBeGreaterThan(0);
    const found = web.flatMap(([name, text]) =>
      ADMIN_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`),
    );
    expect(found).toEqual([]);
  });
});
