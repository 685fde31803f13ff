CREATE TYPE "public"."form_key" AS ENUM('ro_reversal', 'tech_time', 'improvement_suggestion', 'uniform_request');--> statement-breakpoint
CREATE TYPE "public"."form_mapping_status" AS ENUM('Open', 'Close');--> statement-breakpoint
CREATE TYPE "public"."ro_pay_type" AS ENUM('Customer Pay', 'Warranty');--> statement-breakpoint
CREATE TYPE "public"."tech_time_row_kind" AS ENUM('attendance', 'shop');--> statement-breakpoint
CREATE TABLE "form_email_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_key" "form_key" NOT NULL,
	"location_id" integer NOT NULL,
	"to_emails" text[] NOT NULL,
	"cc_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "form_mapping_status" DEFAULT 'Open' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ro_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_name" varchar(190) NOT NULL,
	"date_of_request" date NOT NULL,
	"full_ra" varchar(190) NOT NULL,
	"date_ra_closed" date NOT NULL,
	"pay_type" "ro_pay_type" DEFAULT 'Customer Pay' NOT NULL,
	"reason" text NOT NULL,
	"billed_time" varchar(190),
	"questions" text,
	"location_id" integer,
	"manager_email" varchar(190),
	"routed" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tech_time_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tech_time_id" integer NOT NULL,
	"kind" "tech_time_row_kind" NOT NULL,
	"position" smallint NOT NULL,
	"date" date,
	"reason" varchar(190),
	"customer_name" varchar(190),
	"ro_number" varchar(190),
	"job" varchar(190),
	"time_in" varchar(5),
	"time_out" varchar(5),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tech_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_number" varchar(190) NOT NULL,
	"employee_name" varchar(190) NOT NULL,
	"employee_email" varchar(190) NOT NULL,
	"date" date NOT NULL,
	"location_id" integer,
	"manager_email" varchar(190),
	"routed" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "form_email_mappings" ADD CONSTRAINT "form_email_mappings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_email_mappings" ADD CONSTRAINT "form_email_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_email_mappings" ADD CONSTRAINT "form_email_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD CONSTRAINT "ro_reversals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD CONSTRAINT "ro_reversals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD CONSTRAINT "ro_reversals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_time_rows" ADD CONSTRAINT "tech_time_rows_tech_time_id_tech_times_id_fk" FOREIGN KEY ("tech_time_id") REFERENCES "public"."tech_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_times" ADD CONSTRAINT "tech_times_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_times" ADD CONSTRAINT "tech_times_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_times" ADD CONSTRAINT "tech_times_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_email_mappings_form_location_idx" ON "form_email_mappings" USING btree ("form_key","location_id");--> statement-breakpoint
CREATE INDEX "form_email_mappings_location_id_index" ON "form_email_mappings" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "ro_reversals_employee_trgm_idx" ON "ro_reversals" USING gin (lower("employee_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ro_reversals_full_ra_trgm_idx" ON "ro_reversals" USING gin (lower("full_ra") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ro_reversals_date_of_request_id_index" ON "ro_reversals" USING btree ("date_of_request","id");--> statement-breakpoint
CREATE INDEX "ro_reversals_updated_at_id_index" ON "ro_reversals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "ro_reversals_created_by_id_index" ON "ro_reversals" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "ro_reversals_location_id_index" ON "ro_reversals" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_time_rows_tech_time_id_kind_position_index" ON "tech_time_rows" USING btree ("tech_time_id","kind","position");--> statement-breakpoint
CREATE INDEX "tech_times_employee_trgm_idx" ON "tech_times" USING gin (lower("employee_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tech_times_number_trgm_idx" ON "tech_times" USING gin (lower("employee_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tech_times_email_trgm_idx" ON "tech_times" USING gin (lower("employee_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tech_times_date_id_index" ON "tech_times" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "tech_times_updated_at_id_index" ON "tech_times" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tech_times_created_by_id_index" ON "tech_times" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "tech_times_location_id_index" ON "tech_times" USING btree ("location_id");