import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Exposes the database and closes it with the app when the app opened it (an injected one belongs to the caller). */
export function registerDatabase(app: FastifyInstance, database: Database, owned: boolean): void {
  app.decorate('db', database.db);
  if (owned) app.addHook('onClose', async () => database.close());
}
