import type { z } from 'zod';
import type { Tx } from '../db/client.ts';

/**
 * Who runs a command. A borrower acts on their own loans, a provider through its verified callback, a job on its
 * schedule, a staff member with the permissions of their role (the back office), an operator from a command line on
 * the server (`npm run admin:create`: whoever can run it already holds the database).
 */
export type Actor =
  | { kind: 'borrower'; userId: string }
  | { kind: 'provider'; provider: string }
  | { kind: 'job'; job: string }
  | { kind: 'staff'; staffId: string; permissions: readonly string[] }
  | { kind: 'operator'; tool: string };

export type ActorKind = Actor['kind'];

/** What a command changed, for its audit row: the subject and a summary of its state before and after. */
export interface CommandOutcome<Result> {
  result: Result;
  /** What the audit row is filed under (e.g. a loan); null when the command found nothing to change. */
  subject: { type: string; id: string } | null;
  /** A short word for what happened (applied, review, ignored, refused ...). */
  outcome: string;
  before?: unknown;
  after?: unknown;
}

export interface CommandContext {
  actor: Actor;
  /** This run's id: its audit row's id, and the command id of every ledger entry it writes. */
  commandId: string;
  now: Date;
  /** The reason typed by the person who ran it (a claim's rejection shows it to the borrower); null otherwise. */
  reason: string | null;
  /** The caller's network when a route ran it, for commands that run others in their transaction (maker-checker). */
  network: string | null;
}

/**
 * A named change of money or of a borrower's standing (architecture rule 13; Fineract's command/handler/audit split):
 * its input schema, who may run it, and its handler, which writes its rows, ledger lines and outbox messages in the
 * transaction the executor gives it. Inputs are ids, amounts and dates, never personal data: they are kept in the
 * audit row.
 */
export interface Command<Input, Result> {
  name: string;
  input: z.ZodType<Input>;
  actors: readonly ActorKind[];
  /** The permission a staff member needs (staff may run a command only with it). */
  permission?: string;
  /** The borrower the command acts for: a borrower may run it only for themselves. */
  owner?: (input: Input) => string;
  handle(tx: Tx, input: Input, context: CommandContext): Promise<CommandOutcome<Result>>;
}

export function defineCommand<Input, Result>(command: Command<Input, Result>): Command<Input, Result> {
  return command;
}

/** The actor's own id for the audit row. */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case 'borrower':
      return actor.userId;
    case 'provider':
      return actor.provider;
    case 'job':
      return actor.job;
    case 'staff':
      return actor.staffId;
    case 'operator':
      return actor.tool;
  }
}
