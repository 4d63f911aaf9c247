import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { AuditRepository } from './audit-repository.ts';
import { actorId, type Actor, type Command } from './command.ts';

export interface RunOptions {
  /**
   * The transaction to run in, when the caller already holds one that must commit with the command (a provider
   * callback's inbox row). Otherwise the executor opens its own.
   */
  tx?: Tx;
  /** Why, in the words of the person who ran it. */
  reason?: string;
  /** From where: the route's request.ctx.network, kept in the audit row. */
  network?: string;
}

/**
 * Runs every command through one path: who may run it, its input checked against its schema, its handler in a
 * transaction, and one append-only audit row in that same transaction. A failure anywhere leaves neither the change
 * nor the audit row; the ledger's entries reference the audit row, so the database refuses one without the other.
 */
export class CommandExecutor {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
    private readonly audit = new AuditRepository(),
  ) {}

  async run<Input, Result>(
    command: Command<Input, Result>,
    input: Input,
    actor: Actor,
    options: RunOptions = {},
  ): Promise<Result> {
    if (!allowed(command, actor)) throw new AppError('FORBIDDEN');
    if (actor.kind === 'staff' && !options.reason?.trim()) throw new AppError('VALIDATION');
    const parsed = command.input.safeParse(input);
    if (!parsed.success) throw new AppError('VALIDATION');
    if (actor.kind === 'borrower' && command.owner?.(parsed.data) !== actor.userId)
      throw new AppError('FORBIDDEN');
    const execute = async (tx: Tx) => {
      const commandId = randomUUID();
      const now = this.clock.now();
      const reason = options.reason?.trim() || null;
      const network = options.network ?? null;
      const outcome = await command.handle(tx, parsed.data, { actor, commandId, now, reason, network });
      await this.audit.append(tx, {
        id: commandId,
        command: command.name,
        actorKind: actor.kind,
        actorId: actorId(actor),
        subjectType: outcome.subject?.type ?? null,
        subjectId: outcome.subject?.id ?? null,
        outcome: outcome.outcome,
        input: parsed.data as object,
        before: outcome.before ?? null,
        after: outcome.after ?? null,
        reason,
        network,
        createdAt: now,
      });
      // Names and ids only: what a command moved is in the ledger and the audit row, not the log.
      this.log.info(
        { command: command.name, commandId, actor: actor.kind, outcome: outcome.outcome },
        'command run',
      );
      return outcome.result;
    };
    return options.tx ? execute(options.tx) : this.db.transaction(execute);
  }
}

/** The actor's kind is one the command names; staff also need its permission. */
function allowed<Input, Result>(command: Command<Input, Result>, actor: Actor): boolean {
  if (!command.actors.includes(actor.kind)) return false;
  if (actor.kind !== 'staff') return true;
  return command.permission !== undefined && actor.permissions.includes(command.permission);
}
