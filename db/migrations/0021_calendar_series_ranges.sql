CREATE TABLE "menu_calendar_keys" (
	"menu_id" integer NOT NULL,
	"calendar_key_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_calendar_keys_menu_id_calendar_key_id_pk" PRIMARY KEY("menu_id","calendar_key_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_day_of_week_check";--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_recurrence_check";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "days_of_week" smallint[];--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "repeat_interval" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "repeat_until" date;--> statement-breakpoint
ALTER TABLE "menu_calendar_keys" ADD CONSTRAINT "menu_calendar_keys_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_calendar_keys" ADD CONSTRAINT "menu_calendar_keys_calendar_key_id_calendar_keys_id_fk" FOREIGN KEY ("calendar_key_id") REFERENCES "public"."calendar_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_calendar_keys_calendar_key_id_index" ON "menu_calendar_keys" USING btree ("calendar_key_id");--> statement-breakpoint
-- Weekly series keep their weekday in the new list of weekdays.
UPDATE "calendar_events" SET "days_of_week" = ARRAY["day_of_week"]::smallint[] WHERE "day_of_week" IS NOT NULL;--> statement-breakpoint
-- A series' end was its last date and each occurrence's end time in one value: split it into the end of
-- the first occurrence (same time of day, the next day when before the start time) and the last date.
UPDATE "calendar_events" SET
  "repeat_until" = ("ends_at" AT TIME ZONE "time_zone")::date,
  "ends_at" = (("starts_at" AT TIME ZONE "time_zone")::date + ("ends_at" AT TIME ZONE "time_zone")::time
    + CASE WHEN ("ends_at" AT TIME ZONE "time_zone")::time < ("starts_at" AT TIME ZONE "time_zone")::time THEN interval '1 day' ELSE interval '0' END)
    AT TIME ZONE "time_zone"
  WHERE "type" = 'recursive' AND "starts_at" IS NOT NULL AND "ends_at" IS NOT NULL;--> statement-breakpoint
-- Weekly series without dates started everywhere in the past: they start on the day they were created
-- (all day, their weekday kept), ending on their old end's date when they had one.
UPDATE "calendar_events" SET
  "repeat_until" = CASE WHEN "ends_at" IS NULL THEN NULL ELSE ("ends_at" AT TIME ZONE "time_zone")::date END,
  "starts_at" = (("created_at" AT TIME ZONE "time_zone")::date)::timestamp AT TIME ZONE "time_zone",
  "ends_at" = (("created_at" AT TIME ZONE "time_zone")::date + time '23:59') AT TIME ZONE "time_zone"
  WHERE "type" = 'recursive' AND "starts_at" IS NULL;--> statement-breakpoint
-- The span the window index reads (lib/calendar/recurrence.ts, occurrenceBounds).
UPDATE "calendar_events" SET
  "occurs_from" = (("starts_at" AT TIME ZONE "time_zone")::date)::timestamp AT TIME ZONE "time_zone",
  "occurs_until" = CASE WHEN "repeat_until" IS NULL THEN NULL
    ELSE ("repeat_until" + GREATEST(("ends_at" AT TIME ZONE "time_zone")::date - ("starts_at" AT TIME ZONE "time_zone")::date + 1, 1) + 2)::timestamp AT TIME ZONE "time_zone" END
  WHERE "type" = 'recursive';--> statement-breakpoint
ALTER TABLE "calendar_events" DROP COLUMN "day_of_week";--> statement-breakpoint
-- The built-in CIC Monthly Meetings page shows the events of the CIC key (when a key of that name exists).
INSERT INTO "menu_calendar_keys" ("menu_id", "calendar_key_id")
  SELECT m."id", k."id" FROM "menus" m JOIN "calendar_keys" k ON k."name" = 'CIC Monthly Meeting' WHERE m."slug" = 'cic-monthly-meetings'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_days_of_week_check" CHECK ("calendar_events"."days_of_week" is null or (cardinality("calendar_events"."days_of_week") between 1 and 7 and "calendar_events"."days_of_week" <@ '{1,2,3,4,5,6,7}'::smallint[]));--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_repeat_interval_check" CHECK ("calendar_events"."repeat_interval" between 1 and 52);--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_recurrence_check" CHECK ("calendar_events"."starts_at" is not null and ("calendar_events"."type" = 'normal' or ("calendar_events"."recurrence" is not null and ("calendar_events"."recurrence" <> 'weekly' or "calendar_events"."days_of_week" is not null))));
