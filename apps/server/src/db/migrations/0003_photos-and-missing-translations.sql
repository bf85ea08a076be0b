CREATE TABLE "missing_translations" (
	"language" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"fallback" text DEFAULT '' NOT NULL,
	"reports" integer DEFAULT 1 NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missing_translations_language_namespace_key_pk" PRIMARY KEY("language","namespace","key")
);
--> statement-breakpoint
CREATE TABLE "student_photos" (
	"school_id" text NOT NULL,
	"photo_id" uuid NOT NULL,
	"enroll_number" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_photos_school_id_photo_id_pk" PRIMARY KEY("school_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "student_photos" ADD CONSTRAINT "student_photos_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;