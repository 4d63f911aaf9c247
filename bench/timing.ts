// Shared by the benches that time one operation many times: percentiles and the printed line.

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Prints the median and p90 of `samples` (ms) under `name`, and answers them. */
export function summary(name: string, samples: number[]): { median: number; p90: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const p90 = percentile(sorted, 90);
  const digits = median < 10 ? 3 : 0;
  console.log(
    `${name.padEnd(44)} median ${median.toFixed(digits).padStart(7)} ms   p90 ${p90.toFixed(digits).padStart(7)} ms   (n=${samples.length})`,
  );
  return { median, p90 };
}

/** Runs `task` `runs` times after `warmup` unmeasured runs; answers each run's time in ms. */
export async function timeRuns(task: () => unknown, runs: number, warmup = 1): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return samples;
}
