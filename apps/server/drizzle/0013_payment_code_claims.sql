CREATE TABLE "payment_code_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"token" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_code_claims" ADD CONSTRAINT "payment_code_claims_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;