CREATE TABLE "sign_in_devices" (
	"family_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_key_hash" text NOT NULL,
	"label" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_devices_user" ON "sign_in_devices" USING btree ("user_id","device_key_hash");