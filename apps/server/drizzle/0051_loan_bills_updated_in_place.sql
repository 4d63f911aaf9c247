-- The nightly book's bill updates written in place (issue 24). The bills need no index but their key: a loan's bills,
-- and its unpaid ones, are found through the key's loan_id prefix (a loan has at most a few dozen bills), and the
-- reminders' and figures' reads go from the loans to their bills. With `state` in no index and a
-- quarter of each page left free, a night's change to a bill (a late fee, income recognised, a bill going overdue)
-- is a HOT update: the new version on the same page, no index entry written. On the accrual bench's worst night of
-- 100,000 loans, over 99 % of its ~195,000 bill updates were HOT with this, under 0.1 % before (2026-12-03).
DROP INDEX "loan_bills_due";--> statement-breakpoint
DROP INDEX "loan_bills_unpaid";--> statement-breakpoint
ALTER TABLE "loan_bills" SET (fillfactor = 75);--> statement-breakpoint
-- The fill factor holds for pages written from now on; CLUSTER rewrites the bills already stored with it (and each
-- loan's bills together). It locks the table while it runs: at a million loans, a maintenance window.
CLUSTER "loan_bills" USING "loan_bills_loan_id_number_pk";
