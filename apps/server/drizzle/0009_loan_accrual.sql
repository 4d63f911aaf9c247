ALTER TABLE "loans" ADD COLUMN "accrued_through" date;--> statement-breakpoint
CREATE INDEX "loans_accrual" ON "loans" USING btree ("accrued_through") WHERE "loans"."state" in ('active', 'overdue');--> statement-breakpoint
UPDATE "loans" SET "accrued_through" = ("account"->>'asOf')::date WHERE "account" IS NOT NULL;
