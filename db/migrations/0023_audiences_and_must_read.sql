CREATE TABLE "post_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"round" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "audience_location_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "audience_role_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "restricted" boolean GENERATED ALWAYS AS ((cardinality(audience_location_ids) > 0 or cardinality(audience_role_ids) > 0 or publish_at is not null or expires_at is not null)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_location_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_role_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "restricted" boolean GENERATED ALWAYS AS ((cardinality(audience_location_ids) > 0 or cardinality(audience_role_ids) > 0 or publish_at is not null or expires_at is not null)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "must_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "ack_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_acknowledgements" ADD CONSTRAINT "post_acknowledgements_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_acknowledgements" ADD CONSTRAINT "post_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_acknowledgements_once_idx" ON "post_acknowledgements" USING btree ("post_id","round","user_id");--> statement-breakpoint
CREATE INDEX "post_acknowledgements_user_id_post_id_index" ON "post_acknowledgements" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "post_views_user_id_index" ON "post_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attachments_menu_publish_idx" ON "attachments" USING btree ("menu_id","publish_at") WHERE "attachments"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "attachments_menu_expires_idx" ON "attachments" USING btree ("menu_id","expires_at") WHERE "attachments"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "attachments_menu_restricted_idx" ON "attachments" USING btree ("menu_id","group_id") WHERE "attachments"."restricted";--> statement-breakpoint
CREATE INDEX "posts_must_read_idx" ON "posts" USING btree ("id") WHERE "posts"."must_read";--> statement-breakpoint
CREATE INDEX "posts_menu_publish_idx" ON "posts" USING btree ("menu_id","publish_at") WHERE "posts"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_menu_expires_idx" ON "posts" USING btree ("menu_id","expires_at") WHERE "posts"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_menu_restricted_idx" ON "posts" USING btree ("menu_id") WHERE "posts"."restricted";