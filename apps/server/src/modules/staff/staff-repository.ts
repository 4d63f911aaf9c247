import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffRecoveryCodes } from './staff-schema.ts';

export type StaffRow = typeof staff.$inferSelect;

/** SQL of staff accounts and their recovery codes. Every method takes the db or a transaction. */
export class StaffRepository {
  async insert(db: DbOrTx, row: typeof staff.$inferInsert): Promise<void> {
    await db.insert(staff).values(row);
  }

  async findByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
    const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
    return row;
  }

  async findById(db: DbOrTx, id: string): Promise<StaffRow | undefined> {
    const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
    return row;
  }

  /** Locks the row: enrolment and code checks of one member run one at a time (a code is accepted once). */
  async findByIdForUpdate(db: DbOrTx, id: string): Promise<StaffRow | undefined> {
    const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1).for('update');
    return row;
  }

  async update(
    db: DbOrTx,
    id: string,
    set: Partial<
      Pick<
        StaffRow,
        | 'passwordHash'
        | 'passwordIsOneTime'
        | 'totpSecretEnc'
        | 'totpConfirmedAt'
        | 'totpLastStep'
        | 'disabledAt'
      >
    >,
  ): Promise<void> {
    await db.update(staff).set(set).where(eq(staff.id, id));
  }

  async replaceRecoveryCodes(
    db: DbOrTx,
    staffId: string,
    rows: readonly { id: string; codeHash: string; createdAt: Date }[],
  ): Promise<void> {
    await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await db.insert(staffRecoveryCodes).values(rows.map((row) => ({ ...row, staffId })));
  }

  /** Marks an unused code of the member used; false when there is none (wrong, someone else's, or used). */
  async useRecoveryCode(db: DbOrTx, staffId: string, codeHash: string, now: Date): Promise<boolean> {
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used.length > 0;
  }
}
