CREATE TABLE "overdue_summaries" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_targets" (
	"form_key" "form_key" PRIMARY KEY NOT NULL,
	"working_days" smallint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "overdue_summaries" ADD CONSTRAINT "overdue_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_targets" ADD CONSTRAINT "request_targets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD CONSTRAINT "ro_reversals_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_times" ADD CONSTRAINT "tech_times_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD CONSTRAINT "improvement_suggestions_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD CONSTRAINT "uniform_requests_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ro_reversals_open_due_idx" ON "ro_reversals" USING btree ("location_id","due_at","id") WHERE "ro_reversals"."status" in ('submitted', 'under_review') and "ro_reversals"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "tech_times_open_due_idx" ON "tech_times" USING btree ("location_id","due_at","id") WHERE "tech_times"."status" in ('submitted', 'under_review') and "tech_times"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "improvement_suggestions_open_due_idx" ON "improvement_suggestions" USING btree ("location_id","due_at","id") WHERE "improvement_suggestions"."status" in ('submitted', 'under_review') and "improvement_suggestions"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "uniform_requests_open_due_idx" ON "uniform_requests" USING btree ("location_id","due_at","id") WHERE "uniform_requests"."status" in ('submitted', 'under_review') and "uniform_requests"."due_at" is not null;