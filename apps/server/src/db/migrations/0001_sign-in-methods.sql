CREATE TABLE "one_time_codes" (
	"school_id" text NOT NULL,
	"code_id" uuid NOT NULL,
	"parent_id" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"pending_password_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_school_id_code_id_pk" PRIMARY KEY("school_id","code_id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_guards" (
	"school_id" text NOT NULL,
	"username_key" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_guards_school_id_username_key_pk" PRIMARY KEY("school_id","username_key")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "google_client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "facebook_app_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "facebook_app_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "facebook_id" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_guards" ADD CONSTRAINT "sign_in_guards_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_parent_idx" ON "one_time_codes" USING btree ("school_id","parent_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "parents_school_google_sub_idx" ON "parents" USING btree ("school_id","google_sub") WHERE "parents"."google_sub" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "parents_school_facebook_id_idx" ON "parents" USING btree ("school_id","facebook_id") WHERE "parents"."facebook_id" is not null;