-- What the nightly accrual moves leaves the loan's JSON account for narrow columns (loan-orders-schema.ts): added
-- empty, filled from each account's instalments, then required; the accounts lose the fields the columns now hold.
ALTER TABLE "loan_bills" ADD COLUMN "days" smallint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "contract_interest" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "contract_fee" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "returned_interest" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "returned_fee" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "unpaid_principal" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "unpaid_interest" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "unpaid_fee" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "recognized_interest" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "recognized_fee" bigint;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "late_fee_through" date;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD COLUMN "late_fee_runs" jsonb;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "late_fee_base" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "daily_late_fee_num" numeric;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "daily_late_fee_den" numeric;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "late_fee_ceiling" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "disputed_since" date;--> statement-breakpoint
UPDATE "loan_bills" lb SET
  "days" = (b->>'days')::int,
  "contract_interest" = (b->'contract'->>'interest')::bigint,
  "contract_fee" = (b->'contract'->>'fee')::bigint,
  "returned_interest" = (b->'returnedUse'->>'interest')::bigint,
  "returned_fee" = (b->'returnedUse'->>'fee')::bigint,
  "unpaid_principal" = (b->'due'->>'principal')::bigint - (b->'paid'->>'principal')::bigint
    - (b->'waived'->>'principal')::bigint - (b->'writtenOff'->>'principal')::bigint,
  "unpaid_interest" = (b->'due'->>'interest')::bigint - (b->'paid'->>'interest')::bigint
    - (b->'waived'->>'interest')::bigint - (b->'writtenOff'->>'interest')::bigint,
  "unpaid_fee" = (b->'due'->>'fee')::bigint - (b->'paid'->>'fee')::bigint
    - (b->'waived'->>'fee')::bigint - (b->'writtenOff'->>'fee')::bigint,
  "recognized_interest" = (b->'recognized'->>'interest')::bigint,
  "recognized_fee" = (b->'recognized'->>'fee')::bigint,
  "late_fee_through" = (b->>'lateFeeThrough')::date,
  "late_fee_runs" = b->'lateFeeRuns'
FROM "loans" l CROSS JOIN LATERAL jsonb_array_elements(l."account"->'instalments') AS b
WHERE l."account" IS NOT NULL AND lb."loan_id" = l."id" AND lb."number" = (b->>'number')::int;--> statement-breakpoint
UPDATE "loans" SET
  "late_fee_base" = "account"->>'lateFeeBase',
  "daily_late_fee_num" = ("account"->'dailyLateFee'->'num'->>'$bigint')::numeric,
  "daily_late_fee_den" = ("account"->'dailyLateFee'->'den'->>'$bigint')::numeric,
  "late_fee_ceiling" = ("account"->>'lateFeeCeiling')::bigint,
  "disputed_since" = ("account"->>'disputedSince')::date,
  "account" = ("account" - 'asOf' - 'state') || jsonb_build_object('instalments', (
    SELECT coalesce(jsonb_agg(
      (b - 'state' - 'recognized' - 'lateFeeThrough' - 'lateFeeRuns') || jsonb_build_object('due', (b->'due') - 'lateFee')
      ORDER BY k), '[]'::jsonb)
    FROM jsonb_array_elements("account"->'instalments') WITH ORDINALITY AS e(b, k)))
WHERE "account" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "contract_interest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "contract_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "unpaid_principal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "unpaid_interest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "unpaid_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "recognized_interest" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "recognized_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_bills" ALTER COLUMN "late_fee_through" SET NOT NULL;
