ALTER TABLE "loan_reliefs" ALTER COLUMN "days_asked" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD COLUMN "kind" text DEFAULT 'defer' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD COLUMN "extra_asked" integer;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD COLUMN "extra_offered" integer;--> statement-breakpoint
ALTER TABLE "loan_reliefs" ADD CONSTRAINT "loan_reliefs_terms" CHECK (("loan_reliefs"."kind" = 'defer' and "loan_reliefs"."days_asked" is not null and "loan_reliefs"."extra_asked" is null and "loan_reliefs"."extra_offered" is null)
        or ("loan_reliefs"."kind" = 'spread' and "loan_reliefs"."extra_asked" is not null and "loan_reliefs"."days_asked" is null and "loan_reliefs"."days_offered" is null));