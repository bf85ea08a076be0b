CREATE TABLE "document_counters" (
	"school_id" text NOT NULL,
	"series" text NOT NULL,
	"next_no" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "document_counters_school_id_series_pk" PRIMARY KEY("school_id","series")
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"academic_year" text NOT NULL,
	"term" integer NOT NULL,
	"fee_type_code" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"due_on" date NOT NULL,
	"invoice_id" uuid,
	CONSTRAINT "fee_items_money_check" CHECK ("fee_items"."paid_minor" >= 0 and "fee_items"."paid_minor" <= "fee_items"."total_minor" and "fee_items"."discount_minor" <= "fee_items"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "fee_types" (
	"school_id" text NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"vat_rate_bp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_types_school_id_code_pk" PRIMARY KEY("school_id","code")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"kind" text NOT NULL,
	"doc_no" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_document_numbers" (
	"school_id" text NOT NULL,
	"series" text NOT NULL,
	"doc_no" bigint NOT NULL,
	"parent_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_document_numbers_school_id_series_doc_no_pk" PRIMARY KEY("school_id","series","doc_no")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"fee_item_id" uuid,
	"enroll_number" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_position_pk" PRIMARY KEY("payment_id","position"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"expires_on" date NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"doc_no" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"enroll_number" text,
	"payment_link_id" uuid,
	"receipt_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "school_fee_settings" (
	"school_id" text PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"vat_registration_no" text DEFAULT '' NOT NULL,
	"allows_partial_payment" boolean DEFAULT false NOT NULL,
	"minimum_partial_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"doc_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"description_en" text NOT NULL,
	"description_ar" text NOT NULL,
	"payment_id" uuid,
	"store_invoice_id" uuid
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"school_id" text NOT NULL,
	"enroll_number" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallets_school_id_enroll_number_pk" PRIMARY KEY("school_id","enroll_number"),
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_school_id_fee_type_code_fee_types_school_id_code_fk" FOREIGN KEY ("school_id","fee_type_code") REFERENCES "public"."fee_types"("school_id","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_fee_item_id_fee_items_id_fk" FOREIGN KEY ("fee_item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_fee_settings" ADD CONSTRAINT "school_fee_settings_school_id_schools_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invoices" ADD CONSTRAINT "store_invoices_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_school_id_enroll_number_students_school_id_enroll_number_fk" FOREIGN KEY ("school_id","enroll_number") REFERENCES "public"."students"("school_id","enroll_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_items_child_idx" ON "fee_items" USING btree ("school_id","enroll_number","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_school_doc_no_idx" ON "invoices" USING btree ("school_id","kind","doc_no");--> statement-breakpoint
CREATE INDEX "invoices_child_idx" ON "invoices" USING btree ("school_id","enroll_number","kind");--> statement-breakpoint
CREATE INDEX "payment_allocations_child_idx" ON "payment_allocations" USING btree ("enroll_number");--> statement-breakpoint
CREATE INDEX "payment_links_child_idx" ON "payment_links" USING btree ("school_id","enroll_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("school_id","parent_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_parent_idx" ON "payments" USING btree ("school_id","parent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_invoices_doc_no_idx" ON "store_invoices" USING btree ("school_id","doc_no");--> statement-breakpoint
CREATE INDEX "wallet_transactions_child_idx" ON "wallet_transactions" USING btree ("school_id","enroll_number","at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_payment_idx" ON "wallet_transactions" USING btree ("payment_id") WHERE "wallet_transactions"."payment_id" is not null;