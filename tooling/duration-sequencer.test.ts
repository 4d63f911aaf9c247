import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationKey, longestFirst, readDurations } from './duration-sequencer.ts';

const ROOT = resolve(import.meta.dirname, '..');

describe('the test files’ order', () => {
  it('puts the longest recorded files first, and files never recorded before them all', () => {
    const recorded = { 'e2e:a.ts': 10, 'e2e:b.ts': 120, 'e2e:c.ts': 45, 'e2e:d.ts': 45 };
    const order = longestFirst(['a.ts', 'c.ts', 'new.ts', 'b.ts', 'd.ts'], (f) => `e2e:${f}`, recorded);
    expect(order).toEqual(['new.ts', 'b.ts', 'c.ts', 'd.ts', 'a.ts']);
  });

  it('keys a file as Vitest’s results cache does', () => {
    expect(durationKey('e2e', ROOT, join(ROOT, 'apps/web/e2e/landing.e2e.ts'))).toBe(
      'e2e:apps/web/e2e/landing.e2e.ts',
    );
  });

  it('records the journeys, and only files that exist', () => {
    const durations = readDurations();
    expect(Object.keys(durations).filter((key) => key.startsWith('e2e:')).length).toBeGreaterThan(10);
    for (const key of Object.keys(durations))
      expect(existsSync(join(ROOT, key.slice(key.indexOf(':') + 1))), key).toBe(true);
  });
});
