// Lighthouse bench: the mobile scores (performance, accessibility, best practices), LCP, CLS and bytes on the wire of
// the first pages, the pay-later pages and four signed-in pages (signed-in-pages.ts: bills, pay-back, the borrowing
// form and plan), served by the real server from the production build, against a baseline measured in the same run:
// the same pages through a proxy that strips Accept-Encoding, so every file arrives uncompressed (the app before the
// build precompressed its assets); and through a TLS front speaking HTTP/2 as production's Caddy does (tls-front.ts),
// against the server's own HTTP/1.1. Builds the web app first unless LIGHTHOUSE_BENCH_REUSE=1, and the server always
// (the journeys' compiled server).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIGHTHOUSE_PAGES,
  auditPagesMedian,
  checkoutPages,
  formatScores,
} from '../apps/web/e2e/support/lighthouse.ts';
import { runServer } from '../apps/web/e2e/support/server.ts';
import { signedInPages } from '../apps/web/e2e/support/signed-in-pages.ts';
import { forwarder, startTlsFront } from '../apps/web/e2e/support/tls-front.ts';
import { buildServer } from '../tooling/build-server.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

function build(): void {
  const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** A pass-through proxy to target that drops the request's Accept-Encoding: the server answers identity. */
async function identityProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const to = new URL(target);
  const forward = forwarder(target, ({ 'accept-encoding': _dropped, ...headers }) => ({
    ...headers,
    host: to.host,
  }));
  const server = createServer(forward.handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((ok) => server.close(ok));
      forward.close();
    },
  };
}

/** The journeys' server on a data dir of its own (their data template is made by their vitest setup, not here). */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-lighthouse-'));
  // The signed-in pages' borrowers are decided and paid out at once (signed-in-pages.ts).
  const server = await runServer(dataDir, {
    CREDIT_DECISION_DELAY_SECONDS: '0',
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: '0',
  });
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function run(): Promise<void> {
  if (process.env.LIGHTHOUSE_BENCH_REUSE === '1' && existsSync(join(repo, 'apps/web/dist/index.html')))
    console.log('reusing apps/web/dist');
  else build();
  await buildServer();
  const app = await startServer();
  const proxy = await identityProxy(app.baseUrl);
  const front = await startTlsFront(app.baseUrl);
  try {
    console.log(`median of ${RUNS} Lighthouse runs per page (mobile, simulated slow 4G)`);
    // The first pages, then a demo shop's checkout and the download page (all gated by lighthouse.e2e.ts), then the
    // signed-in pages of issue 23 (gated at floors).
    const signedIn = await signedInPages(app.baseUrl);
    const tokens = new Map(signedIn.map((p) => [p.path, p.token]));
    const pages = [...LIGHTHOUSE_PAGES, ...(await checkoutPages(app.baseUrl)), ...tokens.keys()];
    const baseline = await auditPagesMedian(proxy.url, pages, RUNS, undefined, undefined, tokens);
    const served = await auditPagesMedian(app.baseUrl, pages, RUNS, undefined, undefined, tokens);
    const fronted = await auditPagesMedian(front.url, pages, RUNS, undefined, undefined, tokens);
    for (let i = 0; i < pages.length; i++) {
      const b = baseline[i]!;
      const s = served[i]!;
      const f = fronted[i]!;
      console.log(`baseline (uncompressed) ${formatScores(b)}`);
      console.log(`served (precompressed)  ${formatScores(s)}`);
      console.log(`through the TLS front   ${formatScores(f)}`);
      console.log(
        `${s.path.padEnd(16)} ratios to baseline: performance ${(s.performance / b.performance).toFixed(2)}x  ` +
          `LCP ${(s.lcpMs / b.lcpMs).toFixed(2)}x  bytes on the wire ${(s.transferBytes / b.transferBytes).toFixed(2)}x`,
      );
      console.log(
        `${s.path.padEnd(16)} HTTP/2 front to HTTP/1.1: performance ${(f.performance / s.performance).toFixed(2)}x  ` +
          `LCP ${(f.lcpMs / s.lcpMs).toFixed(2)}x`,
      );
    }
  } finally {
    await front.close();
    await proxy.close();
    await app.stop();
  }
}
