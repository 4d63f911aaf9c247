-- A loan's short text columns kept in its row (storage PLAIN), never moved to TOAST. 0047's toast_tuple_target of
-- 128 bytes meant for the JSON: with it PostgreSQL also moved every text value longer than ~24 bytes out of the row
-- while the row stayed above 128 bytes, so a loan's uuid id and user_id, its bank account id and agreement hash lived
-- in TOAST; every index entry a night's update wrote, every join on the id and every `returning` fetched them back
-- from there (the accrual bench's worst night and baseline about twice as slow with uuid ids as with short ones,
-- 2026-12-03). Each column here is bounded by the API (ids, hashes, an IP, a locale, states; the order token at 100
-- characters), so a row can never outgrow its page. Setting the storage changes no row: the UPDATE brings the values
-- already in TOAST back into their rows (a rewrite of every loan: at a million loans, a maintenance window).
ALTER TABLE "loans" ALTER COLUMN "id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "user_id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "idempotency_key" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "state" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "product_id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "period" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "bank_account_id" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "agreement_version" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "agreement_sha256" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "accepted_ip" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "locale" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "late_fee_base" SET STORAGE PLAIN;--> statement-breakpoint
-- A value assigned anew is formed in the row; an unchanged one would keep its TOAST pointer.
UPDATE "loans" SET
  "id" = "id" || '', "user_id" = "user_id" || '', "idempotency_key" = "idempotency_key" || '',
  "state" = "state" || '', "product_id" = "product_id" || '', "period" = "period" || '',
  "bank_account_id" = "bank_account_id" || '', "agreement_version" = "agreement_version" || '',
  "agreement_sha256" = "agreement_sha256" || '', "accepted_ip" = "accepted_ip" || '', "locale" = "locale" || '',
  "late_fee_base" = "late_fee_base" || '';
