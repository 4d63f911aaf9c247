ALTER TABLE "credit_applications" ADD COLUMN "review_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "credit_applications_review_queue" ON "credit_applications" USING btree ("queued_at") WHERE "credit_applications"."state" = 'review';