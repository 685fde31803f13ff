-- Portal-wide search (docs/features/search.md). Hand-written: expression indexes and triggers drizzle-kit cannot express.
-- The index expressions are lib/search/vectors.ts VECTOR, character for character.
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_search_idx" ON "posts" USING gin ((setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "comments_search_idx" ON "comments" USING gin (setweight(to_tsvector('english'::regconfig, comment), 'C'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attachments_search_idx" ON "attachments" USING gin (setweight(to_tsvector('english'::regconfig, title::text), 'A'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_documents_search_idx" ON "content_documents" USING gin (setweight(to_tsvector('english'::regconfig, translate(name::text, '._-', '   ')), 'B'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "save_the_dates_search_idx" ON "save_the_dates" USING gin ((setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "calendar_events_search_idx" ON "calendar_events" USING gin ((setweight(to_tsvector('english'::regconfig, title::text), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B') || setweight(to_tsvector('english'::regconfig, (contact_person::text || ' ' || contact_email::text || ' ' || contact_number::text)), 'C')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_idx" ON "users" USING gin ((setweight(to_tsvector('english'::regconfig, (first_name::text || ' ' || last_name::text)), 'A') || setweight(to_tsvector('english'::regconfig, (coalesce(post, '')::text || ' ' || coalesce(team_designation, '')::text)), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "locations_search_idx" ON "locations" USING gin (setweight(to_tsvector('english'::regconfig, name::text), 'B'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ro_reversals_search_idx" ON "ro_reversals" USING gin ((setweight(to_tsvector('english'::regconfig, (employee_name::text || ' ' || full_ra::text)), 'A') || setweight(to_tsvector('english'::regconfig, reason), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tech_times_search_idx" ON "tech_times" USING gin ((setweight(to_tsvector('english'::regconfig, (employee_name::text || ' ' || employee_number::text)), 'A') || setweight(to_tsvector('english'::regconfig, employee_email::text), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "improvement_suggestions_search_idx" ON "improvement_suggestions" USING gin ((setweight(to_tsvector('english'::regconfig, name::text), 'A') || setweight(to_tsvector('english'::regconfig, (email::text || ' ' || location_name::text || ' ' || coalesce(describe_current_process_and_problem, '') || ' ' || coalesce(how_will_it_benefit, ''))), 'B')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uniform_requests_search_idx" ON "uniform_requests" USING gin ((setweight(to_tsvector('english'::regconfig, (employee_first_name::text || ' ' || employee_last_name::text)), 'A') || setweight(to_tsvector('english'::regconfig, (requestor_name::text || ' ' || location_name::text || ' ' || comment)), 'B')));
--> statement-breakpoint
-- Passages of extracted document text: weight C, indexed.
ALTER TABLE "file_text_chunks" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, content), 'C')) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "file_text_chunks_search_idx" ON "file_text_chunks" USING gin ("search_vector");
--> statement-breakpoint
-- The typo lexicon (search_words): the words of titles, names and file names, 3 to 40 characters, not numbers.
CREATE OR REPLACE FUNCTION search_words_of(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(t, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- In word order, so two transactions adding overlapping words wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION search_words_from_titles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.title) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.first_name || ' ' || new_rows.last_name || ' ' || coalesce(new_rows.post, '')) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_file_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.name) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_search_words_insert AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER posts_search_words_update AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER attachments_search_words_insert AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER attachments_search_words_update AFTER UPDATE ON "attachments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER save_the_dates_search_words_insert AFTER INSERT ON "save_the_dates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER save_the_dates_search_words_update AFTER UPDATE ON "save_the_dates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER calendar_events_search_words_insert AFTER INSERT ON "calendar_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER calendar_events_search_words_update AFTER UPDATE ON "calendar_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER menus_search_words_insert AFTER INSERT ON "menus" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER menus_search_words_update AFTER UPDATE ON "menus" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_titles();
--> statement-breakpoint
CREATE TRIGGER users_search_words_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_names();
--> statement-breakpoint
CREATE TRIGGER content_documents_search_words_insert AFTER INSERT ON "content_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_file_names();
--> statement-breakpoint
CREATE TRIGGER users_search_words_update AFTER UPDATE ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_names();
--> statement-breakpoint
CREATE TRIGGER content_documents_search_words_update AFTER UPDATE ON "content_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_file_names();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT title::text AS t FROM posts UNION ALL SELECT title FROM attachments UNION ALL SELECT title FROM save_the_dates
  UNION ALL SELECT title FROM calendar_events UNION ALL SELECT title FROM menus UNION ALL SELECT name FROM content_documents
  UNION ALL SELECT first_name || ' ' || last_name || ' ' || coalesce(post, '') FROM users
) AS s, search_words_of(s.t) AS w
ON CONFLICT DO NOTHING;
