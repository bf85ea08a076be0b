CREATE TABLE "passkeys" (
	"school_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" integer DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_school_id_credential_id_pk" PRIMARY KEY("school_id","credential_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"school_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"parent_id" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_school_id_endpoint_pk" PRIMARY KEY("school_id","endpoint")
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"school_id" text NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"parent_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webauthn_challenges_school_id_challenge_pk" PRIMARY KEY("school_id","challenge")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_school_id_parent_id_parents_school_id_parent_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."parents"("school_id","parent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_parent_idx" ON "passkeys" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_parent_idx" ON "push_subscriptions" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expiry_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notifications_push_idx" ON "notifications" USING btree ("push_state","created_at");