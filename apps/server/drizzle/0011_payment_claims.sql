CREATE TABLE "payment_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"user_id" text NOT NULL,
	"loan_id" text,
	"channel_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"paid_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text,
	"proof_key" text,
	"status" text NOT NULL,
	"matched_payment_id" text,
	"answer_by" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_matched_payment_id_payments_id_fk" FOREIGN KEY ("matched_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_case_number" ON "payment_claims" USING btree ("case_number");--> statement-breakpoint
CREATE INDEX "payment_claims_user_time" ON "payment_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_one_open" ON "payment_claims" USING btree ("user_id","amount","paid_on") WHERE status in ('open', 'matched');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_matched_payment" ON "payment_claims" USING btree ("matched_payment_id") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "payment_claims_status" ON "payment_claims" USING btree ("status","created_at");