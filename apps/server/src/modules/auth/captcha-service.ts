import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SecretHasher } from '../../security/secret-hasher.ts';
import type { CaptchaRepository } from './captcha-repository.ts';
import { drawCaptchaPng, randomCaptchaText } from './captcha-image.ts';

export const CAPTCHA_TTL_SECONDS = 300;
const HASH_PURPOSE = 'captcha';

/** Image captchas asked for when a phone or IP requests many SMS codes. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly repo: CaptchaRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    /** Outside production the answer is kept so browser tests can solve it through /api/dev/captcha/:id. */
    private readonly keepDevAnswer: boolean,
  ) {}

  async create(): Promise<{ id: string; png: string }> {
    const text = randomCaptchaText();
    const png = await drawCaptchaPng(text);
    const now = this.clock.now();
    const id = randomUUID();
    await this.repo.insert(this.db, {
      id,
      answerHash: this.hasher.hash(HASH_PURPOSE, text),
      devAnswer: this.keepDevAnswer ? text : null,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return { id, png };
  }

  /** True when the answer is right. Any attempt burns the captcha, right or wrong, so it cannot be guessed twice. */
  async check(id: string, answer: string, db: DbOrTx = this.db): Promise<boolean> {
    const answerHash = await this.repo.burn(db, id, this.clock.now());
    if (!answerHash) return false;
    return this.hasher.matches(HASH_PURPOSE, answer.trim().toUpperCase(), answerHash);
  }

  async devAnswer(id: string): Promise<string | null> {
    return (await this.repo.devAnswer(this.db, id)) ?? null;
  }
}
