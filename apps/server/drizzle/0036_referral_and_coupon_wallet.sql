CREATE TABLE "borrower_coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"coupon_id" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_loan_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"friend_user_id" text PRIMARY KEY NOT NULL,
	"referrer_user_id" text NOT NULL,
	"code" text NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"rewarded_at" timestamp with time zone,
	"coupon_id" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_channel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "promote_platform" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "promote_agency" text;--> statement-breakpoint
ALTER TABLE "borrower_coupons" ADD CONSTRAINT "borrower_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_coupons" ADD CONSTRAINT "borrower_coupons_used_loan_id_loans_id_fk" FOREIGN KEY ("used_loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_user_id_users_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_coupons_once" ON "borrower_coupons" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "borrower_coupons_user" ON "borrower_coupons" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer" ON "referrals" USING btree ("referrer_user_id");