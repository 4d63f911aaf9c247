CREATE TABLE "loan_dispute_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_dispute_holds" ADD CONSTRAINT "loan_dispute_holds_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_dispute_holds_source" ON "loan_dispute_holds" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "loan_dispute_holds_loan" ON "loan_dispute_holds" USING btree ("loan_id");