ALTER TABLE "customer_connections" ADD COLUMN "device_type" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_connections" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "item_progress" ADD COLUMN "tasks_done" jsonb DEFAULT '[]'::jsonb NOT NULL;