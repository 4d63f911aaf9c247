CREATE TABLE "approval_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"command" text NOT NULL,
	"input" jsonb NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"preview" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_pending" ON "approval_requests" USING btree ("command","subject_type","subject_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_state" ON "approval_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "approval_requests_requester" ON "approval_requests" USING btree ("requested_by","requested_at");--> statement-breakpoint
CREATE INDEX "payments_review" ON "payments" USING btree ("created_at") WHERE status = 'review';