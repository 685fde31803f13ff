-- Names that already repeat (in any letter case) keep the oldest row's name; the others get their id
-- appended ('Service (12)'), so the unique indexes below can be built and nothing is lost.
UPDATE "attachment_groups" g SET "name" = left(g."name", 176) || ' (' || g."id" || ')'
WHERE EXISTS (SELECT 1 FROM "attachment_groups" o WHERE lower(o."name") = lower(g."name") AND o."id" < g."id");--> statement-breakpoint
UPDATE "calendar_keys" k SET "name" = left(k."name", 176) || ' (' || k."id" || ')'
WHERE EXISTS (SELECT 1 FROM "calendar_keys" o WHERE lower(o."name") = lower(k."name") AND o."id" < k."id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_groups_name_lower_key" ON "attachment_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_keys_name_lower_key" ON "calendar_keys" USING btree (lower("name"));
