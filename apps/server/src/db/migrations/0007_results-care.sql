CREATE TABLE "report_card_opens" (
	"school_id" text NOT NULL,
	"report_card_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_card_opens_school_id_report_card_id_parent_id_pk" PRIMARY KEY("school_id","report_card_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "report_cards" (
	"school_id" text NOT NULL,
	"report_card_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"term_id" text,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"pdf_en" "bytea",
	"pdf_ar" "bytea",
	"remark_en" text DEFAULT '' NOT NULL,
	"remark_ar" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"publish_notified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_cards_school_id_report_card_id_pk" PRIMARY KEY("school_id","report_card_id")
);
--> statement-breakpoint
CREATE TABLE "care_comments" (
	"school_id" text NOT NULL,
	"record_id" text NOT NULL,
	"seq" integer NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_comments_school_id_record_id_seq_pk" PRIMARY KEY("school_id","record_id","seq")
);
--> statement-breakpoint
CREATE TABLE "care_records" (
	"school_id" text NOT NULL,
	"record_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"detail_en" text DEFAULT '' NOT NULL,
	"detail_ar" text DEFAULT '' NOT NULL,
	"category_en" text DEFAULT '' NOT NULL,
	"category_ar" text DEFAULT '' NOT NULL,
	"points" integer,
	"staff_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" text,
	"wellbeing_score" integer,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "care_records_school_id_record_id_pk" PRIMARY KEY("school_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "medical_profiles" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"blood_group" text DEFAULT '' NOT NULL,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_en" text DEFAULT '' NOT NULL,
	"dietary_ar" text DEFAULT '' NOT NULL,
	"reviewed_on" date,
	"removed_at" timestamp with time zone,
	CONSTRAINT "medical_profiles_school_id_enroll_number_pk" PRIMARY KEY("school_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "sensitive_reads" (
	"school_id" text NOT NULL,
	"read_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"module" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_reads_school_id_read_id_pk" PRIMARY KEY("school_id","read_id")
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "release_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_card_opens" ADD CONSTRAINT "report_card_opens_school_id_report_card_id_report_cards_school_id_report_card_id_fk" FOREIGN KEY ("school_id","report_card_id") REFERENCES "public"."report_cards"("school_id","report_card_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_opens" ADD CONSTRAINT "report_card_opens_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cards" ADD CONSTRAINT "report_cards_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_comments" ADD CONSTRAINT "care_comments_school_id_record_id_care_records_school_id_record_id_fk" FOREIGN KEY ("school_id","record_id") REFERENCES "public"."care_records"("school_id","record_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_records" ADD CONSTRAINT "care_records_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_records" ADD CONSTRAINT "care_records_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_cards_child_idx" ON "report_cards" USING btree ("school_id","enroll_number");--> statement-breakpoint
CREATE INDEX "report_cards_id_idx" ON "report_cards" USING btree ("report_card_id");--> statement-breakpoint
CREATE INDEX "care_records_child_idx" ON "care_records" USING btree ("school_id","enroll_number","kind");--> statement-breakpoint
CREATE INDEX "sensitive_reads_child_idx" ON "sensitive_reads" USING btree ("school_id","enroll_number","at");