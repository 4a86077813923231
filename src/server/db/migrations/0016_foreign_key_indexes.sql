CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id") WHERE "audit_log"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "contact_requests_user_id_idx" ON "contact_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "coupons_idea_id_idx" ON "coupons" USING btree ("idea_id") WHERE "coupons"."idea_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id","id") WHERE "payments"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_idea_id_idx" ON "payments" USING btree ("idea_id") WHERE "payments"."idea_id" is not null;