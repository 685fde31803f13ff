ALTER TYPE "public"."request_status" ADD VALUE 'withdrawn';--> statement-breakpoint
CREATE TABLE "request_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"form_key" "form_key" NOT NULL,
	"record_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_files_form_key_record_id_id_index" ON "request_files" USING btree ("form_key","record_id","id");--> statement-breakpoint
CREATE INDEX "request_files_file_id_index" ON "request_files" USING btree ("file_id");