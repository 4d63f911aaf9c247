import type { z } from 'zod';
import { appConfigSchema, type AppConfig, type PlatformFigures } from '@kaskita/domain/contract/config';
import type { Db } from '../../db/client.ts';
import { DEFAULT_APP_CONFIG } from '../../db/seed.ts';
import type { ConfigRepository } from './config-repository.ts';

/** Before the first computation: the landing page shows no number. */
const NO_FIGURES: PlatformFigures = {
  funds_disbursed: null,
  lenders: null,
  borrowers: null,
  tkb90_percent: null,
  as_of: null,
};

/**
 * App configuration from the app_config table. A key missing there, or holding a value its schema refuses (a
 * figure typed as text, a partial figures object), falls back to its seeded default rather than breaking the call.
 */
export class ConfigService {
  private figures: () => Promise<PlatformFigures> = async () => NO_FIGURES;

  constructor(
    private readonly db: Db,
    private readonly repo: ConfigRepository,
  ) {}

  async appConfig(): Promise<AppConfig> {
    const config: Record<string, unknown> = { ...DEFAULT_APP_CONFIG, platform_figures: await this.figures() };
    const shape = appConfigSchema.shape;
    for (const { key, value } of await this.repo.all(this.db)) {
      // Computed, never configured: a row left by an earlier version (seeded figures) is not read.
      if (!(key in shape) || key === 'platform_figures') continue;
      const parsed = shape[key as keyof typeof shape].safeParse(value);
      if (parsed.success) config[key] = parsed.data;
    }
    return config as AppConfig;
  }

  /**
   * One configured value outside the H5 config call (the help page's questions and answers): the row's value when
   * `schema` takes it, else undefined, so a mistyped row falls back to its caller's default rather than breaking it.
   */
  async setting<T>(key: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const row = await this.repo.one(this.db, key);
    if (!row) return undefined;
    const parsed = schema.safeParse(row.value);
    return parsed.success ? parsed.data : undefined;
  }

  /** Where the landing page's figures come from: the newest computation over the loan book (reporting module). */
  publishFiguresFrom(source: () => Promise<PlatformFigures>): void {
    this.figures = source;
  }
}
