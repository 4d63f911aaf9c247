import type { Db } from '../../db/client.ts';
import { ConfigRepository } from './config-repository.ts';
import { ConfigService } from './config-service.ts';

export interface ConfigModule {
  service: ConfigService;
}

export function createConfigModule({ db }: { db: Db }): ConfigModule {
  return { service: new ConfigService(db, new ConfigRepository()) };
}
