-- The keys and states of the tables the nightly book rewrites compared byte by byte (collation "C", db/columns.ts
-- `key`): the rows are not rewritten, their indexes are rebuilt (at a million loans: minutes under an exclusive lock,
-- so run it in a maintenance window). Joins with other tables' text ids keep working: "C" wins over the default.
ALTER TABLE "ledger_entries" ALTER COLUMN "id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "loan_id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "ledger_lines" ALTER COLUMN "entry_id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "loan_id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "state" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "user_id" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "idempotency_key" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "state" SET DATA TYPE text collate "C";--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "product_id" SET DATA TYPE text collate "C";