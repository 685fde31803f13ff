CREATE TYPE "public"."time_off_type" AS ENUM('Vacation', 'Sick', 'Personal', 'Unpaid');--> statement-breakpoint
ALTER TYPE "public"."form_key" ADD VALUE 'time_off_request';--> statement-breakpoint
CREATE TABLE "time_off_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_name" varchar(190) NOT NULL,
	"employee_email" varchar(190) DEFAULT '' NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"type" time_off_type NOT NULL,
	"note" text,
	"location_id" integer,
	"manager_email" varchar(190),
	"routed" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"status" "request_status" DEFAULT 'submitted' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"assigned_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_requests_employee_trgm_idx" ON "time_off_requests" USING gin (lower("employee_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "time_off_requests_date_from_id_index" ON "time_off_requests" USING btree ("date_from","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_date_to_id_index" ON "time_off_requests" USING btree ("date_to","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_type_id_index" ON "time_off_requests" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_updated_at_id_index" ON "time_off_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_created_by_id_index" ON "time_off_requests" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_location_id_index" ON "time_off_requests" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "time_off_requests_requester_changed_idx" ON "time_off_requests" USING btree ("created_by","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_status_location_idx" ON "time_off_requests" USING btree ("status","location_id","id");--> statement-breakpoint
CREATE INDEX "time_off_requests_open_due_idx" ON "time_off_requests" USING btree ("location_id","due_at","id") WHERE "time_off_requests"."status" in ('submitted', 'under_review') and "time_off_requests"."due_at" is not null;--> statement-breakpoint
-- Written by hand (docs/recipes/add-a-staff-form.md): the portal search's stored vector and its GIN index,
-- as 0018_search_vectors gives the other staff forms (lib/search/vectors.ts lists the table from the form
-- registry). The type is spelled out by CASE: an enum's cast to text is not immutable, so a generated
-- column may not use it.
ALTER TABLE "time_off_requests" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_name::text), 'A') || setweight(to_tsvector('english'::regconfig, employee_email::text || ' ' || (CASE type WHEN 'Vacation' THEN 'Vacation' WHEN 'Sick' THEN 'Sick' WHEN 'Personal' THEN 'Personal' ELSE 'Unpaid' END) || ' ' || coalesce(note, '')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "time_off_requests_search_idx" ON "time_off_requests" USING gin ("search_vector");
