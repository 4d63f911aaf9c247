// Setup file of the server projects (vitest.config.ts). On PostgreSQL, a query sent on a client while another runs on
// it (two statements of one transaction in a Promise.all) is queued by pg 8 with a deprecation warning printed once per
// process ("Calling client.query() when the client is already executing a query"), and pg 9 removes the queue. Every
// such query fails the test that sent it, with where it was sent from. On PGlite (no pg client) nothing is watched.
import pg from 'pg';
import { afterEach, expect } from 'vitest';

interface WatchedClient {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}
const WATCHED = Symbol.for('kaskita.oneQueryAtATime');
const overlaps: string[] = [];
const proto = pg.Client.prototype as unknown as Record<symbol, boolean> & {
  query: (this: WatchedClient, ...args: unknown[]) => unknown;
};

// Files of a worker share this module graph (isolate: false): the method is wrapped once.
if (!proto[WATCHED]) {
  proto[WATCHED] = true;
  const query = proto.query;
  proto.query = function (this: WatchedClient, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      overlaps.push(new Error('a query sent while another runs on the same client').stack ?? '');
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
