CREATE TABLE "borrower_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"whatsapp_phone" text,
	"whatsapp_verified_at" timestamp with time zone,
	"face_status" text DEFAULT 'none' NOT NULL,
	"face_reason" text,
	"selfie_key" text,
	"face_passed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decide_after" timestamp with time zone NOT NULL,
	"longitude" text NOT NULL,
	"latitude" text NOT NULL,
	"locale" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"limit_amount" bigint,
	"reapply_date" date,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"distance" real,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reapply_on" date;--> statement-breakpoint
ALTER TABLE "borrower_verifications" ADD CONSTRAINT "borrower_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_checks" ADD CONSTRAINT "face_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_user" ON "credit_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_auditing" ON "credit_applications" USING btree ("user_id") WHERE "credit_applications"."state" = 'auditing';--> statement-breakpoint
CREATE INDEX "face_checks_user_time" ON "face_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_time" ON "feedback" USING btree ("user_id","created_at");