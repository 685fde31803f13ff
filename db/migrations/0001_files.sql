CREATE TYPE "public"."banner_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."file_status" AS ENUM('temporary', 'attached');--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"status" "banner_status" DEFAULT 'active' NOT NULL,
	"width" integer,
	"height" integer,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_menuId_unique" UNIQUE("menu_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" varchar(190) DEFAULT 'application/octet-stream' NOT NULL,
	"sha256" char(64),
	"owner_id" integer,
	"kind" varchar(32) NOT NULL,
	"status" "file_status" DEFAULT 'temporary' NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_file_id_index" ON "banners" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "files_status_created_at_index" ON "files" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_id_index" ON "files" USING btree ("owner_id");