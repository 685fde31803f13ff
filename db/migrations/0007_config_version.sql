CREATE TABLE "config_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "config_version_one_row" CHECK ("config_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "config_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Moved on by every statement that writes what the shell keeps in memory (lib/db/config-cache.ts), in
-- the writing transaction and before the statement's row locks (see 0006), replacing a per-request
-- fingerprint over all of those rows.
CREATE FUNCTION "bump_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "menus_config_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "icons_config_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "icons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "settings_config_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "banners_config_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_config_version"();
