CREATE TABLE "survey_questions" (
	"school_id" text NOT NULL,
	"question_id" text NOT NULL,
	"survey_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"choices" jsonb NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "survey_questions_school_id_question_id_pk" PRIMARY KEY("school_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"school_id" text NOT NULL,
	"response_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	CONSTRAINT "survey_responses_school_id_response_id_pk" PRIMARY KEY("school_id","response_id")
);
--> statement-breakpoint
CREATE TABLE "survey_submissions" (
	"school_id" text NOT NULL,
	"survey_id" text NOT NULL,
	"respondent" text NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_id" uuid,
	CONSTRAINT "survey_submissions_school_id_survey_id_respondent_pk" PRIMARY KEY("school_id","survey_id","respondent")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"school_id" text NOT NULL,
	"survey_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"per_child" boolean DEFAULT false NOT NULL,
	"audience" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "surveys_school_id_survey_id_pk" PRIMARY KEY("school_id","survey_id")
);
--> statement-breakpoint
CREATE TABLE "trip_consents" (
	"school_id" text NOT NULL,
	"trip_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"decision" text NOT NULL,
	"parent_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fee_item_id" uuid,
	CONSTRAINT "trip_consents_school_id_trip_id_enroll_number_pk" PRIMARY KEY("school_id","trip_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"school_id" text NOT NULL,
	"trip_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"place_en" text DEFAULT '' NOT NULL,
	"place_ar" text DEFAULT '' NOT NULL,
	"departs_at" timestamp with time zone NOT NULL,
	"returns_at" timestamp with time zone NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"consent_by" date NOT NULL,
	"audience" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "trips_school_id_trip_id_pk" PRIMARY KEY("school_id","trip_id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"school_id" text NOT NULL,
	"appointment_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"parent_id" text NOT NULL,
	"topic" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "appointments_school_id_appointment_id_pk" PRIMARY KEY("school_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "staff_slots" (
	"school_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location_en" text DEFAULT '' NOT NULL,
	"location_ar" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'in_person' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "staff_slots_school_id_slot_id_pk" PRIMARY KEY("school_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "outside_links" (
	"school_id" text NOT NULL,
	"link_id" text NOT NULL,
	"module_key" text NOT NULL,
	"url" text NOT NULL,
	"label_en" text NOT NULL,
	"label_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "outside_links_school_id_link_id_pk" PRIMARY KEY("school_id","link_id")
);
--> statement-breakpoint
CREATE TABLE "transport_assignments" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"route_id" text NOT NULL,
	"stop_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_assignments_school_id_enroll_number_pk" PRIMARY KEY("school_id","enroll_number")
);
--> statement-breakpoint
CREATE TABLE "transport_routes" (
	"school_id" text NOT NULL,
	"route_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"bus_number" text DEFAULT '' NOT NULL,
	"driver_name_en" text DEFAULT '' NOT NULL,
	"driver_name_ar" text DEFAULT '' NOT NULL,
	"driver_phone" text DEFAULT '' NOT NULL,
	"assistant_name_en" text DEFAULT '' NOT NULL,
	"assistant_name_ar" text DEFAULT '' NOT NULL,
	"assistant_phone" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "transport_routes_school_id_route_id_pk" PRIMARY KEY("school_id","route_id")
);
--> statement-breakpoint
CREATE TABLE "transport_stops" (
	"school_id" text NOT NULL,
	"stop_id" text NOT NULL,
	"route_id" text NOT NULL,
	"seq" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"pickup_at" text,
	"drop_at" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "transport_stops_school_id_stop_id_pk" PRIMARY KEY("school_id","stop_id")
);
--> statement-breakpoint
CREATE TABLE "exit_slip_codes" (
	"school_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"handed_over_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_slip_codes_school_id_request_id_pk" PRIMARY KEY("school_id","request_id"),
	CONSTRAINT "exit_slip_codes_token_uq" UNIQUE("school_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"school_id" text NOT NULL,
	"document_request_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"enroll_number" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"details_en" text DEFAULT '' NOT NULL,
	"details_ar" text DEFAULT '' NOT NULL,
	"due_on" date NOT NULL,
	"asked_by" text NOT NULL,
	"met_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_school_id_document_request_id_pk" PRIMARY KEY("school_id","document_request_id")
);
--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_submissions" ADD CONSTRAINT "survey_submissions_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_consents" ADD CONSTRAINT "trip_consents_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_slots" ADD CONSTRAINT "staff_slots_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_links" ADD CONSTRAINT "outside_links_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_assignments" ADD CONSTRAINT "transport_assignments_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_routes" ADD CONSTRAINT "transport_routes_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_stops" ADD CONSTRAINT "transport_stops_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_slip_codes" ADD CONSTRAINT "exit_slip_codes_school_id_request_id_requests_school_id_request_id_fk" FOREIGN KEY ("school_id","request_id") REFERENCES "public"."requests"("school_id","request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_questions_survey_idx" ON "survey_questions" USING btree ("school_id","survey_id","position");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_idx" ON "survey_responses" USING btree ("school_id","survey_id");--> statement-breakpoint
CREATE INDEX "survey_submissions_parent_idx" ON "survey_submissions" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_booked_slot_idx" ON "appointments" USING btree ("school_id","slot_id") WHERE "appointments"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "appointments_child_idx" ON "appointments" USING btree ("school_id","enroll_number");--> statement-breakpoint
CREATE INDEX "staff_slots_staff_idx" ON "staff_slots" USING btree ("school_id","staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "outside_links_module_idx" ON "outside_links" USING btree ("school_id","module_key");--> statement-breakpoint
CREATE INDEX "transport_stops_route_idx" ON "transport_stops" USING btree ("school_id","route_id","seq");--> statement-breakpoint
CREATE INDEX "document_requests_child_idx" ON "document_requests" USING btree ("school_id","enroll_number","due_on");