ALTER TABLE "feedback" ADD COLUMN "kind" text DEFAULT 'feedback' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "closed_by" text;--> statement-breakpoint
CREATE INDEX "feedback_status_time" ON "feedback" USING btree ("status","created_at");
