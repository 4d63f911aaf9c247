import { randomUUID } from 'node:crypto';
import { STAFF_IDLE_SECONDS, STAFF_SESSION_MAX_SECONDS } from '@kaskita/domain/contract/admin';
import { permissionsOf } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { StaffSession } from '../../plugins/staff-auth-plugin.ts';
import { newOpaqueToken, type SecretHasher } from '../../security/secret-hasher.ts';
import type { StaffSessionRepository } from './staff-session-repository.ts';

const TOKEN = 'staff-session-token';
/** Requests within this many seconds of the last recorded one do not write it again: one UPDATE a minute at most. */
const TOUCH_EVERY_SECONDS = 60;

/**
 * Back-office sessions: an opaque token kept as an HMAC (its own purpose, so a borrower's token never matches), ended
 * after STAFF_IDLE_SECONDS without a request or STAFF_SESSION_MAX_SECONDS in all, whichever comes first: a staff
 * session opens every borrower's data, so it lives far shorter than a borrower's.
 */
export class StaffSessionService {
  constructor(
    private readonly db: Db,
    private readonly repo: StaffSessionRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async issue(db: DbOrTx, staffId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = this.clock.now();
    await this.repo.insert(db, {
      id: randomUUID(),
      staffId,
      tokenHash: this.hasher.hash(TOKEN, token),
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_MAX_SECONDS * 1000),
      createdAt: now,
    });
    return token;
  }

  async resolve(token: string): Promise<StaffSession | null> {
    if (token.length > 128) return null;
    const row = await this.repo.findActive(this.db, this.hasher.hash(TOKEN, token));
    if (!row) return null;
    const now = this.clock.now().getTime();
    const idleFor = (now - row.lastSeenAt.getTime()) / 1000;
    if (idleFor >= STAFF_IDLE_SECONDS || row.expiresAt.getTime() <= now) return null;
    if (idleFor >= TOUCH_EVERY_SECONDS) await this.repo.touch(this.db, row.id, new Date(now));
    return {
      staffId: row.staffId,
      sessionId: row.id,
      role: row.role,
      permissions: permissionsOf(row.role),
      verified: row.secondFactorAt !== null,
      passwordIsOneTime: row.passwordIsOneTime,
    };
  }

  async markVerified(db: DbOrTx, sessionId: string): Promise<void> {
    await this.repo.markSecondFactor(db, sessionId, this.clock.now());
  }

  async signOut(sessionId: string): Promise<void> {
    await this.repo.revoke(this.db, sessionId, this.clock.now());
  }

  /** Ends every session of a member, in the caller's transaction (a disabling) or on its own (sign-out everywhere). */
  async signOutEverywhere(staffId: string, db: DbOrTx = this.db): Promise<void> {
    await this.repo.revokeAllOf(db, staffId, this.clock.now());
  }

  /** Ends the member's other sessions (a password change keeps the one that made it). */
  async signOutOthers(db: DbOrTx, session: { staffId: string; sessionId: string }): Promise<void> {
    await this.repo.revokeAllOf(db, session.staffId, this.clock.now(), session.sessionId);
  }
}
