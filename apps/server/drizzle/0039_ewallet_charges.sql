ALTER TABLE "payment_codes" ADD COLUMN "payer_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_codes" ADD COLUMN "return_url" text;