CREATE TABLE "account_closures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"retention" text NOT NULL,
	"retain_until" date,
	"phone_enc" text,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consent_withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "correction_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"field" text NOT NULL,
	"proposed_enc" text NOT NULL,
	"reason_enc" text NOT NULL,
	"status" text NOT NULL,
	"answer" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_withdrawals" ADD CONSTRAINT "consent_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_due" ON "account_closures" USING btree ("retain_until") WHERE "account_closures"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "consent_withdrawals_user" ON "consent_withdrawals" USING btree ("user_id","withdrawn_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_withdrawals_one_open" ON "consent_withdrawals" USING btree ("user_id","document") WHERE "consent_withdrawals"."restored_at" is null;--> statement-breakpoint
CREATE INDEX "correction_requests_user" ON "correction_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "correction_requests_status" ON "correction_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "correction_requests_one_open" ON "correction_requests" USING btree ("user_id","field") WHERE "correction_requests"."status" = 'open';