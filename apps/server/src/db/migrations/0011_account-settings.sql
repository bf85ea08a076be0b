CREATE TABLE "sign_ins" (
	"school_id" text NOT NULL,
	"sign_in_id" uuid NOT NULL,
	"parent_id" text NOT NULL,
	"method" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ins_school_id_sign_in_id_pk" PRIMARY KEY("school_id","sign_in_id")
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"pinned_modules" text[] DEFAULT '{}' NOT NULL,
	"language" text,
	"theme" text,
	"requests_seen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_school_id_parent_id_pk" PRIMARY KEY("school_id","parent_id")
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_parent_at_idx" ON "sign_ins" USING btree ("school_id","parent_id","at");