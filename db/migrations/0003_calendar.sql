CREATE TYPE "public"."calendar_event_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."calendar_event_type" AS ENUM('normal', 'recursive');--> statement-breakpoint
CREATE TYPE "public"."calendar_key_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."calendar_recurrence" AS ENUM('weekly', 'monthly', 'yearly');--> statement-breakpoint
CREATE TABLE "calendar_event_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(190) NOT NULL,
	"calendar_key_id" integer NOT NULL,
	"key_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "calendar_event_status" DEFAULT 'active' NOT NULL,
	"type" "calendar_event_type" DEFAULT 'normal' NOT NULL,
	"recurrence" "calendar_recurrence",
	"day_of_week" smallint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"time_zone" varchar(64) DEFAULT 'America/Los_Angeles' NOT NULL,
	"occurs_from" timestamp with time zone,
	"occurs_until" timestamp with time zone,
	"contact_person" varchar(190) DEFAULT '' NOT NULL,
	"contact_email" varchar(49) DEFAULT '' NOT NULL,
	"contact_number" varchar(32) DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_day_of_week_check" CHECK ("calendar_events"."day_of_week" is null or "calendar_events"."day_of_week" between 1 and 7),
	CONSTRAINT "calendar_events_dates_check" CHECK ("calendar_events"."ends_at" is null or "calendar_events"."starts_at" is null or "calendar_events"."ends_at" >= "calendar_events"."starts_at"),
	CONSTRAINT "calendar_events_recurrence_check" CHECK (("calendar_events"."type" = 'normal' and "calendar_events"."starts_at" is not null) or ("calendar_events"."type" = 'recursive' and "calendar_events"."recurrence" is not null and ("calendar_events"."recurrence" = 'weekly' or "calendar_events"."starts_at" is not null) and ("calendar_events"."recurrence" <> 'weekly' or "calendar_events"."day_of_week" is not null)))
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"calendar_key_id" integer,
	"token_hash" varchar(64) NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "calendar_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(190) NOT NULL,
	"color_code" varchar(9) DEFAULT '#444444' NOT NULL,
	"status" "calendar_key_status" DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_event_attachments" ADD CONSTRAINT "calendar_event_attachments_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attachments" ADD CONSTRAINT "calendar_event_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_calendar_key_id_calendar_keys_id_fk" FOREIGN KEY ("calendar_key_id") REFERENCES "public"."calendar_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_calendar_key_id_calendar_keys_id_fk" FOREIGN KEY ("calendar_key_id") REFERENCES "public"."calendar_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_keys" ADD CONSTRAINT "calendar_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_keys" ADD CONSTRAINT "calendar_keys_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_event_attachments_event_id_position_index" ON "calendar_event_attachments" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "calendar_event_attachments_file_id_index" ON "calendar_event_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "calendar_events_span_idx" ON "calendar_events" USING gist (tstzrange("occurs_from", "occurs_until", '[]'));--> statement-breakpoint
CREATE INDEX "calendar_events_calendar_key_id_index" ON "calendar_events" USING btree ("calendar_key_id");--> statement-breakpoint
CREATE INDEX "calendar_events_type_status_index" ON "calendar_events" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "calendar_events_title_trgm_idx" ON "calendar_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_events_description_trgm_idx" ON "calendar_events" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_user_id_index" ON "calendar_feed_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_keys_status_name_index" ON "calendar_keys" USING btree ("status","name");