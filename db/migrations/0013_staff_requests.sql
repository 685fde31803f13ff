CREATE TABLE "improvement_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(190) NOT NULL,
	"date" date NOT NULL,
	"location_id" integer NOT NULL,
	"location_name" varchar(190) NOT NULL,
	"email" varchar(190) NOT NULL,
	"phone_number" varchar(13),
	"describe_current_process_and_problem" text,
	"how_will_it_benefit" text,
	"manager_email" varchar(190),
	"manager_name" varchar(190),
	"routed" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"updated_by_name" varchar(190) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uniform_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation_id" smallint NOT NULL,
	"location_id" integer NOT NULL,
	"location_name" varchar(190) NOT NULL,
	"employee_first_name" varchar(190) NOT NULL,
	"employee_last_name" varchar(190) NOT NULL,
	"new_hire" boolean NOT NULL,
	"new_order" boolean NOT NULL,
	"re_order" boolean NOT NULL,
	"requestor_name" varchar(190) NOT NULL,
	"wear_id" smallint NOT NULL,
	"sizes" varchar(190) NOT NULL,
	"quantity" integer,
	"shirt_quantity" integer,
	"pant_quantity" integer,
	"comment" text NOT NULL,
	"manager_email" varchar(190),
	"routed" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"updated_by_name" varchar(190) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD CONSTRAINT "improvement_suggestions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD CONSTRAINT "improvement_suggestions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD CONSTRAINT "improvement_suggestions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD CONSTRAINT "uniform_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD CONSTRAINT "uniform_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD CONSTRAINT "uniform_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "improvement_suggestions_created_by_id_index" ON "improvement_suggestions" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_location_id_index" ON "improvement_suggestions" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_name_trgm_idx" ON "improvement_suggestions" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "improvement_suggestions_email_trgm_idx" ON "improvement_suggestions" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "improvement_suggestions_location_trgm_idx" ON "improvement_suggestions" USING gin (lower("location_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "improvement_suggestions_updated_by_trgm_idx" ON "improvement_suggestions" USING gin (lower("updated_by_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "improvement_suggestions_name_sort_idx" ON "improvement_suggestions" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_email_sort_idx" ON "improvement_suggestions" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_location_sort_idx" ON "improvement_suggestions" USING btree (lower("location_name"),"id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_updated_by_sort_idx" ON "improvement_suggestions" USING btree (lower("updated_by_name"),"id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_date_sort_idx" ON "improvement_suggestions" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "improvement_suggestions_updated_at_sort_idx" ON "improvement_suggestions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_updated_at_idx" ON "uniform_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_employee_trgm_idx" ON "uniform_requests" USING gin (lower("employee_first_name" || ' ' || "employee_last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uniform_requests_requestor_trgm_idx" ON "uniform_requests" USING gin (lower("requestor_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uniform_requests_employee_sort_idx" ON "uniform_requests" USING btree (lower("employee_first_name"),lower("employee_last_name"),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_requestor_sort_idx" ON "uniform_requests" USING btree (lower("requestor_name"),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_location_sort_idx" ON "uniform_requests" USING btree (lower("location_name"),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_quantity_sort_idx" ON "uniform_requests" USING btree (coalesce("quantity", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_shirt_sort_idx" ON "uniform_requests" USING btree (coalesce("shirt_quantity", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_pant_sort_idx" ON "uniform_requests" USING btree (coalesce("pant_quantity", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "uniform_requests_designation_idx" ON "uniform_requests" USING btree ("designation_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_location_idx" ON "uniform_requests" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_wear_idx" ON "uniform_requests" USING btree ("wear_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_new_hire_idx" ON "uniform_requests" USING btree ("new_hire","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_new_order_idx" ON "uniform_requests" USING btree ("new_order","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_re_order_idx" ON "uniform_requests" USING btree ("re_order","updated_at","id");--> statement-breakpoint
CREATE INDEX "uniform_requests_created_by_index" ON "uniform_requests" USING btree ("created_by");