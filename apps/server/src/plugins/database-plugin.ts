import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** Closes the database with the app when the app opened it (an injected one belongs to the caller). */
export function registerDatabase(app: FastifyInstance, database: Database, owned: boolean): void {
  if (owned) app.addHook('onClose', async () => database.close());
}
