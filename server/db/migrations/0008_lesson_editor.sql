ALTER TABLE "training_items" ADD COLUMN "unlock_blockers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "training_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;