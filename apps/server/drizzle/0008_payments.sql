CREATE TABLE "payment_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"provider" text NOT NULL,
	"number" text NOT NULL,
	"biller_code" text,
	"amount" bigint NOT NULL,
	"repayment_type" text NOT NULL,
	"bill_number" smallint,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"payment_code_id" text,
	"loan_id" text,
	"user_id" text,
	"channel_id" text,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"paid" jsonb,
	"credit_added" bigint DEFAULT 0 NOT NULL,
	"remaining" bigint,
	"bills_paid" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_codes" (
	"reference" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"number" text NOT NULL,
	"biller_code" text,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"callback_body" text NOT NULL,
	"callback_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_codes_loan" ON "payment_codes" USING btree ("loan_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_time" ON "payments" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_codes_external" ON "sandbox_payment_codes" USING btree ("external_id");