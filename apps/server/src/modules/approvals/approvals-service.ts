/**
 * Maker-checker (issue 25), the service other modules call. A staff command that needs a second person is registered
 * once, then asked for and decided here:
 *
 *   approvals.register({ command, subject, preview, requestPermission? })
 *     `command`: the Command (commands/command.ts) to run on approval; its `permission` is the approving permission.
 *     `subject(input)`: what it changes ({ type, id }); one pending request per command and subject.
 *     `preview(tx, input)`: what will change (ids, amounts, states), read when asked and shown to the approver; it
 *       may throw an AppError (NOT_FOUND, NO_REPAYING_LOAN, ...) to refuse the request at once.
 *     `requestPermission`: who may ask (default: the command's own permission).
 *     `afterApproval()`: work once the approval committed (e.g. waking a job).
 *   approvals.request(commandName, input, actor, reason, { network })  -> { id, state: 'pending' }
 *     An audited command (`approval.request`); the input is validated by the command's schema and must be JSON: ids,
 *     amounts and dates as strings. APPROVAL_PENDING_EXISTS when the same change is already waiting.
 *   approvals.approve(requestId, actor, reason, { network })  -> { id, state: 'approved' }
 *     Refuses the requester (STAFF_OWN_REQUEST) and a member without the command's permission (FORBIDDEN), then runs
 *     `approval.approve` and, inside it, the command itself as the approver, in ONE transaction: both audit rows and
 *     the change commit together; a command that throws leaves the request pending and writes no audit row.
 *   approvals.reject(requestId, actor, reason, { network }) / approvals.withdraw(...)  (the requester only)
 *   approvals.list / approvals.find: what the routes show (who asked, why, what will change, who may decide).
 *
 * A credit-decision override above a configured amount, for instance, registers its override command here and calls
 * `request` instead of running it when the amount is above the threshold.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ApprovalState, ApprovalView } from '@kaskita/domain/contract/admin-approvals';
import type { Permission } from '@kaskita/domain/staff/permissions';
import { defineCommand, type Actor, type Command } from '../../commands/command.ts';
import type { StaffActor } from '../../commands/staff-actor.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { pgErrorCode, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Paging } from '../../db/paging.ts';
import type { ApprovalRequestWithNames, ApprovalsRepository } from './approvals-repository.ts';

type Json = Record<string, unknown>;

export interface Approvable<Input extends Json = Json> {
  command: Command<Input, unknown>;
  subject(input: Input): { type: string; id: string };
  preview(tx: Tx, input: Input): Promise<Json>;
  requestPermission?: Permission;
  /** Work after the approval committed (waking the job that sends a refund). */
  afterApproval?: () => void;
}

interface Registered {
  approvable: Approvable;
  approvePermission: Permission;
  requestCommand: Command<{ command: string; input: Json }, { id: string }>;
  approveCommand: Command<{ requestId: string }, unknown>;
  rejectCommand: Command<{ requestId: string }, null>;
  withdrawCommand: Command<{ requestId: string }, null>;
}

export interface ApprovalsDependencies {
  db: Db;
  repo: ApprovalsRepository;
  commands: CommandExecutor;
}

const requestIdInput = z.object({ requestId: z.string().min(1) });

export class ApprovalsService {
  private readonly registry = new Map<string, Registered>();

  constructor(private readonly deps: ApprovalsDependencies) {}

  register<Input extends Json>(approvable: Approvable<Input>): void {
    const { command } = approvable;
    const approvePermission = command.permission as Permission | undefined;
    if (!approvePermission) throw new Error(`${command.name} has no permission to approve it with`);
    if (this.registry.has(command.name)) throw new Error(`${command.name} is registered twice for approval`);
    const generic = approvable as unknown as Approvable;
    this.registry.set(command.name, {
      approvable: generic,
      approvePermission,
      requestCommand: this.requestCommandOf(generic, approvable.requestPermission ?? approvePermission),
      approveCommand: this.approveCommandOf(generic, approvePermission),
      rejectCommand: this.decisionCommandOf('approval.reject', approvePermission, 'rejected'),
      withdrawCommand: this.decisionCommandOf(
        'approval.withdraw',
        approvable.requestPermission ?? approvePermission,
        'withdrawn',
      ),
    });
  }

  async request(
    commandName: string,
    input: Json,
    actor: StaffActor,
    reason: string,
    options: { network?: string } = {},
  ): Promise<{ id: string; state: ApprovalState }> {
    const registered = this.registered(commandName);
    const { id } = await this.deps.commands.run(
      registered.requestCommand,
      { command: commandName, input },
      actor,
      { reason, ...options },
    );
    return { id, state: 'pending' };
  }

  /**
   * Withdraws what waits for approval about a subject that changed under it (a relief request the borrower
   * withdrew): in the caller's transaction, so the queue never offers a decision that can only fail.
   */
  withdrawForSubject(
    tx: Tx,
    subject: { type: string; id: string },
    at: Date,
    reason: string,
  ): Promise<number> {
    return this.deps.repo.withdrawForSubject(tx, subject, at, reason);
  }

  async approve(requestId: string, actor: StaffActor, reason: string, options: { network?: string } = {}) {
    const registered = await this.registeredFor(requestId);
    await this.deps.commands.run(registered.approveCommand, { requestId }, actor, { reason, ...options });
    registered.approvable.afterApproval?.();
    return { id: requestId, state: 'approved' as const };
  }

  async reject(requestId: string, actor: StaffActor, reason: string, options: { network?: string } = {}) {
    const registered = await this.registeredFor(requestId);
    await this.deps.commands.run(registered.rejectCommand, { requestId }, actor, { reason, ...options });
    return { id: requestId, state: 'rejected' as const };
  }

  async withdraw(requestId: string, actor: StaffActor, reason: string, options: { network?: string } = {}) {
    const registered = await this.registeredFor(requestId);
    await this.deps.commands.run(registered.withdrawCommand, { requestId }, actor, { reason, ...options });
    return { id: requestId, state: 'withdrawn' as const };
  }

  /** `waiting`: others' pending requests the member may decide; `mine`: their own. */
  async list(actor: StaffActor, scope: 'waiting' | 'mine', paging: Paging) {
    const { rows, total } =
      scope === 'mine'
        ? await this.deps.repo.mine(this.deps.db, actor.staffId, paging)
        : await this.deps.repo.waiting(this.deps.db, actor.staffId, this.decidable(actor), paging);
    return { items: rows.map((r) => this.view(r, actor)), total };
  }

  /** A request its requester or someone who may decide it can see; NOT_FOUND for anyone else. */
  async find(requestId: string, actor: StaffActor): Promise<ApprovalView> {
    const row = await this.deps.repo.byId(this.deps.db, requestId);
    const registered = row && this.registry.get(row.command);
    if (
      !row ||
      !registered ||
      (row.requestedBy !== actor.staffId && !actor.permissions.includes(registered.approvePermission))
    )
      throw new AppError('NOT_FOUND');
    return this.view(row, actor);
  }

  /** Pending requests of `commandName` on these subjects, by subject id. */
  async pendingFor(commandName: string, subjectIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.deps.repo.pendingFor(this.deps.db, commandName, subjectIds);
    return new Map(rows.map((r) => [r.subjectId, r.id]));
  }

  private decidable(actor: StaffActor): string[] {
    return [...this.registry.entries()]
      .filter(([, r]) => actor.permissions.includes(r.approvePermission))
      .map(([name]) => name);
  }

  private view(row: ApprovalRequestWithNames, actor: StaffActor): ApprovalView {
    const registered = this.registry.get(row.command);
    return {
      id: row.id,
      command: row.command,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      state: row.state,
      requested_by: { id: row.requestedBy, name: row.requesterName },
      requested_at: row.requestedAt.toISOString(),
      reason: row.reason,
      preview: row.preview as Json,
      input: row.input as Json,
      decided_by: row.decidedBy ? { id: row.decidedBy, name: row.deciderName ?? '' } : null,
      decided_at: row.decidedAt?.toISOString() ?? null,
      decision_reason: row.decisionReason,
      can_decide:
        row.state === 'pending' &&
        row.requestedBy !== actor.staffId &&
        registered !== undefined &&
        actor.permissions.includes(registered.approvePermission),
    };
  }

  private registered(commandName: string): Registered {
    const registered = this.registry.get(commandName);
    if (!registered) throw new Error(`${commandName} is not registered for approval`);
    return registered;
  }

  /** The request's command decides which permission approves it: read first, locked again by the command. */
  private async registeredFor(requestId: string): Promise<Registered> {
    const row = await this.deps.repo.byId(this.deps.db, requestId);
    const registered = row && this.registry.get(row.command);
    if (!registered) throw new AppError('NOT_FOUND');
    return registered;
  }

  private requestCommandOf(approvable: Approvable, permission: Permission): Registered['requestCommand'] {
    return defineCommand({
      name: 'approval.request',
      input: z.object({ command: z.string().min(1), input: z.record(z.string(), z.unknown()) }),
      actors: ['staff'],
      permission,
      handle: async (tx, { command, input }, { actor, now, reason }) => {
        const parsed = approvable.command.input.safeParse(input);
        if (!parsed.success) throw new AppError('VALIDATION');
        // Kept as it was checked: the approver runs exactly what was asked.
        const checked = parsed.data;
        const subject = approvable.subject(checked);
        const preview = await approvable.preview(tx, checked);
        const id = randomUUID();
        try {
          // A savepoint: the unique index's refusal must not abort the surrounding transaction.
          await tx.transaction((sp) =>
            this.deps.repo.insert(sp, {
              id,
              command,
              input: checked,
              subjectType: subject.type,
              subjectId: subject.id,
              reason: reason ?? '',
              requestedBy: staffIdOf(actor),
              requestedAt: now,
              state: 'pending',
              preview,
            }),
          );
        } catch (error) {
          if (pgErrorCode(error) === '23505') throw new AppError('APPROVAL_PENDING_EXISTS');
          throw error;
        }
        return {
          result: { id },
          outcome: 'requested',
          subject: { type: 'approval_request', id },
          after: { command, subject, preview },
        };
      },
    });
  }

  private approveCommandOf(approvable: Approvable, permission: Permission): Registered['approveCommand'] {
    return defineCommand({
      name: 'approval.approve',
      input: requestIdInput,
      actors: ['staff'],
      permission,
      handle: async (tx, { requestId }, { actor, now, reason, network }) => {
        const row = await this.pending(tx, requestId, actor, 'decider');
        // The command's own audit row names the approver as its actor and the request as its reason.
        const result = await this.deps.commands.run(approvable.command, row.input as Json, actor, {
          tx,
          reason: `approval ${row.id}: ${row.reason}`,
          ...(network ? { network } : {}),
        });
        const decided = await this.deps.repo.decide(tx, requestId, {
          state: 'approved',
          decidedBy: staffIdOf(actor),
          decidedAt: now,
          reason: reason ?? '',
        });
        // Undoes the command too: it ran in this transaction.
        if (!decided) throw new AppError('APPROVAL_NOT_PENDING');
        return {
          result,
          outcome: 'approved',
          subject: { type: 'approval_request', id: requestId },
          before: { state: 'pending', requestedBy: row.requestedBy },
          after: {
            state: 'approved',
            command: row.command,
            subject: { type: row.subjectType, id: row.subjectId },
          },
        };
      },
    });
  }

  private decisionCommandOf(
    name: string,
    permission: Permission,
    state: 'rejected' | 'withdrawn',
  ): Command<{ requestId: string }, null> {
    return defineCommand({
      name,
      input: requestIdInput,
      actors: ['staff'],
      permission,
      handle: async (tx, { requestId }, { actor, now, reason }) => {
        const row = await this.pending(tx, requestId, actor, state === 'withdrawn' ? 'requester' : 'decider');
        await this.deps.repo.decide(tx, requestId, {
          state,
          decidedBy: staffIdOf(actor),
          decidedAt: now,
          reason: reason ?? '',
        });
        return {
          result: null,
          outcome: state,
          subject: { type: 'approval_request', id: requestId },
          before: { state: 'pending', requestedBy: row.requestedBy },
          after: { state, command: row.command },
        };
      },
    });
  }

  /** The request, locked, still pending, and `actor` on the right side of it: another member, or its requester. */
  private async pending(tx: Tx, requestId: string, actor: Actor, as: 'decider' | 'requester') {
    const row = await this.deps.repo.lock(tx, requestId);
    if (!row) throw new AppError('NOT_FOUND');
    const own = row.requestedBy === staffIdOf(actor);
    if (as === 'decider' && own) throw new AppError('STAFF_OWN_REQUEST');
    if (as === 'requester' && !own) throw new AppError('FORBIDDEN');
    if (row.state !== 'pending') throw new AppError('APPROVAL_NOT_PENDING');
    return row;
  }
}

function staffIdOf(actor: Actor): string {
  if (actor.kind !== 'staff') throw new AppError('FORBIDDEN');
  return actor.staffId;
}
