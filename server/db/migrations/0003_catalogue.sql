CREATE TYPE "public"."bundle_status" AS ENUM('DRAFT', 'PUBLISHED', 'UNLISTED', 'HIDDEN');--> statement-breakpoint
CREATE TYPE "public"."payment_schedule_type" AS ENUM('ONE_TIME', 'INSTALLMENTS', 'SUBSCRIPTION');--> statement-breakpoint
CREATE TYPE "public"."training_item_type" AS ENUM('SECTION', 'GENERIC', 'VIDEO', 'QUIZ', 'TASKS', 'ASSIGNMENT', 'SCORM');--> statement-breakpoint
CREATE TYPE "public"."training_status" AS ENUM('DRAFT', 'PUBLISHED', 'PRE_SALE', 'PRE_LAUNCH', 'CLOSED', 'UNLISTED', 'HIDDEN');--> statement-breakpoint
CREATE TABLE "assignment_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_item_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING_CUSTOMER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_trainings" (
	"bundle_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_trainings_bundle_id_training_id_pk" PRIMARY KEY("bundle_id","training_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text,
	"description" text,
	"picture" text,
	"status" "bundle_status" DEFAULT 'DRAFT' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"seo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text,
	"legal_form" text,
	"siret" text,
	"vat_number" text,
	"activity_number" text,
	"address_line1" text,
	"address_line2" text,
	"postal_code" text,
	"city" text,
	"state" text,
	"country" text,
	"email" text,
	"phone" text,
	"signatory_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_store_id_unique" UNIQUE("store_id")
);
--> statement-breakpoint
CREATE TABLE "customer_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"training_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"customer_type" text DEFAULT 'STUDENT' NOT NULL,
	"blocked_reason" text,
	"enrollment_type" text DEFAULT 'CLASSIC' NOT NULL,
	"bypass_drip" boolean DEFAULT false NOT NULL,
	"progress" numeric(5, 2) DEFAULT 0 NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_connection_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"email" text NOT NULL,
	"firstname" text,
	"lastname" text,
	"phone" text,
	"picture" text,
	"locale" text DEFAULT 'fr' NOT NULL,
	"password_hash" text,
	"activated_at" timestamp with time zone,
	"last_connection_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_progress" (
	"customer_training_id" uuid NOT NULL,
	"training_item_id" integer NOT NULL,
	"time_spent" integer DEFAULT 0 NOT NULL,
	"score" numeric(5, 2),
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_progress_customer_training_id_training_item_id_pk" PRIMARY KEY("customer_training_id","training_item_id")
);
--> statement-breakpoint
CREATE TABLE "payment_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" uuid,
	"bundle_id" uuid,
	"type" "payment_schedule_type" NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"installments_count" integer,
	"frequency" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_schedules_one_owner" CHECK (("payment_schedules"."training_id" is null) <> ("payment_schedules"."bundle_id" is null))
);
--> statement-breakpoint
CREATE TABLE "preview_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"training_id" uuid,
	"bundle_id" uuid,
	"amount" numeric(10, 2) NOT NULL,
	"discount_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"discount_code" text,
	"payment_method" text NOT NULL,
	"payment_schedule_type" "payment_schedule_type" DEFAULT 'ONE_TIME' NOT NULL,
	"status" text NOT NULL,
	"affiliate_customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_authors" (
	"training_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_authors_training_id_user_id_pk" PRIMARY KEY("training_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" uuid NOT NULL,
	"training_item_id" integer NOT NULL,
	"parent_id" integer,
	"customer_id" uuid,
	"user_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_item_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"size" bigint,
	"mime_type" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" uuid NOT NULL,
	"parent_id" integer,
	"type" "training_item_type" NOT NULL,
	"name" text NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"content" text,
	"specific_content" text,
	"min_complete_duration" integer,
	"unlock_mode" text DEFAULT 'NONE' NOT NULL,
	"unlock_at" timestamp with time zone,
	"unlock_delay_days" integer,
	"blocking" boolean DEFAULT false NOT NULL,
	"scorm_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"summary" text,
	"description" text,
	"picture" text,
	"status" "training_status" DEFAULT 'DRAFT' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"seo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"feedback_options" jsonb DEFAULT '{"enabled":false,"rating_enabled":true,"comment_enabled":true,"mandatory":false}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_list_id" text,
	"max_customers" integer,
	"enrollment_ends_at" timestamp with time zone,
	"access_duration_days" integer,
	"drip_frequency" text,
	"certificate_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"training_id" uuid,
	"user_id" uuid,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"max_size" bigint NOT NULL,
	"size" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "subdomain_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "customized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_trainings" ADD CONSTRAINT "bundle_trainings_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_trainings" ADD CONSTRAINT "bundle_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_connections" ADD CONSTRAINT "customer_connections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_connections" ADD CONSTRAINT "customer_connections_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_trainings" ADD CONSTRAINT "customer_trainings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_trainings" ADD CONSTRAINT "customer_trainings_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_progress" ADD CONSTRAINT "item_progress_customer_training_id_customer_trainings_id_fk" FOREIGN KEY ("customer_training_id") REFERENCES "public"."customer_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_progress" ADD CONSTRAINT "item_progress_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_affiliate_customer_id_customers_id_fk" FOREIGN KEY ("affiliate_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_authors" ADD CONSTRAINT "training_authors_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_authors" ADD CONSTRAINT "training_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_parent_id_training_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."training_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_comments" ADD CONSTRAINT "training_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_item_resources" ADD CONSTRAINT "training_item_resources_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_items" ADD CONSTRAINT "training_items_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_items" ADD CONSTRAINT "training_items_parent_id_training_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_submissions_item_status_idx" ON "assignment_submissions" USING btree ("training_item_id","status");--> statement-breakpoint
CREATE INDEX "bundle_trainings_training_idx" ON "bundle_trainings" USING btree ("training_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_store_slug_key" ON "bundles" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "bundles_store_order_idx" ON "bundles" USING btree ("store_id","order","id");--> statement-breakpoint
CREATE INDEX "customer_connections_training_at_idx" ON "customer_connections" USING btree ("training_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_trainings_customer_training_key" ON "customer_trainings" USING btree ("customer_id","training_id");--> statement-breakpoint
CREATE INDEX "customer_trainings_training_idx" ON "customer_trainings" USING btree ("training_id","enrolled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_email_key" ON "customers" USING btree ("store_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_store_created_idx" ON "customers" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "item_progress_item_idx" ON "item_progress" USING btree ("training_item_id");--> statement-breakpoint
CREATE INDEX "payment_schedules_training_idx" ON "payment_schedules" USING btree ("training_id","position");--> statement-breakpoint
CREATE INDEX "payment_schedules_bundle_idx" ON "payment_schedules" USING btree ("bundle_id","position");--> statement-breakpoint
CREATE INDEX "preview_tokens_expires_idx" ON "preview_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sales_store_created_idx" ON "sales" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_training_idx" ON "sales" USING btree ("training_id","paid_at");--> statement-breakpoint
CREATE INDEX "training_authors_user_idx" ON "training_authors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_comments_training_idx" ON "training_comments" USING btree ("training_id","created_at");--> statement-breakpoint
CREATE INDEX "training_comments_parent_idx" ON "training_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "training_item_resources_item_idx" ON "training_item_resources" USING btree ("training_item_id","position");--> statement-breakpoint
CREATE INDEX "training_items_tree_idx" ON "training_items" USING btree ("training_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "training_items_parent_idx" ON "training_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_store_slug_key" ON "trainings" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "trainings_store_position_idx" ON "trainings" USING btree ("store_id","position","id");--> statement-breakpoint
CREATE INDEX "uploads_store_idx" ON "uploads" USING btree ("store_id");