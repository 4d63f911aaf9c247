ALTER TABLE "staff" ADD COLUMN "one_time_password_expires_at" timestamp with time zone;--> statement-breakpoint
-- A one-time password set before this version signs in for ONE_TIME_PASSWORD_HOURS (72) from now, like a new one.
UPDATE "staff" SET "one_time_password_expires_at" = now() + interval '72 hours' WHERE "password_is_one_time";
