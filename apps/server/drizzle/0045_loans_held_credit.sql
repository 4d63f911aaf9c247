ALTER TABLE "loans" ADD COLUMN "held_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Loans stored before the column: their accounts' held credit.
UPDATE "loans" SET "held_credit" = ("account"->>'credit')::bigint WHERE "account" IS NOT NULL AND ("account"->>'credit')::bigint <> 0;
