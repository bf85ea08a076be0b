CREATE TABLE "academic_years" (
	"school_id" text NOT NULL,
	"year" text NOT NULL,
	"description" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "academic_years_school_id_year_pk" PRIMARY KEY("school_id","year")
);
--> statement-breakpoint
CREATE TABLE "school_admission_periods" (
	"school_id" text NOT NULL,
	"position" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "school_admission_periods_school_id_position_pk" PRIMARY KEY("school_id","position")
);
--> statement-breakpoint
CREATE TABLE "school_banner_texts" (
	"school_id" text NOT NULL,
	"position" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text NOT NULL,
	CONSTRAINT "school_banner_texts_school_id_position_pk" PRIMARY KEY("school_id","position")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"school_id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"logo_url" text NOT NULL,
	"lic_lms_url" text DEFAULT '' NOT NULL,
	"lic_website_url" text DEFAULT '' NOT NULL,
	"lic_loginpg" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_role_applications" (
	"school_id" text NOT NULL,
	"role" text NOT NULL,
	"application_code" text NOT NULL,
	CONSTRAINT "school_role_applications_school_id_role_application_code_pk" PRIMARY KEY("school_id","role","application_code")
);
--> statement-breakpoint
CREATE TABLE "parent_students" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "parent_students_school_id_parent_id_enroll_number_pk" PRIMARY KEY("school_id","parent_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"username" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"email" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parents_school_id_parent_id_pk" PRIMARY KEY("school_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"academic_status" text NOT NULL,
	"full_name" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"image_lowres_url" text DEFAULT '' NOT NULL,
	"passport_first_name_en" text DEFAULT '' NOT NULL,
	"passport_middle_name_en" text DEFAULT '' NOT NULL,
	"passport_last_name_en" text DEFAULT '' NOT NULL,
	"academic_year" text NOT NULL,
	"cur_code" text NOT NULL,
	"grade_code" text NOT NULL,
	"section_code" text NOT NULL,
	"grade_name_en" text NOT NULL,
	"section_name_en" text NOT NULL,
	CONSTRAINT "students_school_id_enroll_number_pk" PRIMARY KEY("school_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "dashboard_layouts" (
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"layout_data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_layouts_school_id_parent_id_pk" PRIMARY KEY("school_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"school_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"parent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_school_id_token_hash_pk" PRIMARY KEY("school_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_admission_periods" ADD CONSTRAINT "school_admission_periods_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_banner_texts" ADD CONSTRAINT "school_banner_texts_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_role_applications" ADD CONSTRAINT "school_role_applications_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_role_applications" ADD CONSTRAINT "school_role_applications_application_code_applications_code_fk" FOREIGN KEY ("application_code") REFERENCES "public"."applications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parents_school_username_idx" ON "parents" USING btree ("school_id",lower("username"));--> statement-breakpoint
CREATE INDEX "sessions_school_parent_idx" ON "sessions" USING btree ("school_id","parent_id");