-- The report cards the portal drew (docs/decisions/030-report-cards-drawn-ahead.md). Not watched
-- for cache notices (docs/decisions/029-read-cache.md): no kept answer reads it, and the job that
-- fills it would only send notices for nothing (apps/server/test/read-cache-notices.test.ts).
CREATE TABLE "report_card_drawings" (
	"school_id" text NOT NULL,
	"report_card_id" text NOT NULL,
	"lng" text NOT NULL,
	"digest" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_drawings_school_id_report_card_id_lng_pk" PRIMARY KEY("school_id","report_card_id","lng")
);
--> statement-breakpoint
ALTER TABLE "report_card_drawings" ADD CONSTRAINT "report_card_drawings_school_id_report_card_id_report_cards_school_id_report_card_id_fk" FOREIGN KEY ("school_id","report_card_id") REFERENCES "public"."report_cards"("school_id","report_card_id") ON DELETE cascade ON UPDATE no action;