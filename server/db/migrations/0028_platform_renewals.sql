ALTER TABLE "platform_orders" ADD COLUMN "renewal_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_orders_renewal_key" ON "platform_orders" USING btree ("store_id","renewal_of");