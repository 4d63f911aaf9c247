import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

// Node's default maxmem (32 MiB) is exactly what N=2^15, r=8 needs, which it rejects; allow twice the need.
const maxmem = ({ N, r }: ScryptParams) => 256 * N * r;

/**
 * scrypt password hashes in a self-describing format, `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised
 * later and old hashes still verify.
 */
export class PasswordHasher {
  /** A hash of a random password, verified against when the phone is unknown so both paths take the same time. */
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: ScryptParams) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const { N, r, p } = this.params;
    const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(this.params) });
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(parts[5] ?? '', 'base64url');
    if (!N || !r || !p || expected.length === 0) return false;
    const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: maxmem({ N, r, p }) });
    return timingSafeEqual(key, expected);
  }

  /** Spends the time of one verification without any stored hash (no user enumeration by timing). */
  async verifyDummy(password: string): Promise<void> {
    this.dummyHash ??= this.hash(randomBytes(12).toString('base64url'));
    await this.verify(password, await this.dummyHash);
  }
}
