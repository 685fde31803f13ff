CREATE TYPE "public"."must_read_mail_kind" AS ENUM('published', 'due-soon');--> statement-breakpoint
CREATE TABLE "must_read_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "must_read_mail_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "posts_menu_updated_idx";--> statement-breakpoint
DROP INDEX "posts_menu_pin_updated_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- A post's date and order: when it became visible (the later of creation and its publish moment); an
-- edit shown as such when it came later than creation; must-reads already visible count as announced
-- (no mail for them now).
UPDATE "posts" SET "published_at" = greatest("created_at", "publish_at"),
  "edited_at" = CASE WHEN "updated_at" > "created_at" + interval '1 second' THEN "updated_at" END,
  "announced_at" = CASE WHEN "must_read" AND greatest("created_at", "publish_at") <= now() THEN now() END;--> statement-breakpoint
ALTER TABLE "must_read_mails" ADD CONSTRAINT "must_read_mails_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "must_read_mails" ADD CONSTRAINT "must_read_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "must_read_mails_once_idx" ON "must_read_mails" USING btree ("post_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "must_read_mails_user_id_index" ON "must_read_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_menu_published_idx" ON "posts" USING btree ("menu_id","pin","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_menu_pin_published_idx" ON "posts" USING btree ("menu_id","pin" DESC NULLS FIRST,"published_at","id");--> statement-breakpoint
-- published_at on every write, whoever writes (a save, the seed, psql): on insert the later of creation
-- and publish_at; when publish_at changes, a post visible before and after keeps its moment, and one
-- hidden before or after takes the moment it becomes visible (now, or the new publish_at).
CREATE FUNCTION "posts_set_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW."published_at" := greatest(NEW."created_at", NEW."publish_at");
  ELSIF NEW."publish_at" IS DISTINCT FROM OLD."publish_at" THEN
    IF OLD."published_at" <= now() AND (NEW."publish_at" IS NULL OR NEW."publish_at" <= now()) THEN
      NEW."published_at" := OLD."published_at";
    ELSE
      NEW."published_at" := greatest(now(), NEW."publish_at");
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_published_at" BEFORE INSERT OR UPDATE OF "publish_at" ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_set_published_at"();
