CREATE TABLE "callback_inbox" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body_hash" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "callback_inbox_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "callback_inbox_received_idx" ON "callback_inbox" USING btree ("received_at");