import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffRecoveryCodes } from './staff-schema.ts';

export type StaffRow = typeof staff.$inferSelect;

/** A page of the staff list (GET /api/admin/staff). */
export interface StaffListQuery {
  offset: number;
  limit: number;
  sort: 'created_at' | 'email' | 'name' | 'role';
  order: 'asc' | 'desc';
  role?: string;
  state?: 'active' | 'disabled';
  /** Part of the name or e-mail, any case. */
  q?: string;
}

const SORT_COLUMN = { created_at: staff.createdAt, email: staff.email, name: staff.name, role: staff.role };

/** `%`, `_` and `\` typed into a search box are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of staff accounts and their recovery codes. Every method takes the db or a transaction. */
export class StaffRepository {
  async insert(db: DbOrTx, row: typeof staff.$inferInsert): Promise<void> {
    await db.insert(staff).values(row);
  }

  /** One page of members and how many match; the id breaks ties so paging is stable. */
  async list(db: DbOrTx, query: StaffListQuery): Promise<{ rows: StaffRow[]; total: number }> {
    const where: SQL[] = [];
    if (query.role) where.push(eq(staff.role, query.role as StaffRow['role']));
    if (query.state === 'active') where.push(isNull(staff.disabledAt));
    if (query.state === 'disabled') where.push(isNotNull(staff.disabledAt));
    if (query.q) {
      const match = or(ilike(staff.name, likePattern(query.q)), ilike(staff.email, likePattern(query.q)));
      if (match) where.push(match);
    }
    const condition = where.length ? and(...where) : undefined;
    const direction = query.order === 'asc' ? asc : desc;
    const rows = await db
      .select()
      .from(staff)
      .where(condition)
      .orderBy(direction(SORT_COLUMN[query.sort]), direction(staff.id))
      .limit(query.limit)
      .offset(query.offset);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(staff).where(condition);
    return { rows, total };
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
        | 'oneTimePasswordExpiresAt'
        | 'totpSecretEnc'
        | 'totpConfirmedAt'
        | 'totpLastStep'
        | 'disabledAt'
      >
    >,
  ): Promise<void> {
    await db.update(staff).set(set).where(eq(staff.id, id));
  }

  /** Forgets the member's recovery codes (their authenticator app is being set up again). */
  async deleteRecoveryCodes(db: DbOrTx, staffId: string): Promise<void> {
    await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
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
