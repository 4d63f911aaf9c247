CREATE TABLE "book_figure_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"as_of" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"computed_by" text NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "book_figure_runs_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "loan_bills_unpaid" ON "loan_bills" USING btree ("loan_id","due_date") WHERE "loan_bills"."state" in ('pending', 'overdue');--> statement-breakpoint
CREATE INDEX "loans_created" ON "loans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "loans_disbursed_on" ON "loans" USING btree ("disbursed_on","id");--> statement-breakpoint
CREATE INDEX "loans_state_created" ON "loans" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_state_disbursed" ON "loans" USING btree ("state","disbursed_on","id");--> statement-breakpoint
CREATE INDEX "loans_amount" ON "loans" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "loans_product_created" ON "loans" USING btree ("product_id","created_at","id");--> statement-breakpoint
-- hand-written:
-- The seeded, invented platform figures: the landing page now shows the computed ones, or none.
DELETE FROM "app_config" WHERE "key" = 'platform_figures';

