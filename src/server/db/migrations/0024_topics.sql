CREATE TABLE "idea_topics" (
	"idea_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "idea_topics_idea_id_topic_id_pk" PRIMARY KEY("idea_id","topic_id"),
	CONSTRAINT "idea_topics_idea_id_position_unique" UNIQUE("idea_id","position"),
	CONSTRAINT "idea_topics_position_check" CHECK ("idea_topics"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "idea_topics" ADD CONSTRAINT "idea_topics_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_topics" ADD CONSTRAINT "idea_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idea_topics_topic_id_idea_id_idx" ON "idea_topics" USING btree ("topic_id","idea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_name_lower_idx" ON "topics" USING btree (lower("name"));