// Setup file of the server projects (vitest.config.ts). On PostgreSQL, a query sent on a client while another runs on
// it (two statements of one transaction in a Promise.all) is queued by pg 8 with a deprecation warning printed once per
// process ("Calling client.query() when the client is already executing a query"), and pg 9 removes the queue. Every
// such query fails the test that sent it, quoting its statement: the stack ends in Drizzle (a query starts when its
// promise is awaited, from the microtask queue), so the statement is what names the code that sent it. On PGlite (no
// pg client) nothing is watched. The fix is db/in-turn.ts.
import pg from 'pg';
import { afterEach, expect } from 'vitest';

interface WatchedClient {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}
// Vitest runs a setup file again for each test file, as a new module: the list lives on the global object, so the one
// wrapper (installed by the first run) and every run's check share it.
const WATCHED = Symbol.for('kaskita.oneQueryAtATime');
const shared = globalThis as unknown as Record<symbol, string[] | undefined>;
const overlaps: string[] = (shared[WATCHED] ??= []);
const proto = pg.Client.prototype as unknown as Record<symbol, boolean> & {
  query: (this: WatchedClient, ...args: unknown[]) => unknown;
};

// Wrapped once, by whichever run of this file comes first in the worker.
if (!proto[WATCHED]) {
  proto[WATCHED] = true;
  const query = proto.query;
  proto.query = function (this: WatchedClient, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const sent = (args[0] as { text?: string } | string | undefined) ?? '';
      const statement = (typeof sent === 'string' ? sent : (sent.text ?? '')).slice(0, 160);
      overlaps.push(
        `${statement}\n${new Error('a query sent while another runs on the same client').stack ?? ''}`,
      );
    }
    return query.apply(this, args);
  };
}

/** The overlapping queries seen since the last call, taken (the watcher's own test). */
export const takeOverlaps = (): string[] => overlaps.splice(0);

afterEach(() => {
  const found = takeOverlaps();
  expect(found, 'queries sent in parallel on one PostgreSQL client (pg 9 refuses them)').toEqual([]);
});
