CREATE TABLE "loan_product_versions" (
	"product_id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"command_id" text NOT NULL,
	"approved_by" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_product_versions_product_id_version_pk" PRIMARY KEY("product_id","version")
);
