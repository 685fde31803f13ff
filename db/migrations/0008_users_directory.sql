ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_emp_id_trgm_idx" ON "users" USING gin (lower("emp_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin (lower("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_emp_id_sort_idx" ON "users" USING btree ("emp_id","id");--> statement-breakpoint
CREATE INDEX "users_phone_sort_idx" ON "users" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "users_state_id_index" ON "users" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "users_location_id_index" ON "users" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "users_department_id_index" ON "users" USING btree ("department_id");