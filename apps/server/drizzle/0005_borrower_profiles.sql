CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number_enc" text NOT NULL,
	"account_number_hash" text NOT NULL,
	"holder_name" text NOT NULL,
	"last_digits" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrower_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"ktp_photo_key" text,
	"ocr_text_enc" text,
	"nik_enc" text,
	"nik_hash" text,
	"name" text,
	"birth_date" text,
	"gender" smallint,
	"religion" smallint,
	"marriage" smallint,
	"ktp_saved_at" timestamp with time zone,
	"education" smallint,
	"mother_maiden_name" text,
	"province" text,
	"city" text,
	"district" text,
	"village" text,
	"address" text,
	"zip_code" text,
	"live_duration" smallint,
	"base_saved_at" timestamp with time zone,
	"email" text,
	"residential_status" smallint,
	"other_saved_at" timestamp with time zone,
	"has_job" boolean,
	"career" smallint,
	"income_source" smallint,
	"salary_range" smallint,
	"salary_day" smallint,
	"monthly_income" integer,
	"monthly_spending" integer,
	"other_loan_status" smallint,
	"other_platforms" smallint,
	"job_saved_at" timestamp with time zone,
	"company_name" text,
	"company_phone" text,
	"company_province" text,
	"company_city" text,
	"company_district" text,
	"company_village" text,
	"company_address" text,
	"company_saved_at" timestamp with time zone,
	"contacts" jsonb,
	"expected_amount" integer,
	"expected_period" smallint,
	"contacts_saved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_profiles" ADD CONSTRAINT "borrower_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_number" ON "bank_accounts" USING btree ("account_number_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_profiles_nik_hash" ON "borrower_profiles" USING btree ("nik_hash");