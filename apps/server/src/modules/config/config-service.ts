import { appConfigSchema, type AppConfig, type PlatformFigures } from '@kaskita/domain/contract/config';
import type { Db } from '../../db/client.ts';
import { DEFAULT_APP_CONFIG } from '../../db/seed.ts';
import type { ConfigRepository } from './config-repository.ts';

/**
 * App configuration from the app_config table. A key missing there, or holding a value its schema refuses (a
 * figure typed as text, a partial figures object), falls back to its seeded default rather than breaking the call.
 */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly repo: ConfigRepository,
  ) {}

  async appConfig(): Promise<AppConfig> {
    const config: Record<string, unknown> = { ...DEFAULT_APP_CONFIG };
    const shape = appConfigSchema.shape;
    for (const { key, value } of await this.repo.all(this.db)) {
      if (!(key in shape)) continue;
      const parsed = shape[key as keyof typeof shape].safeParse(value);
      if (parsed.success) config[key] = parsed.data;
    }
    return config as AppConfig;
  }

  /** The landing page's figures, counted from the loan book by the daily job (the lenders count stays configured). */
  async setPlatformFigures(figures: Omit<PlatformFigures, 'lenders'>, now: Date): Promise<PlatformFigures> {
    const { lenders } = (await this.appConfig()).platform_figures;
    const value: PlatformFigures = { ...figures, lenders };
    await this.repo.set(this.db, 'platform_figures', value, now);
    return value;
  }
}
