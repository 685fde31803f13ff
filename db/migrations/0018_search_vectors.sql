-- Portal search (docs/features/search.md): each searched table keeps its weighted tsvector in a STORED generated column
-- with a GIN index, instead of expression indexes (0017). The planner no longer has to match long index
-- expressions (most of a search's planning time), ranking reads the stored vector instead of parsing the
-- text again, and the column has statistics, so a common prefix is estimated as common.
-- lib/search/vectors.ts names these columns; the weights are those of 0017.
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, comment), 'C')) STORED;
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title::text), 'A')) STORED;
--> statement-breakpoint
ALTER TABLE "content_documents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate(name::text, '._-', '   ')), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "save_the_dates" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B') || setweight(to_tsvector('english'::regconfig, contact_person::text || ' ' || contact_email::text || ' ' || contact_number::text), 'C')) STORED;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, first_name::text || ' ' || last_name::text), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(post, '')::text || ' ' || coalesce(team_designation, '')::text), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name::text), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_name::text || ' ' || full_ra::text), 'A') || setweight(to_tsvector('english'::regconfig, reason), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_name::text || ' ' || employee_number::text), 'A') || setweight(to_tsvector('english'::regconfig, employee_email::text), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "improvement_suggestions" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name::text), 'A') || setweight(to_tsvector('english'::regconfig, email::text || ' ' || location_name::text || ' ' || coalesce(describe_current_process_and_problem, '') || ' ' || coalesce(how_will_it_benefit, '')), 'B')) STORED;
--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_first_name::text || ' ' || employee_last_name::text), 'A') || setweight(to_tsvector('english'::regconfig, requestor_name::text || ' ' || location_name::text || ' ' || comment), 'B')) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "comments_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "attachments_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "content_documents_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "save_the_dates_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "calendar_events_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "locations_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "ro_reversals_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "tech_times_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "improvement_suggestions_search_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "uniform_requests_search_idx";
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "attachments_search_idx" ON "attachments" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "content_documents_search_idx" ON "content_documents" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "save_the_dates_search_idx" ON "save_the_dates" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "calendar_events_search_idx" ON "calendar_events" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "locations_search_idx" ON "locations" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "ro_reversals_search_idx" ON "ro_reversals" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "tech_times_search_idx" ON "tech_times" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "improvement_suggestions_search_idx" ON "improvement_suggestions" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "uniform_requests_search_idx" ON "uniform_requests" USING gin ("search_vector");
