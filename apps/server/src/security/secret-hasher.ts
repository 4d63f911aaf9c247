import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 with the server secret, for values we must recognise but never store in clear:
 * access and refresh tokens, SMS codes, captcha answers. Without the secret a leaked table is useless.
 */
export class SecretHasher {
  constructor(private readonly secret: string) {}

  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(purpose).update('\0').update(value).digest('base64url');
  }

  matches(purpose: string, value: string, storedHash: string): boolean {
    const a = Buffer.from(this.hash(purpose, value));
    const b = Buffer.from(storedHash);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** An opaque bearer token: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
