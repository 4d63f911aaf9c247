-- Personal fields move to encrypted columns (issue 24). SQL has no key, so this only adds the new columns: the
-- encrypt-clear-columns step (src/db/encrypt-clear-columns.ts), run by the app at start after the migrations,
-- encrypts each row's clear values, then drops the clear columns and makes the two required new ones NOT NULL.
-- Until then the clear columns stay, no longer required, so the new code's inserts (which leave them out) succeed.
ALTER TABLE "bank_accounts" ADD COLUMN "holder_name_enc" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "holder_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "name_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "name_word_hashes" text[];--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "birth_date_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "mother_maiden_name_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "address_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "email_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "company_name_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "company_phone_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "company_address_enc" text;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD COLUMN "contacts_enc" text;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD COLUMN "location_enc" text;--> statement-breakpoint
ALTER TABLE "credit_applications" ALTER COLUMN "longitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_applications" ALTER COLUMN "latitude" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "borrower_profiles_name_words" ON "borrower_profiles" USING gin ("name_word_hashes");
