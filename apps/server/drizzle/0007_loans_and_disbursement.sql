CREATE TABLE "disbursements" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"bank_account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"business_date" date NOT NULL,
	"movement" text NOT NULL,
	"source" text NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"entry_id" text NOT NULL,
	"line" smallint NOT NULL,
	"loan_id" text NOT NULL,
	"account" text NOT NULL,
	"side" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_lines_entry_id_line_pk" PRIMARY KEY("entry_id","line")
);
--> statement-breakpoint
CREATE TABLE "loan_bills" (
	"loan_id" text NOT NULL,
	"number" smallint NOT NULL,
	"period_start" date NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"late_fee" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_bills_loan_id_number_pk" PRIMARY KEY("loan_id","number")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"product_id" text NOT NULL,
	"product" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"amount_received" bigint NOT NULL,
	"period" text NOT NULL,
	"purpose_id" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"account" jsonb,
	"bank_account_id" text NOT NULL,
	"fail_status" smallint DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"agreement_version" text NOT NULL,
	"agreement_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"accepted_ip" text NOT NULL,
	"locale" text NOT NULL,
	"disbursed_on" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_disbursements" (
	"reference" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"account_last_digits" text NOT NULL,
	"status" text NOT NULL,
	"planned_failure" text,
	"failure_code" text,
	"callback_body" text,
	"callback_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now a borrower's one account not replaced was where loans went: it becomes the default card.
UPDATE "bank_accounts" SET "is_default" = true WHERE "replaced_at" IS NULL;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_bills" ADD CONSTRAINT "loan_bills_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disbursements_loan" ON "disbursements" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_one_in_flight" ON "disbursements" USING btree ("loan_id") WHERE "disbursements"."status" in ('queued', 'sending', 'pending');--> statement-breakpoint
CREATE INDEX "ledger_entries_loan" ON "ledger_entries" USING btree ("loan_id","business_date");--> statement-breakpoint
CREATE INDEX "ledger_lines_loan" ON "ledger_lines" USING btree ("loan_id","account");--> statement-breakpoint
CREATE INDEX "loan_bills_due" ON "loan_bills" USING btree ("state","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_idempotency" ON "loans" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."state" in ('awaiting-disbursement', 'disbursement-failed', 'active', 'overdue', 'written-off');--> statement-breakpoint
CREATE INDEX "loans_user_time" ON "loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_disbursements_external" ON "sandbox_disbursements" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."is_default" and "bank_accounts"."replaced_at" is null;