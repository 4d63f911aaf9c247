CREATE TABLE "complaint_events" (
	"id" text PRIMARY KEY NOT NULL,
	"complaint_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"answer_by" date,
	"staff_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" text PRIMARY KEY NOT NULL,
	"case_number" text NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"text_enc" text NOT NULL,
	"loan_id" text,
	"payment_id" text,
	"photo_key" text,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"first_answer_by" date NOT NULL,
	"answer_by" date NOT NULL,
	"extended_at" timestamp with time zone,
	"extension_reason" text,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_events_position" ON "complaint_events" USING btree ("complaint_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_case_number" ON "complaints" USING btree ("case_number");--> statement-breakpoint
CREATE INDEX "complaints_user_time" ON "complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_queue" ON "complaints" USING btree ("status","answer_by");