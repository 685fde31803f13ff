-- The content_version triggers on the content tables run BEFORE each statement instead of after it, so a
-- writing transaction takes the version row's lock before any row lock of the statement. Run after, a
-- transaction holding a post's row lock could wait for the version row while the version's holder waits
-- for that post: a deadlock that the same writes without the trigger would not have.
-- (users_name_content_version stays a row trigger after the update: content writes only take key-share
-- locks on users, which a name change does not conflict with.)
DROP TRIGGER "posts_content_version" ON "posts";
--> statement-breakpoint
CREATE TRIGGER "posts_content_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "attachments_content_version" ON "attachments";
--> statement-breakpoint
CREATE TRIGGER "attachments_content_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "save_the_dates_content_version" ON "save_the_dates";
--> statement-breakpoint
CREATE TRIGGER "save_the_dates_content_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "save_the_dates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "content_documents_content_version" ON "content_documents";
--> statement-breakpoint
CREATE TRIGGER "content_documents_content_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "attachment_groups_content_version" ON "attachment_groups";
--> statement-breakpoint
CREATE TRIGGER "attachment_groups_content_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attachment_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
