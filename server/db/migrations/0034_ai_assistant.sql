CREATE TABLE "ai_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"type" text NOT NULL,
	"training_id" uuid,
	"bundle_id" uuid,
	"input" text NOT NULL,
	"content" text NOT NULL,
	"credits_used" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_orders" ALTER COLUMN "frequency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "ai_credit_pack" text;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "ai_credits" integer;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD COLUMN "ai_gift_credits" integer;--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_contents" ADD CONSTRAINT "ai_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_contents_store_idx" ON "ai_contents" USING btree ("store_id","created_at");