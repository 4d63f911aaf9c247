import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppConfig } from '@kaskita/domain/contract/config';
import type {
  AskReliefBody,
  ReliefAddendumView,
  ReliefBill,
  ReliefOverview,
  ReliefView,
} from '@kaskita/domain/contract/relief';
import type { Locale } from '@kaskita/domain/i18n/locale';
import {
  isRepaying,
  LoanOperationError,
  remainingOf,
  type Loan,
} from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import { reliefChanges, type ReliefBillChange, type ReliefTerms } from '@kaskita/domain/lifecycle/relief';
import { sumRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import {
  RELIEF_DAY_OPTIONS,
  RELIEF_EXTRA_OPTIONS,
  RELIEF_OFFER_DAYS,
  RELIEFS_PER_LOAN,
  type ReliefKind,
  type ReliefStatus,
} from '@kaskita/domain/relief/relief-rules';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { defineCommand, type CommandContext } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { renderReliefAddendumPdf, reliefAddendumText, type ReliefAddendumInput } from './relief-addendum.ts';
import { reliefMessages } from './relief-messages.ts';
import { isOpen, RELIEF_SUBJECT, type ReliefRepository } from './relief-repository.ts';
import type { ReliefRow, StoredReliefBill } from './relief-schema.ts';
import { askedTerms, offeredColumns, offeredTerms, termsOfOffer } from './relief-terms.ts';

/** The DataCipher purpose of a relief's reason (security/encrypted-columns.ts). */
export const RELIEF_REASON_PURPOSE = 'loan_reliefs.reason';

export interface ReliefDependencies {
  db: Db;
  repo: ReliefRepository;
  clock: Clock;
  commands: CommandExecutor;
  book: LoanBookService;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'signedIn' | 'setLoanStatus'>;
  outbox: OutboxService;
  protection: DataProtection;
  pins: { confirm(userId: string, pin: string | undefined): Promise<void> };
  profile: {
    agreementParty(userId: string, db?: DbOrTx): Promise<{ name: string; nikMasked: string } | null>;
  };
  config: { appConfig(): Promise<AppConfig> };
  approvals: Pick<ApprovalsService, 'withdrawForSubject'>;
}

/** Where a signed addendum is kept: by its hash too, so a second tap's rendering can never replace the one signed. */
const addendumKey = (reliefId: string, sha256: string) => `addenda/${reliefId}/${sha256}.pdf`;

/** Late fees charged and not yet paid or waived: they stay owed after a relief. */
export const lateFeesOwed = (loan: Loan): Rupiah =>
  sumRupiah(loan.instalments.map((i) => remainingOf(i).lateFee));

const asBills = (changes: readonly ReliefBillChange[]): StoredReliefBill[] => changes.map((c) => ({ ...c }));

export const billView = (b: StoredReliefBill): ReliefBill => ({
  number: b.number,
  due_date_before: b.dueDateBefore,
  due_date_after: b.dueDateAfter,
  amount_before: (b.remainingBefore ?? b.remaining) as Rupiah,
  amount: b.remaining as Rupiah,
});

/**
 * Relief for a borrower who cannot pay on time (contract/relief.ts): they ask for their unpaid bills to fall due
 * later, or for smaller bills and more of them; staff offer it (a command a second member approves, registered with
 * the approvals in relief-module.ts) or decline; the borrower accepts the offer by signing the addendum, and only then
 * does the engine change the bills (lifecycle/relief.ts), in one audited command with the loan locked. Each step texts
 * the borrower.
 */
export class ReliefService {
  constructor(private readonly deps: ReliefDependencies) {}

  /** Sends the SMS a committed step queued. */
  wake(): void {
    this.deps.outbox.wake();
  }

  reasonOf(row: Pick<ReliefRow, 'id' | 'reasonEnc'>): string {
    return this.deps.protection.cipher.decryptField(
      row.reasonEnc,
      fieldContext(RELIEF_REASON_PURPOSE, row.id),
    );
  }

  /**
   * The bills `terms` would change on the loan as it stands today, or null when the engine refuses them (beyond the
   * caps, the first unpaid bill too far behind, too little left to spread).
   */
  termsToday(
    account: Loan,
    terms: ReliefTerms,
    now: Date,
  ): { bills: StoredReliefBill[]; lateFees: Rupiah } | null {
    const today = businessDateAt(now);
    const on = today < account.asOf ? account.asOf : today;
    try {
      const relieved = reliefChanges(account, on, terms);
      return { bills: asBills(relieved.changes), lateFees: lateFeesOwed(relieved.loan) };
    } catch (error) {
      if (error instanceof LoanOperationError) return null;
      throw error;
    }
  }

  async overview(userId: string): Promise<ReliefOverview> {
    const { db, repo, book, clock } = this.deps;
    const now = clock.now();
    await repo.expireLapsed(db, now);
    const [open, rows] = await Promise.all([book.open(db, userId), repo.ofUser(db, userId)]);
    const account = open?.account && isRepaying(open.account) ? open.account : null;
    const firstUnpaid = account?.instalments.find((i) => i.state === 'pending' || i.state === 'overdue');
    let cannot: ReliefOverview['cannot_ask_because'] = null;
    if (!account || !open) cannot = 'no_loan';
    else if (!firstUnpaid) cannot = 'nothing_unpaid';
    else if (rows.some((r) => r.loanId === open.row.id && isOpen(r.status))) cannot = 'open_request';
    else if ((await repo.acceptedOn(db, open.row.id)) >= RELIEFS_PER_LOAN) cannot = 'already_given';
    return {
      order_id: open?.row.id ?? null,
      can_ask: cannot === null,
      cannot_ask_because: cannot,
      day_options: [...RELIEF_DAY_OPTIONS],
      extra_options: [...RELIEF_EXTRA_OPTIONS],
      next_due_date: firstUnpaid?.dueDate ?? null,
      requests: rows.map((row) => this.view(row, row.loanId === open?.row.id ? account : null, now)),
    };
  }

  async ask(userId: string, body: AskReliefBody, locale: Locale): Promise<ReliefView> {
    const { db, repo, book, clock, protection } = this.deps;
    const now = clock.now();
    await repo.expireLapsed(db, now);
    const id = randomUUID();
    // The contract allows only the kind's own number (checkReliefTerms).
    const asked = { kind: body.kind, daysAsked: body.days ?? null, extraAsked: body.extra ?? null };
    try {
      await db.transaction(async (tx) => {
        const row = await book.ofUser(tx, userId, body.order_id);
        const booked = row ? await book.lock(tx, row.id) : null;
        const account = booked?.account;
        if (!account || !isRepaying(account)) throw new AppError('NO_REPAYING_LOAN');
        if (!account.instalments.some((i) => i.state === 'pending' || i.state === 'overdue'))
          throw new AppError('NO_REPAYING_LOAN');
        if ((await repo.acceptedOn(tx, account.id)) >= RELIEFS_PER_LOAN)
          throw new AppError('RELIEF_ALREADY_GIVEN');
        await repo.insert(tx, {
          id,
          loanId: account.id,
          userId,
          status: 'requested',
          ...asked,
          reasonEnc: protection.cipher.encryptField(body.reason, fieldContext(RELIEF_REASON_PURPOSE, id)),
          locale,
          askedAt: now,
          updatedAt: now,
        });
        await this.text(tx, userId, reliefMessages.asked(locale, askedTerms(asked)), `relief-asked:${id}`);
      });
    } catch (error) {
      // The partial unique index: a request or offer already waits on this loan (two taps, two devices).
      if (pgErrorCode(error) === '23505') throw new AppError('RELIEF_OPEN_EXISTS');
      throw error;
    }
    this.wake();
    return this.mine(userId, id);
  }

  /**
   * Confirms the PIN, renders the addendum for the bills as they stand and keeps it, then applies it (the accept
   * command). The document is made before the transaction, which checks that the locked loan still gives exactly the
   * terms signed: the borrower signs what they read, or nothing happens (a payment landing meanwhile asks them to read
   * it again).
   */
  async accept(
    userId: string,
    reliefId: string,
    body: { pay_pin?: string | undefined; terms: string },
  ): Promise<ReliefView> {
    const { pins, book, db, clock, protection, commands, repo } = this.deps;
    await pins.confirm(userId, body.pay_pin);
    await repo.expireLapsed(db, clock.now());
    const row = await this.ownRow(userId, reliefId);
    if (row.status === 'expired') throw new AppError('RELIEF_OFFER_EXPIRED');
    const offered = offeredTerms(row);
    if (row.status !== 'offered' || !offered) throw new AppError('RELIEF_NOT_OFFERED');
    const open = await book.open(db, userId);
    const signedAt = clock.now();
    const terms =
      open?.account && open.row.id === row.loanId ? this.termsToday(open.account, offered, signedAt) : null;
    if (!terms) {
      // It can no longer give a week ahead (or the loan closed): the offer lapses, and the borrower may ask again.
      await repo.expire(db, row.id, signedAt);
      throw new AppError('RELIEF_OFFER_EXPIRED');
    }
    // What the borrower read, or nothing: a day's late fee or a payment since changes the addendum.
    if (termsDigest(terms) !== body.terms) throw new AppError('RELIEF_TERMS_CHANGED');
    const { pdf, sha256 } = await renderReliefAddendumPdf(
      await this.addendumInput(row, terms.bills, terms.lateFees, signedAt),
    );
    // Kept before the rows name it. A transaction that refuses (a second tap, an offer gone) leaves it unnamed: it goes.
    const key = addendumKey(row.id, sha256);
    await protection.files.put(key, pdf);
    try {
      await commands.run(
        this.acceptCommand,
        {
          reliefId,
          userId,
          signedAt: signedAt.toISOString(),
          addendumSha256: sha256,
          terms: termsDigest(terms),
        },
        { kind: 'borrower', userId },
      );
    } catch (error) {
      const current = await this.deps.repo.find(db, reliefId);
      if (current?.addendumKey !== key) await protection.files.delete(key);
      throw error;
    }
    this.wake();
    return this.mine(userId, reliefId);
  }

  async withdraw(userId: string, reliefId: string): Promise<ReliefView> {
    const { db, repo, clock } = this.deps;
    await db.transaction(async (tx) => {
      const now = clock.now();
      // An offer proposed meanwhile could only fail on approval: it leaves the approvers' queue with the request.
      // Its rows are locked before the relief's, in the order an approval takes them (the request, then the offer
      // command's relief), so the two cannot deadlock; a refusal below rolls this back.
      await this.closeProposals(tx, reliefId, now, 'The borrower withdrew the relief request.');
      const row = await repo.lock(tx, reliefId);
      if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
      if (!isOpen(row.status)) throw new AppError('RELIEF_NOT_OPEN');
      await repo.update(tx, reliefId, { status: 'withdrawn', closedAt: now, updatedAt: now });
    });
    return this.mine(userId, reliefId);
  }

  private closeProposals(tx: Tx, reliefId: string, now: Date, reason: string): Promise<number> {
    return this.deps.approvals.withdrawForSubject(tx, { type: RELIEF_SUBJECT, id: reliefId }, now, reason);
  }

  /** The addendum: a preview of an offer, or the signed copy kept when it was accepted. */
  async addendum(
    userId: string,
    reliefId: string,
    withPdf: boolean,
    locale: Locale,
  ): Promise<ReliefAddendumView> {
    const { repo, db, clock, protection } = this.deps;
    await repo.expireLapsed(db, clock.now());
    const row = await this.ownRow(userId, reliefId);
    const offered = offeredTerms(row);
    let input: ReliefAddendumInput;
    let pdf: Uint8Array | null = null;
    let sha256: string;
    let terms: string;
    if (row.status === 'accepted' && row.acceptedAt && row.acceptedBills && row.addendumKey) {
      input = await this.addendumInput(row, row.acceptedBills, row.lateFeesKept ?? 0, row.acceptedAt);
      terms = termsDigest({ bills: row.acceptedBills, lateFees: row.lateFeesKept ?? 0 });
      const kept = await protection.files.get(row.addendumKey);
      if (!kept || sha256Of(kept) !== row.addendumSha256) throw new AppError('AGREEMENT_COPY_UNAVAILABLE');
      sha256 = sha256Of(kept);
      if (withPdf) pdf = kept;
    } else if (row.status === 'offered' && offered) {
      const open = await this.deps.book.open(db, userId);
      const live =
        open?.account && open.row.id === row.loanId
          ? this.termsToday(open.account, offered, clock.now())
          : null;
      if (!live) throw new AppError('RELIEF_OFFER_EXPIRED');
      input = await this.addendumInput(row, live.bills, live.lateFees, null);
      terms = termsDigest(live);
      const rendered = await renderReliefAddendumPdf(input);
      sha256 = rendered.sha256;
      if (withPdf) pdf = rendered.pdf;
    } else throw new AppError('RELIEF_NOT_OFFERED');
    const text = reliefAddendumText(input, locale);
    return {
      relief_id: row.id,
      signed: row.status === 'accepted',
      sha256,
      terms,
      title: text.title,
      sections: text.sections.map((s) => ({
        heading: s.heading,
        paragraphs: s.table
          ? [...s.paragraphs, ...s.table.rows.map((r) => r.filter((cell) => cell !== '').join(' · '))]
          : s.paragraphs,
      })),
      pdf_base64: pdf ? Buffer.from(pdf).toString('base64') : null,
    };
  }

  /**
   * The borrower signs the offer: the loan is locked, the engine moves the bills as of today (accruing first), the
   * addendum with those very bills is rendered and kept, and the relief, the loan, its bills and its ledger lines are
   * saved in one transaction with this command's audit row.
   */
  readonly acceptCommand = defineCommand({
    name: 'relief.accept',
    input: z.object({
      reliefId: z.string().min(1),
      userId: z.string().min(1),
      signedAt: z.iso.datetime(),
      /** SHA-256 of the addendum signed, kept in the file store under the relief's key. */
      addendumSha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** termsDigest of the bills and late fees the addendum states. */
      terms: z.string().regex(/^[0-9a-f]{64}$/),
    }),
    actors: ['borrower'],
    owner: (input) => input.userId,
    handle: async (tx, { reliefId, userId, signedAt, addendumSha256, terms }, context) => {
      const { repo, book, ledger, users } = this.deps;
      const row = await repo.lock(tx, reliefId);
      if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
      const offered = offeredTerms(row);
      if (row.status !== 'offered' || !offered) throw new AppError('RELIEF_NOT_OFFERED');
      if (row.offerExpiresAt && row.offerExpiresAt.getTime() < context.now.getTime())
        throw new AppError('RELIEF_OFFER_EXPIRED');
      const booked = await book.lock(tx, row.loanId);
      const before = booked?.account;
      if (!booked || !before || !isRepaying(before)) throw new AppError('RELIEF_OFFER_EXPIRED');
      const today = businessDateAt(context.now);
      const on = today < before.asOf ? before.asOf : today;
      let after: Loan;
      let bills: StoredReliefBill[];
      try {
        const relieved = reliefChanges(before, on, offered);
        bills = asBills(relieved.changes);
        after = relieved.loan;
      } catch (error) {
        // A bill paid or fallen further behind since the offer: it would no longer give time.
        if (error instanceof LoanOperationError) throw new AppError('RELIEF_OFFER_EXPIRED');
        throw error;
      }
      const lateFees = lateFeesOwed(after);
      // The loan changed between the check above and the lock (a payment landing): not what was signed.
      if (termsDigest({ bills, lateFees }) !== terms) throw new AppError('RELIEF_TERMS_CHANGED');
      await ledger.append(
        tx,
        row.loanId,
        `command:${context.commandId}`,
        after.journal,
        context.now,
        context.commandId,
      );
      await book.save(tx, booked.row, after, context.now);
      await users.setLoanStatus(tx, userId, { billStatus: billStatusOf(after.state), loanFailStatus: 0 });
      await repo.update(tx, row.id, {
        status: 'accepted',
        acceptedAt: new Date(signedAt),
        acceptedBills: bills,
        lateFeesKept: lateFees,
        addendumKey: addendumKey(row.id, addendumSha256),
        addendumSha256,
        closedAt: context.now,
        updatedAt: context.now,
      });
      // The first bill still to pay, changed or not (a spread leaves a bill with no principal left as it was).
      const firstDue = after.instalments.find((i) => i.state === 'pending' || i.state === 'overdue')?.dueDate;
      if (firstDue)
        await this.text(
          tx,
          userId,
          reliefMessages.accepted(row.locale as Locale, firstDue),
          `relief-accepted:${row.id}`,
        );
      return {
        result: { state: after.state },
        outcome: 'accepted',
        subject: { type: 'loan', id: row.loanId },
        before: {
          state: before.state,
          dueDates: bills.map((b) => b.dueDateBefore),
          amounts: bills.map((b) => b.remainingBefore),
        },
        after: {
          state: after.state,
          dueDates: bills.map((b) => b.dueDateAfter),
          amounts: bills.map((b) => b.remaining),
          addendumSha256,
        },
      };
    },
  });

  /** Staff's offer, run by the member who approves the proposal (maker-checker, relief-module.ts). */
  readonly offerCommand = defineCommand({
    name: 'relief.offer',
    // One of the two numbers, of the request's kind (termsOfOffer). Proposals made before spreading existed carry days.
    input: z.object({
      reliefId: z.string().min(1),
      days: z.number().int().optional(),
      extra: z.number().int().optional(),
    }),
    actors: ['staff'],
    permission: PERMISSIONS.reliefApprove,
    handle: async (tx, input, context) => {
      const { reliefId } = input;
      const { row, offer, terms } = await this.offerable(tx, reliefId, input, context.now);
      const expires = new Date(context.now.getTime() + RELIEF_OFFER_DAYS * 86_400_000);
      await this.deps.repo.update(tx, reliefId, {
        status: 'offered',
        ...offeredColumns(offer),
        offeredBills: terms.bills,
        offerExpiresAt: expires,
        decidedBy: staffIdOf(context),
        decidedAt: context.now,
        updatedAt: context.now,
      });
      const lastDay = businessDateAt(expires);
      await this.text(
        tx,
        row.userId,
        reliefMessages.offered(row.locale as Locale, offer, lastDay),
        `relief-offered:${reliefId}`,
      );
      return {
        result: { status: 'offered' as ReliefStatus },
        outcome: 'offered',
        subject: { type: 'loan_relief', id: reliefId },
        before: { status: row.status, asked: askedTerms(row) },
        after: { status: 'offered', offered: offer, offerExpiresAt: expires.toISOString() },
      };
    },
  });

  /** Staff decline, with the reason the borrower reads (the command's reason). */
  readonly declineCommand = defineCommand({
    name: 'relief.decline',
    input: z.object({ reliefId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.reliefPropose,
    handle: async (tx, { reliefId }, context) => {
      // Proposals first, then the relief: the order an approval locks them (withdraw() says why).
      await this.closeProposals(tx, reliefId, context.now, 'The relief request was declined.');
      const row = await this.deps.repo.lock(tx, reliefId);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'requested') throw new AppError('RELIEF_NOT_OPEN');
      await this.deps.repo.update(tx, reliefId, {
        status: 'declined',
        answer: context.reason,
        decidedBy: staffIdOf(context),
        decidedAt: context.now,
        closedAt: context.now,
        updatedAt: context.now,
      });
      await this.text(
        tx,
        row.userId,
        reliefMessages.declined(row.locale as Locale),
        `relief-declined:${reliefId}`,
      );
      return {
        result: { id: reliefId, status: 'declined' as ReliefStatus },
        outcome: 'declined',
        subject: { type: 'loan_relief', id: reliefId },
        before: { status: row.status },
        after: { status: 'declined' },
      };
    },
  });

  /**
   * A request that `offer` (days or bills to add, of its kind) can be offered on today, with the bills it changes;
   * refused as the approver would be.
   */
  async offerable(
    tx: Tx,
    reliefId: string,
    offer: { days?: number | undefined; extra?: number | undefined },
    now: Date,
  ) {
    const row = await this.deps.repo.lock(tx, reliefId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'requested') throw new AppError('RELIEF_NOT_OPEN');
    const terms = termsOfOffer(row.kind, offer);
    const booked = await this.deps.book.lock(tx, row.loanId);
    const bills =
      booked?.account && isRepaying(booked.account) ? this.termsToday(booked.account, terms, now) : null;
    if (!bills) throw new AppError('RELIEF_BEYOND_CAPS');
    return { row, offer: terms, terms: bills };
  }

  view(row: ReliefRow, account: Loan | null, now: Date): ReliefView {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const offered = offeredTerms(row);
    let bills: StoredReliefBill[] = [];
    let lateFees: number | null = null;
    if (row.status === 'accepted') {
      bills = row.acceptedBills ?? [];
      lateFees = row.lateFeesKept;
    } else if (row.status === 'offered' && offered) {
      const live = account ? this.termsToday(account, offered, now) : null;
      bills = live?.bills ?? row.offeredBills ?? [];
      lateFees = live?.lateFees ?? null;
    }
    return {
      relief_id: row.id,
      order_id: row.loanId,
      status: row.status as ReliefStatus,
      kind: row.kind as ReliefKind,
      days_asked: row.daysAsked,
      extra_asked: row.extraAsked,
      reason: this.reasonOf(row),
      asked_at: row.askedAt.toISOString(),
      days_offered: row.daysOffered,
      extra_offered: row.extraOffered,
      offer_expires_at: iso(row.offerExpiresAt),
      bills: bills.map(billView),
      late_fees_kept: lateFees as Rupiah | null,
      answer: row.status === 'declined' ? row.answer : null,
      decided_at: iso(row.decidedAt),
      accepted_at: iso(row.acceptedAt),
      addendum_sha256: row.addendumSha256,
    };
  }

  private async mine(userId: string, reliefId: string): Promise<ReliefView> {
    const row = await this.ownRow(userId, reliefId);
    const open = await this.deps.book.open(this.deps.db, userId);
    const account = open?.account && open.row.id === row.loanId ? open.account : null;
    return this.view(row, account, this.deps.clock.now());
  }

  private async ownRow(userId: string, reliefId: string): Promise<ReliefRow> {
    const row = await this.deps.repo.find(this.deps.db, reliefId);
    // Another borrower's request is not found, as one that does not exist.
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
    return row;
  }

  private async addendumInput(
    row: ReliefRow,
    bills: readonly StoredReliefBill[],
    lateFees: number,
    signedAt: Date | null,
  ): Promise<ReliefAddendumInput> {
    const [config, party] = await Promise.all([
      this.deps.config.appConfig(),
      this.deps.profile.agreementParty(row.userId),
    ]);
    if (!party) throw new AppError('PROFILE_INCOMPLETE');
    return {
      reliefId: row.id,
      orderId: row.loanId,
      signedAt,
      issuedAt: signedAt ?? row.decidedAt ?? row.askedAt,
      lender: { legalName: config.company_legal_name, ojkRegistrationNumber: config.ojk_registration_number },
      borrower: party,
      terms: offeredTerms(row) ?? askedTerms(row),
      bills,
      lateFeesKept: lateFees as Rupiah,
    };
  }

  private async text(tx: Tx, userId: string, body: string, idempotencyKey: string): Promise<void> {
    const user = await this.deps.users.signedIn(userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body,
      idempotencyKey,
      deliver: true,
    });
  }
}

function staffIdOf(context: CommandContext): string | null {
  return context.actor.kind === 'staff' ? context.actor.staffId : null;
}

/** What an addendum states, as one value to compare: the bills moved and the late fees kept. */
function termsDigest(terms: { bills: readonly StoredReliefBill[]; lateFees: number }): string {
  return createHash('sha256').update(JSON.stringify(terms)).digest('hex');
}

function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
