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
}

async function measure(
  { url, headers = {}, requests, connections = CONNECTIONS, amounts }: Route,
  seconds: number,
): Promise<Figures> {
  const amount = amounts ? (seconds === WARMUP_SECONDS ? amounts.warmup : amounts.measured) : undefined;
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    headers,
    ...(requests ? { requests } : {}),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function print(name: string, f: Figures): void {
  const extra = f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : '';
  console.log(
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${extra}`,
  );
}

/**
 * Warms both routes up, then measures one after the other (never at once: they share the child's CPU) and prints
 * requests/s, p99 and `ratio <ratioName>`: subject over baseline. Errors or non-2xx answers fail the bench.
 */
export async function compareRoutes(
  label: string,
  subject: Route,
  baseline: Route,
  ratioName: string,
): Promise<void> {
  await measure(subject, WARMUP_SECONDS);
  await measure(baseline, WARMUP_SECONDS);
  const real = await measure(subject, DURATION_SECONDS);
  const base = await measure(baseline, DURATION_SECONDS);
  console.log(`${label}:`);
  print(subject.name, real);
  print(baseline.name, base);
  console.log(`  ratio ${ratioName}: ${(real.rps / base.rps).toFixed(3)} (requests/s)`);
  if (real.errors || real.non2xx || base.errors || base.non2xx)
    throw new Error(`${label}: errors or non-2xx answers during the bench`);
}
