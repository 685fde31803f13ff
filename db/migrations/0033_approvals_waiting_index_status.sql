DROP INDEX "improvement_suggestions_waiting_idx";--> statement-breakpoint
DROP INDEX "ro_reversals_waiting_idx";--> statement-breakpoint
DROP INDEX "tech_times_waiting_idx";--> statement-breakpoint
DROP INDEX "time_off_requests_waiting_idx";--> statement-breakpoint
DROP INDEX "uniform_requests_waiting_idx";--> statement-breakpoint
CREATE INDEX "improvement_suggestions_waiting_idx" ON "improvement_suggestions" USING btree ("location_id","due_at","id","created_by","assigned_to","created_at","status") WHERE "improvement_suggestions"."status" in ('submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "ro_reversals_waiting_idx" ON "ro_reversals" USING btree ("location_id","due_at","id","created_by","assigned_to","created_at","status") WHERE "ro_reversals"."status" in ('submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "tech_times_waiting_idx" ON "tech_times" USING btree ("location_id","due_at","id","created_by","assigned_to","created_at","status") WHERE "tech_times"."status" in ('submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "time_off_requests_waiting_idx" ON "time_off_requests" USING btree ("location_id","due_at","id","created_by","assigned_to","created_at","status") WHERE "time_off_requests"."status" in ('submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "uniform_requests_waiting_idx" ON "uniform_requests" USING btree ("location_id","due_at","id","created_by","assigned_to","created_at","status") WHERE "uniform_requests"."status" in ('submitted', 'under_review');