CREATE TABLE "api_keys" (
	"key_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"school_id" text NOT NULL,
	"audit_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_id" uuid,
	"staff_id" text,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_school_id_audit_id_pk" PRIMARY KEY("school_id","audit_id")
);
--> statement-breakpoint
CREATE TABLE "school_data_imports" (
	"import_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"key_id" uuid,
	"outcome" text NOT NULL,
	"dry_run" text DEFAULT '0' NOT NULL,
	"bundle_hash" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_data_sources" (
	"school_id" text PRIMARY KEY NOT NULL,
	"org_sourced_id" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"school_id" text NOT NULL,
	"class_id" text NOT NULL,
	"class_type" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"subject_id" text,
	"grade_code" text DEFAULT '' NOT NULL,
	"section_code" text DEFAULT '' NOT NULL,
	"grade_name_en" text DEFAULT '' NOT NULL,
	"grade_name_ar" text DEFAULT '' NOT NULL,
	"section_name_en" text DEFAULT '' NOT NULL,
	"section_name_ar" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"term_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "classes_school_id_class_id_pk" PRIMARY KEY("school_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"school_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"class_id" text NOT NULL,
	"role" text NOT NULL,
	"person_id" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"begins_on" date,
	"ends_on" date,
	CONSTRAINT "enrollments_school_id_enrollment_id_pk" PRIMARY KEY("school_id","enrollment_id")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"school_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"role" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_school_id_staff_id_pk" PRIMARY KEY("school_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "student_details" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"birth_date" date,
	"sex" text,
	CONSTRAINT "student_details_school_id_enroll_number_pk" PRIMARY KEY("school_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"school_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "subjects_school_id_subject_id_pk" PRIMARY KEY("school_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"school_id" text NOT NULL,
	"term_id" text NOT NULL,
	"academic_year" text NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "terms_school_id_term_id_pk" PRIMARY KEY("school_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_categories" (
	"school_id" text NOT NULL,
	"category_id" text NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"weight" double precision,
	"removed_at" timestamp with time zone,
	CONSTRAINT "assessment_categories_school_id_category_id_pk" PRIMARY KEY("school_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_results" (
	"school_id" text NOT NULL,
	"result_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"score_status" text NOT NULL,
	"score" double precision,
	"text_score" text DEFAULT '' NOT NULL,
	"scored_on" date,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "assessment_results_school_id_result_id_pk" PRIMARY KEY("school_id","result_id")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"school_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"class_id" text NOT NULL,
	"category_id" text NOT NULL,
	"term_id" text,
	"scale_id" text,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"assigned_on" date,
	"due_on" date,
	"result_min" double precision,
	"result_max" double precision,
	"results_published_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "assessments_school_id_assessment_id_pk" PRIMARY KEY("school_id","assessment_id")
);
--> statement-breakpoint
CREATE TABLE "grading_scales" (
	"school_id" text NOT NULL,
	"scale_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"scale_type" text DEFAULT '' NOT NULL,
	"class_id" text,
	"subject_id" text,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "grading_scales_school_id_scale_id_pk" PRIMARY KEY("school_id","scale_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_done" (
	"school_id" text NOT NULL,
	"item_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_done_school_id_item_id_enroll_number_pk" PRIMARY KEY("school_id","item_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "agenda_items" (
	"school_id" text NOT NULL,
	"item_id" text NOT NULL,
	"class_id" text NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"detail_en" text DEFAULT '' NOT NULL,
	"detail_ar" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "agenda_items_school_id_item_id_pk" PRIMARY KEY("school_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_days" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"arrived_at" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_days_school_id_enroll_number_day_pk" PRIMARY KEY("school_id","enroll_number","day")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_school_id_parent_id_pk" PRIMARY KEY("school_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "school_calendar" (
	"school_id" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"detail_en" text DEFAULT '' NOT NULL,
	"detail_ar" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"starts_at" text,
	"ends_at" text,
	"audience_grades" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "school_calendar_school_id_event_id_pk" PRIMARY KEY("school_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "timetable_periods" (
	"school_id" text NOT NULL,
	"period_id" text NOT NULL,
	"class_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"period_no" integer NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"staff_id" text,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "timetable_periods_school_id_period_id_pk" PRIMARY KEY("school_id","period_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"category" text NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "notification_preferences_school_id_parent_id_category_pk" PRIMARY KEY("school_id","parent_id","category")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"school_id" text NOT NULL,
	"notification_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"enroll_number" text,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mail_state" text NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_school_id_notification_id_pk" PRIMARY KEY("school_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "parent_settings" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"digest_at" text DEFAULT '18:00' NOT NULL,
	"last_digest_on" text,
	CONSTRAINT "parent_settings_school_id_parent_id_pk" PRIMARY KEY("school_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "acknowledgements" (
	"school_id" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"parent_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acknowledgements_school_id_subject_kind_subject_id_enroll_number_pk" PRIMARY KEY("school_id","subject_kind","subject_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "attachment_blobs" (
	"school_id" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "attachment_blobs_school_id_sha256_pk" PRIMARY KEY("school_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"school_id" text NOT NULL,
	"attachment_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_school_id_attachment_id_pk" PRIMARY KEY("school_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"school_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "request_events_school_id_request_id_seq_pk" PRIMARY KEY("school_id","request_id","seq")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"school_id" text NOT NULL,
	"request_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text NOT NULL,
	"status" text NOT NULL,
	"enroll_numbers" text[] NOT NULL,
	"payload" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_school_id_request_id_pk" PRIMARY KEY("school_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "academic_years" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "weekend_days" integer[] DEFAULT '{6,7}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_data_imports" ADD CONSTRAINT "school_data_imports_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_data_sources" ADD CONSTRAINT "school_data_sources_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_school_id_class_id_classes_school_id_class_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_details" ADD CONSTRAINT "student_details_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_categories" ADD CONSTRAINT "assessment_categories_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_school_id_assessment_id_assessments_school_id_assessment_id_fk" FOREIGN KEY ("school_id","assessment_id") REFERENCES "public"."assessments"("school_id","assessment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_scales" ADD CONSTRAINT "grading_scales_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_done" ADD CONSTRAINT "agenda_done_school_id_item_id_agenda_items_school_id_item_id_fk" FOREIGN KEY ("school_id","item_id") REFERENCES "public"."agenda_items"("school_id","item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_calendar" ADD CONSTRAINT "school_calendar_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_settings" ADD CONSTRAINT "parent_settings_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_blobs" ADD CONSTRAINT "attachment_blobs_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_school_idx" ON "api_keys" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("school_id","at");--> statement-breakpoint
CREATE INDEX "school_data_imports_school_idx" ON "school_data_imports" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_class_person_idx" ON "enrollments" USING btree ("school_id","class_id","role","person_id");--> statement-breakpoint
CREATE INDEX "enrollments_person_idx" ON "enrollments" USING btree ("school_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_results_child_idx" ON "assessment_results" USING btree ("school_id","assessment_id","enroll_number");--> statement-breakpoint
CREATE INDEX "assessment_results_enroll_idx" ON "assessment_results" USING btree ("school_id","enroll_number");--> statement-breakpoint
CREATE INDEX "assessments_class_idx" ON "assessments" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE INDEX "agenda_items_class_idx" ON "agenda_items" USING btree ("school_id","class_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "school_calendar_days_idx" ON "school_calendar" USING btree ("school_id","starts_on");--> statement-breakpoint
CREATE INDEX "timetable_periods_class_idx" ON "timetable_periods" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("school_id","parent_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("school_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("mail_state","created_at");--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE INDEX "attachments_unused_idx" ON "attachments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "requests_parent_idx" ON "requests" USING btree ("school_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("school_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_school_sourced_id_idx" ON "academic_years" USING btree ("school_id","sourced_id") WHERE "academic_years"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "parents_school_sourced_id_idx" ON "parents" USING btree ("school_id","sourced_id") WHERE "parents"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_sourced_id_idx" ON "students" USING btree ("school_id","sourced_id") WHERE "students"."sourced_id" is not null;