CREATE TABLE "row_counts" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "row_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("table_name", "n") SELECT TG_TABLE_NAME, count(*) FROM "new_rows"
      ON CONFLICT ("table_name") DO UPDATE SET "n" = "row_counts"."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" SET "n" = "n" - (SELECT count(*) FROM "old_rows") WHERE "table_name" = TG_TABLE_NAME;
  ELSE
    UPDATE "row_counts" SET "n" = 0 WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "uniform_requests_count_insert" AFTER INSERT ON "uniform_requests" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "uniform_requests_count_delete" AFTER DELETE ON "uniform_requests" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
CREATE TRIGGER "uniform_requests_count_truncate" AFTER TRUNCATE ON "uniform_requests" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_track"();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'uniform_requests', count(*) FROM "uniform_requests";
