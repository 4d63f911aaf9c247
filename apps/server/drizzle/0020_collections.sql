CREATE TABLE "collection_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"contacted_at" timestamp with time zone NOT NULL,
	"command_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_promises" (
	"id" text PRIMARY KEY NOT NULL,
	"loan_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"promised_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"command_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_contacts_loan" ON "collection_contacts" USING btree ("loan_id","contacted_at");--> statement-breakpoint
CREATE INDEX "payment_promises_loan" ON "payment_promises" USING btree ("loan_id","created_at");--> statement-breakpoint
-- hand-written:
-- The contact log and the promises are append-only: what a collector recorded is never changed or removed.
CREATE FUNCTION "collections_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "collection_contacts_no_update_or_delete" BEFORE UPDATE OR DELETE ON "collection_contacts"
  FOR EACH ROW EXECUTE FUNCTION "collections_append_only"();--> statement-breakpoint
CREATE TRIGGER "payment_promises_no_update_or_delete" BEFORE UPDATE OR DELETE ON "payment_promises"
  FOR EACH ROW EXECUTE FUNCTION "collections_append_only"();

