DROP INDEX "loans_accrual";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "next_accrual_on" date;--> statement-breakpoint
CREATE INDEX "loans_next_accrual" ON "loans" USING btree ("next_accrual_on") WHERE "loans"."state" in ('active', 'overdue');--> statement-breakpoint
UPDATE "loans" SET "next_accrual_on" = "accrued_through" + 1 WHERE "state" in ('active', 'overdue') AND "accrued_through" IS NOT NULL;
