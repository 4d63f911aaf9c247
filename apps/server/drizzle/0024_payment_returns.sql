ALTER TABLE "refunds" ALTER COLUMN "loan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment" ON "refunds" USING btree ("payment_id") WHERE state <> 'cancelled';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_of_loan_or_payment" CHECK (("refunds"."loan_id" is null) <> ("refunds"."payment_id" is null));