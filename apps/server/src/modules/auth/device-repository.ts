import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, signInDevices } from './auth-schema.ts';

type DeviceRow = typeof signInDevices.$inferSelect;

/** SQL of the signed-in devices; whether one is still signed in is its family's sessions'. */
export class DeviceRepository {
  async insert(db: DbOrTx, row: DeviceRow): Promise<void> {
    await db.insert(signInDevices).values(row);
  }

  /** Whether the borrower ever signed in with this device key. */
  async knows(db: DbOrTx, userId: string, deviceKeyHash: string): Promise<boolean> {
    const [row] = await db
      .select({ id: signInDevices.familyId })
      .from(signInDevices)
      .where(and(eq(signInDevices.userId, userId), eq(signInDevices.deviceKeyHash, deviceKeyHash)))
      .limit(1);
    return Boolean(row);
  }

  async byFamily(db: DbOrTx, familyId: string): Promise<DeviceRow | undefined> {
    const [row] = await db.select().from(signInDevices).where(eq(signInDevices.familyId, familyId));
    return row;
  }

  /**
   * The borrower's devices with a session still alive (not revoked, refresh not expired), each with its last use: the
   * newest session of its family (a refresh makes one).
   */
  signedIn(db: DbOrTx, userId: string, now: Date) {
    return db
      .select({
        familyId: signInDevices.familyId,
        label: signInDevices.label,
        network: signInDevices.network,
        createdAt: signInDevices.createdAt,
        lastUsedAt: max(sessions.createdAt).mapWith((v: string | Date) => new Date(v)),
      })
      .from(signInDevices)
      .innerJoin(sessions, eq(sessions.familyId, signInDevices.familyId))
      .where(
        and(eq(signInDevices.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshExpiresAt, now)),
      )
      .groupBy(signInDevices.familyId)
      .orderBy(desc(max(sessions.createdAt)));
  }
}
