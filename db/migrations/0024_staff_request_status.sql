CREATE TYPE "public"."request_status" AS ENUM('submitted', 'needs_info', 'approved', 'denied', 'completed', 'under_review', 'accepted', 'declined', 'implemented');--> statement-breakpoint
CREATE TABLE "form_mapping_approvers" (
	"mapping_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_mapping_approvers_mapping_id_user_id_pk" PRIMARY KEY("mapping_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"form_key" "form_key" NOT NULL,
	"record_id" integer NOT NULL,
	"decision" varchar(32) NOT NULL,
	"from_status" "request_status" NOT NULL,
	"to_status" "request_status" NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(190) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_views" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "status" "request_status" DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "status" "request_status" DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "status" "request_status" DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "status" "request_status" DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_mapping_approvers" ADD CONSTRAINT "form_mapping_approvers_mapping_id_form_email_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."form_email_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_mapping_approvers" ADD CONSTRAINT "form_mapping_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_views" ADD CONSTRAINT "request_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_mapping_approvers_user_id_index" ON "form_mapping_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "request_events_form_key_record_id_id_index" ON "request_events" USING btree ("form_key","record_id","id");--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD CONSTRAINT "ro_reversals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_times" ADD CONSTRAINT "tech_times_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD CONSTRAINT "improvement_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD CONSTRAINT "uniform_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ro_reversals_requester_changed_idx" ON "ro_reversals" USING btree ("created_by","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "ro_reversals_status_location_idx" ON "ro_reversals" USING btree ("status","location_id","id");--> statement-breakpoint
CREATE INDEX "tech_times_requester_changed_idx" ON "tech_times" USING btree ("created_by","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "tech_times_status_location_idx" ON "tech_times" USING btree ("status","location_id","id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_requester_changed_idx" ON "improvement_suggestions" USING btree ("created_by","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_status_location_idx" ON "improvement_suggestions" USING btree ("status","location_id","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_requester_changed_idx" ON "uniform_requests" USING btree ("created_by","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_status_location_idx" ON "uniform_requests" USING btree ("status","location_id","id");--> statement-breakpoint
-- Existing requests start as submitted; their status last changed when they were submitted.
UPDATE "ro_reversals" SET "status_changed_at" = "created_at";
--> statement-breakpoint
-- Existing requests start as submitted; their status last changed when they were submitted.
UPDATE "tech_times" SET "status_changed_at" = "created_at";
--> statement-breakpoint
-- Existing requests start as submitted; their status last changed when they were submitted.
UPDATE "improvement_suggestions" SET "status_changed_at" = "created_at";
--> statement-breakpoint
-- Existing requests start as submitted; their status last changed when they were submitted.
UPDATE "uniform_requests" SET "status_changed_at" = "created_at";
