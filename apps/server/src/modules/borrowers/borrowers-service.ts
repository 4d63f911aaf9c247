import { z } from 'zod';
import type { BorrowerDetail } from '@kaskita/domain/contract/admin-borrowers';
import { normaliseNik } from '@kaskita/domain/validation/nik';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';
import { openPhone } from '../user/user-phone-schema.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { nameWordHashes, openProfileName } from '../profile/profile-fields-schema.ts';
import { NIK_PURPOSE } from '../profile/profile-service.ts';
import type { UserService } from '../user/user-service.ts';
import { maskedBorrower, type MaskedBorrower } from './borrower-masking.ts';
import type { BorrowerListRow, BorrowersRepository } from './borrowers-repository.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface BorrowersDependencies {
  db: Db;
  repo: BorrowersRepository;
  commands: CommandExecutor;
  protection: DataProtection;
  users: Pick<UserService, 'lockSignedIn' | 'setBlocked'>;
  /** The auth module's sessions: a block ends every one of the borrower's. */
  sessions: { revokeUser(tx: DbOrTx, userId: string): Promise<void> };
}

export interface Page {
  page: number;
  size: number;
}

const userIdInput = z.object({ userId: z.string().min(1).max(64) });

/**
 * The borrowers screens: search, the record (masked), and blocking an account. Reads answer masked data only; the
 * unmasked values come from PiiRevealService, whose every answer is an audited command.
 */
export class BorrowersService {
  constructor(private readonly deps: BorrowersDependencies) {}

  async search(by: 'phone' | 'name' | 'nik', q: string, page: Page) {
    const { db, repo } = this.deps;
    const offset = (page.page - 1) * page.size;
    let found: { total: number; rows: BorrowerListRow[] };
    if (by === 'name') {
      const words = nameWordHashes(this.deps.protection.lookup, q);
      found =
        words.length === 0
          ? { total: 0, rows: [] }
          : await repo.byNameWords(db, words, { offset, limit: page.size });
    } else {
      // A phone or a NIK names one account at most: no paging to do.
      const rows = await this.exact(by, q);
      found = { total: rows.length, rows: offset === 0 ? rows : [] };
    }
    return { total: found.total, page: page.page, rows: found.rows.map((row) => this.mask(row)) };
  }

  private async exact(by: 'phone' | 'nik', q: string): Promise<BorrowerListRow[]> {
    const { db, repo, protection } = this.deps;
    if (by === 'phone') {
      const phone = normalisePhone(q);
      return phone ? repo.byPhoneHash(db, phoneLookupHash(protection.lookup, phone)) : [];
    }
    const nik = normaliseNik(q);
    if (!/^\d{16}$/.test(nik)) return [];
    return repo.byNikHash(db, protection.lookup.hash(NIK_PURPOSE, nik));
  }

  /** Masked list rows of these borrowers, by id (the review queue lists its borrowers through this). */
  async maskedByIds(ids: readonly string[], db: DbOrTx = this.deps.db): Promise<Map<string, MaskedBorrower>> {
    const rows = await this.deps.repo.byIds(db, ids);
    return new Map(rows.map((row) => [row.id, this.mask(row)]));
  }

  private mask(row: BorrowerListRow): MaskedBorrower {
    const { cipher } = this.deps.protection;
    // Decrypted only to keep its last four digits: the plain NIK goes no further than this line.
    const nik = row.nikEnc ? cipher.decryptField(row.nikEnc, fieldContext(NIK_PURPOSE, row.id)) : null;
    return maskedBorrower({
      ...row,
      phone: openPhone(cipher, row.id, row.phoneEnc),
      name: openProfileName(cipher, row.id, row.nameEnc),
      nik,
    });
  }

  async detail(userId: string): Promise<BorrowerDetail> {
    const { db, repo } = this.deps;
    const user = await repo.user(db, userId);
    if (!user) throw new AppError('NOT_FOUND');
    const [profile, record] = await inTurn(
      () => repo.profile(db, userId),
      () => repo.record(db, userId, user.phoneHash),
    );
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      borrower: this.mask({
        id: user.id,
        phoneEnc: user.phoneEnc,
        blockedAt: user.blockedAt,
        nameEnc: profile?.nameEnc ?? null,
        nikEnc: profile?.nikEnc ?? null,
      }),
      registered_at: user.createdAt.toISOString(),
      verify: user.verify,
      blocked_at: iso(user.blockedAt),
      applications: record.applications.map((a) => ({
        id: a.id,
        state: a.state,
        submitted_at: a.submittedAt.toISOString(),
        decided_at: iso(a.decidedAt),
        decided_by: a.decidedBy,
        limit_amount: a.limitAmount,
        reasons: a.reasons,
      })),
      loans: record.loans.map((l) => ({
        id: l.id,
        state: l.state,
        amount: l.amount,
        period: l.period,
        disbursed_on: l.disbursedOn,
        created_at: l.createdAt.toISOString(),
      })),
      payments: record.payments.map((p) => ({
        id: p.id,
        loan_id: p.loanId,
        amount: p.amount,
        status: p.status,
        review_reason: p.reviewReason,
        paid_at: p.paidAt.toISOString(),
      })),
      messages: record.messages.map((m) => ({
        id: m.id,
        channel: m.channel,
        // The key's first part names what the message was (sms-code, credit-decision ...); its text is not shown.
        kind: m.idempotencyKey.split(':')[0] ?? 'message',
        status: m.status,
        created_at: m.createdAt.toISOString(),
        sent_at: iso(m.sentAt),
      })),
      consents: record.consents.map((c) => ({
        document: c.document,
        version: c.version,
        accepted_at: c.acceptedAt.toISOString(),
      })),
      claims: record.claims.map((c) => ({
        id: c.id,
        case_number: c.caseNumber,
        amount: c.amount,
        status: c.status,
        answer_by: c.answerBy,
        created_at: c.createdAt.toISOString(),
      })),
      feedback: record.feedback.map((f) => ({
        id: f.id,
        content: f.content,
        created_at: f.createdAt.toISOString(),
      })),
    };
  }

  /** Blocks (true) or unblocks (false) an account, with the reason, as an audited command. */
  async setBlocked(actor: Actor, userId: string, blocked: boolean, reason: string): Promise<void> {
    await this.deps.commands.run(blocked ? this.blockCommand : this.unblockCommand, { userId }, actor, {
      reason,
    });
  }

  private readonly blockCommand = defineCommand({
    name: 'borrower.block',
    input: userIdInput,
    actors: ['staff'],
    permission: PERMISSIONS.borrowerBlock,
    handle: async (tx, { userId }, { now }) => {
      const user = await this.lockBorrower(tx, userId);
      const subject = { type: 'borrower', id: userId };
      if (user.blockedAt) return { result: undefined, subject, outcome: 'unchanged' };
      await this.deps.users.setBlocked(tx, userId, now);
      // In the same transaction: no session outlives the block.
      await this.deps.sessions.revokeUser(tx, userId);
      return {
        result: undefined,
        subject,
        outcome: 'blocked',
        before: { blocked: false },
        after: { blocked: true },
      };
    },
  });

  private readonly unblockCommand = defineCommand({
    name: 'borrower.unblock',
    input: userIdInput,
    actors: ['staff'],
    permission: PERMISSIONS.borrowerBlock,
    handle: async (tx, { userId }) => {
      const user = await this.lockBorrower(tx, userId);
      const subject = { type: 'borrower', id: userId };
      if (!user.blockedAt) return { result: undefined, subject, outcome: 'unchanged' };
      await this.deps.users.setBlocked(tx, userId, null);
      return {
        result: undefined,
        subject,
        outcome: 'unblocked',
        before: { blocked: true },
        after: { blocked: false },
      };
    },
  });

  /** The borrower's row, locked as a loan order locks it: a block and a new loan never pass each other. */
  private async lockBorrower(tx: DbOrTx, userId: string) {
    if (!(await this.deps.repo.user(tx, userId))) throw new AppError('NOT_FOUND');
    return this.deps.users.lockSignedIn(tx, userId);
  }
}
