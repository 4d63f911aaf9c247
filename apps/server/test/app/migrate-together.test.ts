import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

// Instances started together on a fresh database (a compose file's two apps) migrate it at the same moment.
const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)(
  'instances migrating one fresh database at once (PostgreSQL only: one embedded PGlite has no second process)',
  () => {
    it('applies every migration once, whichever instance gets there first', { timeout: 60_000 }, async () => {
      const name = `kaskita_m_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
      );
      try {
        const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
        const { rows } = await instances[0]!.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
        );
        const [applied] = rows as Array<{ n: number; distinct_hashes: number }>;
        expect(applied!.n).toBeGreaterThan(30);
        expect(applied!.distinct_hashes).toBe(applied!.n);
      } finally {
        for (const instance of instances) await instance.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  },
);
