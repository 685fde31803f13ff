-- The typo lexicon (search_words) also takes the words of the texts the search reads, not only titles,
-- names and file names: a discussion's text and comments, a save-the-date's and an event's description
-- and contact, and the extracted text of documents. A misspelt word that appears only in a text (or only
-- inside a PDF) then finds its close words too. Staff-form records stay out: their words are not the
-- portal's vocabulary. One trigger function takes the text's expression as its argument.
CREATE OR REPLACE FUNCTION search_words_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO search_words (word) SELECT DISTINCT w FROM new_rows, search_words_of(%s) AS w ORDER BY 1 ON CONFLICT DO NOTHING', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_search_words_insert ON "posts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_search_words_update ON "posts";
--> statement-breakpoint
CREATE TRIGGER posts_search_words_insert AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''')');
--> statement-breakpoint
CREATE TRIGGER posts_search_words_update AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''')');
--> statement-breakpoint
DROP TRIGGER IF EXISTS save_the_dates_search_words_insert ON "save_the_dates";
--> statement-breakpoint
DROP TRIGGER IF EXISTS save_the_dates_search_words_update ON "save_the_dates";
--> statement-breakpoint
CREATE TRIGGER save_the_dates_search_words_insert AFTER INSERT ON "save_the_dates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''')');
--> statement-breakpoint
CREATE TRIGGER save_the_dates_search_words_update AFTER UPDATE ON "save_the_dates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''')');
--> statement-breakpoint
DROP TRIGGER IF EXISTS calendar_events_search_words_insert ON "calendar_events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS calendar_events_search_words_update ON "calendar_events";
--> statement-breakpoint
CREATE TRIGGER calendar_events_search_words_insert AFTER INSERT ON "calendar_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''') || '' '' || coalesce(new_rows.contact_person, '''')');
--> statement-breakpoint
CREATE TRIGGER calendar_events_search_words_update AFTER UPDATE ON "calendar_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.title || '' '' || coalesce(new_rows.description, '''') || '' '' || coalesce(new_rows.contact_person, '''')');
--> statement-breakpoint
CREATE TRIGGER comments_search_words_insert AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.comment');
--> statement-breakpoint
CREATE TRIGGER comments_search_words_update AFTER UPDATE ON "comments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.comment');
--> statement-breakpoint
CREATE TRIGGER file_text_chunks_search_words_insert AFTER INSERT ON "file_text_chunks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows('new_rows.content');
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT description AS t FROM posts UNION ALL SELECT comment FROM comments UNION ALL SELECT description FROM save_the_dates
  UNION ALL SELECT coalesce(description, '') || ' ' || coalesce(contact_person, '') FROM calendar_events UNION ALL SELECT content FROM file_text_chunks
) AS s, search_words_of(s.t) AS w
ORDER BY 1
ON CONFLICT DO NOTHING;
