type Step = () => Promise<unknown> | unknown;

/**
 * Runs the steps one after another and answers their results in order, as Promise.all would. For reads that may run
 * on a transaction: its one connection takes one statement at a time (pg 8 queues the rest with a deprecation
 * warning, pg 9 refuses them), and PGlite runs one query at a time anyway, so Promise.all there saved nothing.
 */
export async function inTurn<const T extends readonly Step[]>(
  ...steps: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
