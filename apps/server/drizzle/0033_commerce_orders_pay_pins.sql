CREATE TABLE "commerce_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_app_id" text NOT NULL,
	"merchant_order_id" text NOT NULL,
	"request_sha256" text NOT NULL,
	"sign_key_hash" text NOT NULL,
	"amount" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"return_url" text NOT NULL,
	"buyer_uid" text,
	"status" text NOT NULL,
	"user_id" text,
	"loan_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_pins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_pins" ADD CONSTRAINT "pay_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_merchant_order" ON "commerce_orders" USING btree ("merchant_app_id","merchant_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_sign_key" ON "commerce_orders" USING btree ("sign_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_loan" ON "commerce_orders" USING btree ("loan_id") WHERE "commerce_orders"."loan_id" is not null;--> statement-breakpoint
CREATE INDEX "commerce_orders_user" ON "commerce_orders" USING btree ("user_id");