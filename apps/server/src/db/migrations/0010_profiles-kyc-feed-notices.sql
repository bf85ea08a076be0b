CREATE TABLE "sis_changes" (
	"school_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"sourced_id" text,
	"field" text NOT NULL,
	"value" text,
	"request_id" uuid,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sis_changes_school_id_seq_pk" PRIMARY KEY("school_id","seq")
);
--> statement-breakpoint
CREATE TABLE "kyc_document_types" (
	"school_id" text NOT NULL,
	"type_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"owner" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "kyc_document_types_school_id_type_id_pk" PRIMARY KEY("school_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"school_id" text NOT NULL,
	"document_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text,
	"type_id" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"expires_on" date NOT NULL,
	"attachment_ids" uuid[] NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_school_id_document_id_pk" PRIMARY KEY("school_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "parent_details" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_details_school_id_parent_id_field_pk" PRIMARY KEY("school_id","parent_id","field")
);
--> statement-breakpoint
CREATE TABLE "student_profile_details" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_profile_details_school_id_enroll_number_field_pk" PRIMARY KEY("school_id","enroll_number","field")
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sis_changes" ADD CONSTRAINT "sis_changes_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_types" ADD CONSTRAINT "kyc_document_types_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_details" ADD CONSTRAINT "parent_details_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_details" ADD CONSTRAINT "student_profile_details_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_parent_idx" ON "kyc_documents" USING btree ("school_id","parent_id","type_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_child_idx" ON "kyc_documents" USING btree ("school_id","enroll_number","type_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_expiry_idx" ON "kyc_documents" USING btree ("school_id","expires_on");