// Lighthouse (npm `lighthouse`) against Debian's Chromium, mobile form factor with its default simulated throttling
// (slow 4G, 4x CPU slowdown): used by lighthouse.e2e.ts (thresholds) and bench/lighthouse-bench.ts (scores).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The first pages a borrower sees: the public landing page, the sign-in page and the unaudited home page. */
export const LIGHTHOUSE_PAGES = ['/landing-page', '/login/main', '/home/unaudited'] as const;

export interface PageScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Bytes on the wire for everything the page loaded (Lighthouse's total-byte-weight). */
  transferBytes: number;
  /** The ids of the failed accessibility and best-practice audits, for a readable failure. */
  failed: string[];
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Audits each path of baseUrl in one Chromium, one page load per path (Lighthouse clears the cache first), and returns
 * the scores. Runs are sequential: Lighthouse drives one tab at a time.
 */
export async function auditPages(
  baseUrl: string,
  paths: readonly string[] = LIGHTHOUSE_PAGES,
): Promise<PageScores[]> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'kaskita-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'error',
  });
  try {
    const results: PageScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(
        baseUrl + path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        // Lighthouse's default config: mobile form factor and simulated throttling.
        undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits, runtimeError } = result.lhr;
      const score = (id: string) => categories[id]?.score ?? NaN;
      const failed = ['accessibility', 'best-practices'].flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      );
      if (runtimeError) failed.push(`runtime error ${runtimeError.code}`);
      results.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        transferBytes: audits['total-byte-weight']?.numericValue ?? NaN,
        failed,
      });
    }
    return results;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The median of the runs that measured the figure (a run Lighthouse could not finish gives NaN, left out). */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Lighthouse's simulated runs vary by a few hundredths from one run to the next: each path is audited `runs` times
 * (an odd number) and each figure is the median, as Lighthouse's own docs advise for pass/fail decisions.
 */
export async function auditPagesMedian(
  baseUrl: string,
  paths: readonly string[] = LIGHTHOUSE_PAGES,
  runs = 3,
): Promise<PageScores[]> {
  const all: PageScores[][] = [];
  for (let i = 0; i < runs; i++) all.push(await auditPages(baseUrl, paths));
  return paths.map((path, p) => {
    const of = (key: keyof Omit<PageScores, 'path' | 'failed'>) => median(all.map((run) => run[p]![key]));
    return {
      path,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      lcpMs: of('lcpMs'),
      cls: of('cls'),
      tbtMs: of('tbtMs'),
      transferBytes: of('transferBytes'),
      failed: [...new Set(all.flatMap((run) => run[p]!.failed))],
    };
  });
}

export function formatScores(s: PageScores): string {
  return (
    `${s.path.padEnd(16)} perf ${s.performance.toFixed(2)}  a11y ${s.accessibility.toFixed(2)}  ` +
    `best ${s.bestPractices.toFixed(2)}  LCP ${(s.lcpMs / 1000).toFixed(2)} s  CLS ${s.cls.toFixed(3)}  ` +
    `TBT ${Math.round(s.tbtMs)} ms  ${(s.transferBytes / 1024).toFixed(1)} KiB on the wire` +
    (s.failed.length ? `  failed: ${s.failed.join(', ')}` : '')
  );
}
