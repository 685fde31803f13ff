CREATE TABLE "menu_slug_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(190) NOT NULL,
	"menu_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_slug_history_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "menu_slug_history" ADD CONSTRAINT "menu_slug_history_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_slug_history_menu_id_index" ON "menu_slug_history" USING btree ("menu_id");