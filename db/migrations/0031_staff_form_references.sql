ALTER TABLE "tech_times" ADD COLUMN "rows_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "tech_times_employee_name_date_id_index" ON "tech_times" USING btree ("employee_name","date","id");--> statement-breakpoint
-- A tech time form's rows' texts, for its search vector (written by the save from now on).
UPDATE "tech_times" SET "rows_text" = coalesce((SELECT string_agg(concat_ws(' ', r.ro_number, r.customer_name, r.reason, r.job), ' ' ORDER BY r.kind, r.position) FROM "tech_time_rows" r WHERE r.tech_time_id = "tech_times"."id"), '');
--> statement-breakpoint
-- A request is found by its reference (lib/forms/references.ts) and by what was typed into it. The search splits
-- a query into words of letters and digits ('RA-300010' is 'ra' and '300010'), where to_tsvector keeps
-- '-300010' as a signed number: the vectors carry such numbers split the same way too (an RA number, an employee
-- number, the RO numbers of a tech time form's rows), and the uniform's wear by its name.
ALTER TABLE "ro_reversals" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "ro_reversals" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_name::text || ' ' || full_ra::text || ' ' || regexp_replace(full_ra::text, '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, reason || ' ' || coalesce(billed_time, '') || ' ' || coalesce(questions, '')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "ro_reversals_search_idx" ON "ro_reversals" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "tech_times" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "tech_times" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_name::text || ' ' || employee_number::text || ' ' || regexp_replace(employee_number::text, '[^[:alnum:]]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, employee_email::text || ' ' || regexp_replace(rows_text, '[^[:alnum:]]+', ' ', 'g')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "tech_times_search_idx" ON "tech_times" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "uniform_requests" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "uniform_requests" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, employee_first_name::text || ' ' || employee_last_name::text), 'A') || setweight(to_tsvector('english'::regconfig, requestor_name::text || ' ' || location_name::text || ' ' || comment || ' ' || sizes::text || ' ' || (CASE wear_id WHEN 1 THEN 'Pant' WHEN 2 THEN 'Shirt' WHEN 3 THEN 'Shirt & Pant' WHEN 4 THEN 'Polo' ELSE '' END)), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "uniform_requests_search_idx" ON "uniform_requests" USING gin ("search_vector");
