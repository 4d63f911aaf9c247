CREATE TABLE "analytics_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"device_id" text NOT NULL,
	"fingerprint" text,
	"channel" text,
	"promote_platform" text,
	"promote_agency" text,
	"page" text,
	"params" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_user" ON "analytics_events" USING btree ("user_id");