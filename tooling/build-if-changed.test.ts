import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceFingerprint } from './build-if-changed.ts';

const root = mkdtempSync(join(tmpdir(), 'kaskita-fingerprint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe("npm start's build fingerprint", () => {
  write('package-lock.json', '{}');
  write('packages/domain/src/money.ts', 'export const a = 1;');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/dist/index.html', 'built');
  write('apps/web/e2e/journey.e2e.ts', 'journey');
  const web = () => sourceFingerprint(root, ['apps/web']);

  it('is the same while nothing changes, and ignores the build output and the journeys', () => {
    const before = web();
    write('apps/web/dist/index.html', 'built again');
    write('apps/web/e2e/journey.e2e.ts', 'another journey');
    expect(web()).toBe(before);
  });

  it("changes with the app's sources, the domain package, the lock file and a VITE_ setting", () => {
    let last = web();
    const changed = () => {
      const now = web();
      const moved = now !== last;
      last = now;
      return moved;
    };
    write('apps/web/src/main.tsx', 'render(2)');
    expect(changed()).toBe(true);
    write('packages/domain/src/money.ts', 'export const a = 2;');
    expect(changed()).toBe(true);
    write('package-lock.json', '{"v":2}');
    expect(changed()).toBe(true);
    write('apps/web/src/new-file.ts', '');
    expect(changed()).toBe(true);
    process.env.VITE_APP_VERSION = 'fingerprint-test';
    try {
      expect(changed()).toBe(true);
    } finally {
      delete process.env.VITE_APP_VERSION;
    }
  });
});
