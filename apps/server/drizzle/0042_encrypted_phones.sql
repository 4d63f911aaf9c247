-- Phone numbers move to encrypted columns with keyed lookup hashes (issue 24), as 0038 moved the profile's fields.
-- SQL has no key, so this only adds the new columns: the encrypt-clear-columns step (src/db/encrypt-clear-columns.ts),
-- run by the app at start after the migrations, seals each row's clear number, then drops the clear columns (and with
-- users.phone its unique constraint) and makes the required new ones NOT NULL. Until then the clear columns stay, no
-- longer required, so the new code's inserts (which leave them out) succeed.
ALTER TABLE "users" ADD COLUMN "phone_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_hash_unique" UNIQUE("phone_hash");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "borrower_verifications" ADD COLUMN "whatsapp_phone_enc" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "recipient_enc" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "recipient_hash" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ALTER COLUMN "recipient" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" USING btree ("recipient_hash","created_at");--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
DROP INDEX "sms_codes_phone_idx";--> statement-breakpoint
CREATE INDEX "sms_codes_phone_hash_idx" ON "sms_codes" USING btree ("phone_hash","created_at");
--> statement-breakpoint
-- Rate-limit subjects are keyed hashes from now on (rate-limiter.ts): the clear ones (phones, addresses) go, and with
-- them the current windows, which start again at deploy (no window is longer than a day).
DELETE FROM "rate_events";