CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."attachment_group_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."attachment_upload_type" AS ENUM('file', 'url');--> statement-breakpoint
CREATE SEQUENCE "public"."content_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "attachment_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(190) NOT NULL,
	"color_code" varchar(32) DEFAULT '#444444' NOT NULL,
	"status" "attachment_group_status" DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY DEFAULT nextval('content_item_id_seq') NOT NULL,
	"menu_id" integer NOT NULL,
	"title" varchar(190) NOT NULL,
	"upload_type" "attachment_upload_type" NOT NULL,
	"url" varchar(2048),
	"group_id" integer,
	"pin" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_url_check" CHECK ("attachments"."upload_type" <> 'url' OR "attachments"."url" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer,
	"attachment_id" integer,
	"save_the_date_id" integer,
	"file_id" integer,
	"path" varchar(1024) NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" varchar(190) DEFAULT '' NOT NULL,
	"extension" varchar(16) DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_documents_one_owner" CHECK (num_nonnulls("content_documents"."post_id", "content_documents"."attachment_id", "content_documents"."save_the_date_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY DEFAULT nextval('content_item_id_seq') NOT NULL,
	"menu_id" integer NOT NULL,
	"title" varchar(190) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pin" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "save_the_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"title" varchar(190) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_date" date NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment_groups" ADD CONSTRAINT "attachment_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_groups" ADD CONSTRAINT "attachment_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_group_id_attachment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attachment_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_save_the_date_id_save_the_dates_id_fk" FOREIGN KEY ("save_the_date_id") REFERENCES "public"."save_the_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "save_the_dates" ADD CONSTRAINT "save_the_dates_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "save_the_dates" ADD CONSTRAINT "save_the_dates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "save_the_dates" ADD CONSTRAINT "save_the_dates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_groups_status_name_index" ON "attachment_groups" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "attachments_menu_updated_idx" ON "attachments" USING btree ("menu_id","group_id","pin","updated_at","id");--> statement-breakpoint
CREATE INDEX "attachments_menu_pin_updated_idx" ON "attachments" USING btree ("menu_id","group_id","pin" DESC NULLS FIRST,"updated_at","id");--> statement-breakpoint
CREATE INDEX "attachments_menu_title_idx" ON "attachments" USING btree ("menu_id","group_id","pin",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "attachments_menu_pin_title_idx" ON "attachments" USING btree ("menu_id","group_id","pin" DESC NULLS FIRST,lower("title"),"id");--> statement-breakpoint
CREATE INDEX "attachments_title_trgm_idx" ON "attachments" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attachments_group_id_index" ON "attachments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "comments_post_id_created_at_index" ON "comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "content_documents_post_id_index" ON "content_documents" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "content_documents_attachment_id_index" ON "content_documents" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "content_documents_save_the_date_id_index" ON "content_documents" USING btree ("save_the_date_id");--> statement-breakpoint
CREATE INDEX "content_documents_path_index" ON "content_documents" USING btree ("path");--> statement-breakpoint
CREATE INDEX "content_documents_file_id_index" ON "content_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "posts_menu_updated_idx" ON "posts" USING btree ("menu_id","pin","updated_at","id");--> statement-breakpoint
CREATE INDEX "posts_menu_pin_updated_idx" ON "posts" USING btree ("menu_id","pin" DESC NULLS FIRST,"updated_at","id");--> statement-breakpoint
CREATE INDEX "posts_menu_title_idx" ON "posts" USING btree ("menu_id","pin",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "posts_menu_pin_title_idx" ON "posts" USING btree ("menu_id","pin" DESC NULLS FIRST,lower("title"),"id");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_description_trgm_idx" ON "posts" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "save_the_dates_menu_updated_idx" ON "save_the_dates" USING btree ("menu_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "save_the_dates_menu_date_idx" ON "save_the_dates" USING btree ("menu_id","event_date");--> statement-breakpoint
CREATE INDEX "save_the_dates_title_trgm_idx" ON "save_the_dates" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "save_the_dates_description_trgm_idx" ON "save_the_dates" USING gin ("description" gin_trgm_ops);