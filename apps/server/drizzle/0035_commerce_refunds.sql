CREATE TABLE "commerce_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_app_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_sha256" text NOT NULL,
	"command_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_refunds" ADD CONSTRAINT "commerce_refunds_order_id_commerce_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."commerce_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_refunds" ADD CONSTRAINT "commerce_refunds_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_refunds_merchant_refund" ON "commerce_refunds" USING btree ("merchant_app_id","refund_id");--> statement-breakpoint
CREATE INDEX "commerce_refunds_loan" ON "commerce_refunds" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "commerce_refunds_order" ON "commerce_refunds" USING btree ("order_id");