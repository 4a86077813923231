DROP INDEX "coupons_assigned_to_idx";--> statement-breakpoint
DROP INDEX "coupons_created_at_idx";--> statement-breakpoint
DROP INDEX "ideas_created_at_id_idx";--> statement-breakpoint
DROP INDEX "ideas_category_created_at_id_idx";--> statement-breakpoint
DROP INDEX "ideas_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "ideas_user_id_category_created_at_idx";--> statement-breakpoint
DROP INDEX "payments_created_at_idx";--> statement-breakpoint
CREATE INDEX "ideas_image_url_idx" ON "ideas" USING hash ("image_url");--> statement-breakpoint
CREATE INDEX "saved_items_user_id_created_at_idx" ON "saved_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"idea_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coupons_assigned_to_idx" ON "coupons" USING btree ("assigned_to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "coupons_created_at_idx" ON "coupons" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ideas_created_at_id_idx" ON "ideas" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ideas_category_created_at_id_idx" ON "ideas" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ideas_user_id_created_at_idx" ON "ideas" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ideas_user_id_category_created_at_idx" ON "ideas" USING btree ("user_id","category","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);