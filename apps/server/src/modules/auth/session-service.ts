import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@kaskita/domain/contract/auth';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { newOpaqueToken, type SecretHasher } from '../../security/secret-hasher.ts';
import type { AuthSession } from '../../plugins/auth-plugin.ts';
import type { SessionRepository, SessionRow } from './session-repository.ts';

export interface SessionTtl {
  accessSeconds: number;
  refreshSeconds: number;
  /** How long a rotated refresh token, presented again by the client that rotated it, answers the same new pair. */
  reuseGraceSeconds: number;
}

/** Who presents a refresh token: its address and browser, compared as an HMAC, never stored in clear. */
export interface RefreshClient {
  ip: string;
  userAgent: string;
}

const ACCESS = 'access-token';
const REFRESH = 'refresh-token';
const CLIENT = 'refresh-client';
// The pair a refresh token rotates into is derived from it with the server secret, so presenting it again within
// the grace answers the very same pair without keeping any token in clear (and without the secret nobody can
// derive it from a leaked old token).
const SUCCESSOR_ACCESS = 'successor-access-token';
const SUCCESSOR_REFRESH = 'successor-refresh-token';

/**
 * Opaque tokens stored only as HMACs. A refresh rotates the pair inside one family; an old access token stays valid
 * until its own expiry (requests in flight during a refresh must not log the borrower out), unless the family is revoked.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly repo: SessionRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly ttl: SessionTtl,
  ) {
    this.findByAccessHash = repo.prepareFindByAccessHash(db);
  }

  // Every signed-in request runs this lookup: a prepared statement skips parsing and planning it each time.
  private readonly findByAccessHash: (accessHash: string) => Promise<SessionRow | undefined>;

  /** A new token pair for a user, in a new family unless one is given (rotation) with its tokens. */
  async issue(
    db: DbOrTx,
    userId: string,
    familyId: string = randomUUID(),
    tokens: { token: string; refreshToken: string } = {
      token: newOpaqueToken(),
      refreshToken: newOpaqueToken(),
    },
  ): Promise<TokenPair> {
    const now = this.clock.now().getTime();
    const { token, refreshToken } = tokens;
    await this.repo.insert(db, {
      id: randomUUID(),
      userId,
      familyId,
      accessHash: this.hasher.hash(ACCESS, token),
      refreshHash: this.hasher.hash(REFRESH, refreshToken),
      accessExpiresAt: new Date(now + this.ttl.accessSeconds * 1000),
      refreshExpiresAt: new Date(now + this.ttl.refreshSeconds * 1000),
      createdAt: new Date(now),
    });
    return { token, refresh_token: refreshToken, expires_in: this.ttl.accessSeconds };
  }

  async resolve(accessToken: string): Promise<AuthSession | null> {
    if (accessToken.length > 128) return null;
    const row = await this.findByAccessHash(this.hasher.hash(ACCESS, accessToken));
    if (!row || row.revokedAt || row.accessExpiresAt.getTime() <= this.clock.now().getTime()) return null;
    return { userId: row.userId, sessionId: row.id, familyId: row.familyId };
  }

  /**
   * Rotates a refresh token; null when it is unknown, revoked, expired or already rotated. A rotated one presented
   * again by the client that rotated it, within the grace (two tabs, a retried request on a flaky connection),
   * answers the same new pair. Presented later, or by anyone else, it leaked: the whole family is revoked.
   */
  async refresh(refreshToken: string, client: RefreshClient): Promise<TokenPair | null> {
    const refreshHash = this.hasher.hash(REFRESH, refreshToken);
    const clientHash = this.hasher.hash(CLIENT, `${client.ip}\0${client.userAgent}`);
    return this.db.transaction(async (tx): Promise<TokenPair | null> => {
      const now = this.clock.now();
      const row = await this.repo.findByRefreshHashForUpdate(tx, refreshHash);
      if (!row || row.revokedAt) return null;
      if (row.rotatedAt) {
        const graceEnds = row.rotatedAt.getTime() + this.ttl.reuseGraceSeconds * 1000;
        if (now.getTime() <= graceEnds && row.rotatedBy === clientHash)
          return this.successorOf(tx, refreshToken, now);
        await this.repo.revokeFamily(tx, row.familyId, now);
        return null;
      }
      if (row.refreshExpiresAt.getTime() <= now.getTime()) return null;
      await this.repo.markRotated(tx, row.id, now, clientHash);
      return this.issue(tx, row.userId, row.familyId, this.successorTokens(refreshToken));
    });
  }

  private successorTokens(refreshToken: string): { token: string; refreshToken: string } {
    return {
      token: this.hasher.hash(SUCCESSOR_ACCESS, refreshToken),
      refreshToken: this.hasher.hash(SUCCESSOR_REFRESH, refreshToken),
    };
  }

  /** The pair a refresh token was rotated into, while it is still alive. */
  private async successorOf(tx: DbOrTx, refreshToken: string, now: Date): Promise<TokenPair | null> {
    const { token, refreshToken: nextRefresh } = this.successorTokens(refreshToken);
    const next = await this.repo.findByAccessHash(tx, this.hasher.hash(ACCESS, token));
    if (!next || next.revokedAt || next.accessExpiresAt.getTime() <= now.getTime()) return null;
    const expiresIn = Math.floor((next.accessExpiresAt.getTime() - now.getTime()) / 1000);
    return { token, refresh_token: nextRefresh, expires_in: expiresIn };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.repo.revokeFamily(this.db, familyId, this.clock.now());
  }

  /** Ends every session of a user, in the caller's transaction, except one family (the caller's own, when it stays). */
  async revokeUser(tx: DbOrTx, userId: string, exceptFamilyId?: string): Promise<void> {
    await this.repo.revokeUserSessions(tx, userId, this.clock.now(), exceptFamilyId);
  }
}
