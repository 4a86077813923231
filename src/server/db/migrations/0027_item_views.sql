CREATE TABLE "item_view_readers" (
	"idea_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reader_hash" "bytea" NOT NULL,
	CONSTRAINT "item_view_readers_idea_id_day_reader_hash_pk" PRIMARY KEY("idea_id","day","reader_hash")
);
--> statement-breakpoint
CREATE TABLE "item_views" (
	"idea_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_views_idea_id_day_pk" PRIMARY KEY("idea_id","day"),
	CONSTRAINT "item_views_views_check" CHECK ("item_views"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_view_readers" ADD CONSTRAINT "item_view_readers_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_views_day_idx" ON "item_views" USING btree ("day");