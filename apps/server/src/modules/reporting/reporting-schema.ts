import { bigserial, date, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { BookFigures } from '@kaskita/domain/contract/admin-book';
import { at } from '../../db/columns.ts';

/**
 * Each computation of the platform figures over the loan book (the nightly job, or a staff member's command), kept
 * whole: the dashboard and the landing page read the newest, and an older one says what was published on a day.
 */
export const bookFigureRuns = pgTable('book_figure_runs', {
  id: text('id').primaryKey(),
  /** The order of the runs: the newest is the published one, even when two share a clock's instant (tests). */
  seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  computedAt: at('computed_at').notNull(),
  /** 'job' or the audit row's id of the staff command that asked for it. */
  computedBy: text('computed_by').notNull(),
  figures: jsonb('figures').$type<BookFigures>().notNull(),
});
