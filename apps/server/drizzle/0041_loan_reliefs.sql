CREATE TABLE "loan_reliefs" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"days_asked" integer NOT NULL,
	"reason_enc" text NOT NULL,
	"locale" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"days_offered" integer,
	"offered_bills" jsonb,
	"offer_expires_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"answer" text,
	"accepted_at" timestamp with time zone,
	"accepted_bills" jsonb,
	"late_fees_kept" integer,
	"addendum_key" text,
	"addendum_sha256" text,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD CONSTRAINT "loan_reliefs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD CONSTRAINT "loan_reliefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD CONSTRAINT "loan_reliefs_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_reliefs_open" ON "loan_reliefs" USING btree ("loan_id") WHERE "loan_reliefs"."status" in ('requested', 'offered');--> statement-breakpoint
CREATE INDEX "loan_reliefs_user" ON "loan_reliefs" USING btree ("user_id","asked_at");--> statement-breakpoint
CREATE INDEX "loan_reliefs_status" ON "loan_reliefs" USING btree ("status","asked_at");