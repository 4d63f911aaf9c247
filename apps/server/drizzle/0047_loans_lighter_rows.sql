-- Lighter writes for the nightly book (issue 24): one loan's lines are found through its entries, so lines lose
-- their index by loan; the accrual's entries (no command) leave the command index; borrowers' lists use
-- loans_idempotency's (user_id) prefix. Loan rows (~2.7 kB: product, plan and account JSON inline) are rewritten
-- every night; a lower TOAST target moves that JSON out of line, so the night's updates copy ~0.5 kB a row.
DROP INDEX "ledger_lines_loan";--> statement-breakpoint
DROP INDEX "loans_user_time";--> statement-breakpoint
DROP INDEX "ledger_entries_command";--> statement-breakpoint
CREATE INDEX "ledger_entries_command" ON "ledger_entries" USING btree ("command_id") WHERE "ledger_entries"."command_id" is not null;--> statement-breakpoint
ALTER TABLE "loans" SET (toast_tuple_target = 128);
