CREATE TABLE "circular_recipients" (
	"school_id" text NOT NULL,
	"circular_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	CONSTRAINT "circular_recipients_school_id_circular_id_enroll_number_pk" PRIMARY KEY("school_id","circular_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "circulars" (
	"school_id" text NOT NULL,
	"circular_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_ar" text DEFAULT '' NOT NULL,
	"audience" jsonb NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"ack_by" date,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'import' NOT NULL,
	"created_by" text,
	"published_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "circulars_school_id_circular_id_pk" PRIMARY KEY("school_id","circular_id")
);
--> statement-breakpoint
CREATE TABLE "class_ambassadors" (
	"school_id" text NOT NULL,
	"ambassador_id" text NOT NULL,
	"class_id" text NOT NULL,
	"parent_id" text,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'ambassador' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"since_on" date,
	"removed_at" timestamp with time zone,
	CONSTRAINT "class_ambassadors_school_id_ambassador_id_pk" PRIMARY KEY("school_id","ambassador_id")
);
--> statement-breakpoint
CREATE TABLE "email_archive" (
	"school_id" text NOT NULL,
	"email_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_archive_school_id_email_id_pk" PRIMARY KEY("school_id","email_id")
);
--> statement-breakpoint
CREATE TABLE "exam_materials" (
	"school_id" text NOT NULL,
	"material_id" text NOT NULL,
	"grade_code" text NOT NULL,
	"term_id" text,
	"kind" text NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"subject_ar" text DEFAULT '' NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"file" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "exam_materials_school_id_material_id_pk" PRIMARY KEY("school_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "gallery_albums" (
	"school_id" text NOT NULL,
	"album_id" text NOT NULL,
	"class_id" text,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"taken_on" date NOT NULL,
	"published_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "gallery_albums_school_id_album_id_pk" PRIMARY KEY("school_id","album_id")
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"school_id" text NOT NULL,
	"item_id" text NOT NULL,
	"album_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image_id" text NOT NULL,
	"caption_en" text DEFAULT '' NOT NULL,
	"caption_ar" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "gallery_items_school_id_item_id_pk" PRIMARY KEY("school_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"school_id" text NOT NULL,
	"thread_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"staff_id" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_read_seq" integer DEFAULT 0 NOT NULL,
	"staff_read_seq" integer DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_threads_school_id_thread_id_pk" PRIMARY KEY("school_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"school_id" text NOT NULL,
	"news_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_ar" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_ar" text DEFAULT '' NOT NULL,
	"image_id" text,
	"image_alt_en" text DEFAULT '' NOT NULL,
	"image_alt_ar" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "news_posts_school_id_news_id_pk" PRIMARY KEY("school_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "portal_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_files" (
	"school_id" text NOT NULL,
	"file_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "publication_files_school_id_file_id_pk" PRIMARY KEY("school_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "publication_images" (
	"school_id" text NOT NULL,
	"image_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "publication_images_school_id_image_id_width_pk" PRIMARY KEY("school_id","image_id","width")
);
--> statement-breakpoint
CREATE TABLE "school_policies" (
	"school_id" text NOT NULL,
	"policy_id" text NOT NULL,
	"version" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_ar" text DEFAULT '' NOT NULL,
	"file" jsonb,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"effective_on" date,
	"published_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "school_policies_school_id_policy_id_pk" PRIMARY KEY("school_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "thread_messages" (
	"school_id" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_messages_school_id_thread_id_seq_pk" PRIMARY KEY("school_id","thread_id","seq")
);
--> statement-breakpoint
ALTER TABLE "circular_recipients" ADD CONSTRAINT "circular_recipients_school_id_circular_id_circulars_school_id_circular_id_fk" FOREIGN KEY ("school_id","circular_id") REFERENCES "public"."circulars"("school_id","circular_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_recipients" ADD CONSTRAINT "circular_recipients_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circulars" ADD CONSTRAINT "circulars_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_ambassadors" ADD CONSTRAINT "class_ambassadors_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_archive" ADD CONSTRAINT "email_archive_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_materials" ADD CONSTRAINT "exam_materials_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD CONSTRAINT "gallery_albums_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_files" ADD CONSTRAINT "publication_files_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_images" ADD CONSTRAINT "publication_images_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_policies" ADD CONSTRAINT "school_policies_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_school_id_thread_id_message_threads_school_id_thread_id_fk" FOREIGN KEY ("school_id","thread_id") REFERENCES "public"."message_threads"("school_id","thread_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circular_recipients_child_idx" ON "circular_recipients" USING btree ("school_id","enroll_number");--> statement-breakpoint
CREATE INDEX "circulars_published_idx" ON "circulars" USING btree ("school_id","published_at");--> statement-breakpoint
CREATE INDEX "class_ambassadors_class_idx" ON "class_ambassadors" USING btree ("school_id","class_id");--> statement-breakpoint
CREATE INDEX "email_archive_parent_idx" ON "email_archive" USING btree ("school_id","parent_id","sent_at");--> statement-breakpoint
CREATE INDEX "exam_materials_grade_idx" ON "exam_materials" USING btree ("school_id","grade_code");--> statement-breakpoint
CREATE INDEX "gallery_items_album_idx" ON "gallery_items" USING btree ("school_id","album_id","position");--> statement-breakpoint
CREATE INDEX "message_threads_parent_idx" ON "message_threads" USING btree ("school_id","parent_id","last_message_at");--> statement-breakpoint
CREATE INDEX "message_threads_staff_idx" ON "message_threads" USING btree ("school_id","staff_id");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("school_id","published_at");