ALTER TABLE "users" ADD COLUMN "post" varchar(190);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_designation" varchar(190);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quote" varchar(190);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quote_name" varchar(190);--> statement-breakpoint
CREATE INDEX "users_hr_position_id_index" ON "users" USING btree ("hr_position","id");