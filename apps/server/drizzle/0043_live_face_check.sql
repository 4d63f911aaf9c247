ALTER TABLE "borrower_verifications" ADD COLUMN "face_liveness" text;--> statement-breakpoint
ALTER TABLE "face_checks" ADD COLUMN "liveness" text;--> statement-breakpoint
ALTER TABLE "face_checks" ADD COLUMN "challenge" text;--> statement-breakpoint
CREATE UNIQUE INDEX "face_checks_challenge" ON "face_checks" USING btree ("challenge");