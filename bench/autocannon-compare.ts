// How the API benches load a route and its baseline: the same autocannon settings, warm-up and printout for both.
import autocannon from 'autocannon';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 6;

export const LOAD_DESCRIPTION =
  `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION_SECONDS} s per route, ` +
  'loopback, servers in a child process';

export interface Route {
  /** As printed, padded to 40 characters. */
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** A request sequence each connection repeats (autocannon's `requests`), e.g. order then cancel. */
  requests?: autocannon.Request[];
  /** 10 unless the route only makes sense one request at a time (one borrower's order and cancel). */
  connections?: number;
  /**
   * A number of requests instead of a duration (warm-up, measured), for a sequence that must end whole: an order
   * left without its cancel would refuse the next order.
   */
  amounts?: { warmup: number; measured: number };
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** Server CPU (user + system) per request in ms, when the server answers its process.cpuUsage() at `cpuUrl`. */
  cpuMs?: number;
}

/** The server process's CPU time so far (user + system, µs), as its bench-only route answers it. */
async function serverCpu(cpuUrl: string): Promise<number> {
  const { user, system } = (await (await fetch(cpuUrl)).json()) as { user: number; system: number };
  return user + system;
}

async function measure(
  { url, headers = {}, requests, connections = CONNECTIONS, amounts }: Route,
  seconds: number,
  cpuUrl?: string,
): Promise<Figures> {
  const amount = amounts ? (seconds === WARMUP_SECONDS ? amounts.warmup : amounts.measured) : undefined;
  const cpuBefore = cpuUrl ? await serverCpu(cpuUrl) : 0;
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    headers,
    ...(requests ? { requests } : {}),
  });
  const cpuAfter = cpuUrl ? await serverCpu(cpuUrl) : 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
    ...(cpuUrl ? { cpuMs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, result.requests.total) } : {}),
  };
}

const CPU_ROUNDS = 3;

/** Rounds of one route as one: requests/s and CPU per request over them all, the worst p99. */
function combined(rounds: Figures[]): Figures {
  const requests = rounds.reduce((n, f) => n + f.requests, 0);
  const cpu = rounds.reduce((ms, f) => ms + (f.cpuMs ?? 0) * f.requests, 0);
  return {
    rps: rounds.reduce((n, f) => n + f.rps, 0) / rounds.length,
    p99: Math.max(...rounds.map((f) => f.p99)),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
    non2xx: rounds.reduce((n, f) => n + f.non2xx, 0),
    requests,
    cpuMs: cpu / Math.max(1, requests),
  };
}

function print(name: string, f: Figures): void {
  const extra = f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : '';
  const cpu = f.cpuMs === undefined ? '' : `   cpu ${f.cpuMs.toFixed(3).padStart(6)} ms/req`;
  console.log(
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${cpu}${extra}`,
  );
}

/**
 * Warms both routes up, then measures one after the other (never at once: they share the child's CPU) and prints
 * requests/s, p99 and `ratio <ratioName>`: subject over baseline. With `cpuUrl` (a bench-only route of the child
 * answering its process.cpuUsage()), the two are measured in three turns each, and the child's CPU per request of each
 * and their ratio are printed too: requests/s on 2 shared cores moves with whatever else runs, CPU per request less.
 * Errors or non-2xx answers fail the bench.
 */
export async function compareRoutes(
  label: string,
  subject: Route,
  baseline: Route,
  ratioName: string,
  { cpuUrl }: { cpuUrl?: string } = {},
): Promise<void> {
  await measure(subject, WARMUP_SECONDS);
  await measure(baseline, WARMUP_SECONDS);
  let real: Figures;
  let base: Figures;
  if (cpuUrl) {
    if (subject.amounts || baseline.amounts)
      throw new Error(`${label}: CPU per request is measured over durations`);
    // In turns (subject, baseline, subject ...) of DURATION_SECONDS / CPU_ROUNDS each: whatever else loads the shared
    // cores then weighs on both alike, which one window each does not ensure.
    const rounds: Array<[Figures, Figures]> = [];
    for (let i = 0; i < CPU_ROUNDS; i++)
      rounds.push([
        await measure(subject, DURATION_SECONDS / CPU_ROUNDS, cpuUrl),
        await measure(baseline, DURATION_SECONDS / CPU_ROUNDS, cpuUrl),
      ]);
    real = combined(rounds.map((r) => r[0]));
    base = combined(rounds.map((r) => r[1]));
  } else {
    real = await measure(subject, DURATION_SECONDS);
    base = await measure(baseline, DURATION_SECONDS);
  }
  console.log(`${label}:`);
  print(subject.name, real);
  print(baseline.name, base);
  const cpuRatio =
    real.cpuMs !== undefined && base.cpuMs
      ? `, ${(real.cpuMs / base.cpuMs).toFixed(2)}x its CPU per request`
      : '';
  console.log(`  ratio ${ratioName}: ${(real.rps / base.rps).toFixed(3)} (requests/s)${cpuRatio}`);
  if (real.errors || real.non2xx || base.errors || base.non2xx)
    throw new Error(`${label}: errors or non-2xx answers during the bench`);
}
