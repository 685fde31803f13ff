CREATE TYPE "public"."file_text_status" AS ENUM('pending', 'working', 'done', 'failed', 'skipped');--> statement-breakpoint
CREATE TABLE "file_text_chunks" (
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_text_chunks_file_id_position_pk" PRIMARY KEY("file_id","position")
);
--> statement-breakpoint
CREATE TABLE "file_texts" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"status" "file_text_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"chars" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_text_chunks" ADD CONSTRAINT "file_text_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_texts" ADD CONSTRAINT "file_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_texts_due_idx" ON "file_texts" USING btree ("next_attempt_at","file_id") WHERE "file_texts"."status" in ('pending', 'working');--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_word_pattern_idx" ON "search_words" USING btree ("word" text_pattern_ops);