import type { AppConfig } from '@kaskita/domain/contract/config';
import type { Db } from '../../db/client.ts';
import { DEFAULT_APP_CONFIG } from '../../db/seed.ts';
import type { ConfigRepository } from './config-repository.ts';

/** App configuration from the app_config table; a key missing there falls back to its seeded default. */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly repo: ConfigRepository,
  ) {}

  async appConfig(): Promise<AppConfig> {
    const config: Record<string, unknown> = { ...DEFAULT_APP_CONFIG };
    for (const { key, value } of await this.repo.all(this.db)) {
      if (key in config && typeof value === 'string') config[key] = value;
    }
    return config as AppConfig;
  }
}
