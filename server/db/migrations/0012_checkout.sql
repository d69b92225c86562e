CREATE TYPE "public"."payment_provider" AS ENUM('STRIPE', 'PAYPAL', 'TEST');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('DRAFT', 'PAID', 'FAILED', 'INCOMING', 'IN_PROGRESS', 'ABANDONED');--> statement-breakpoint
CREATE TABLE "discount_code_buyables" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"training_id" uuid,
	"bundle_id" uuid,
	CONSTRAINT "discount_code_buyables_one_owner" CHECK (("discount_code_buyables"."training_id" is null) <> ("discount_code_buyables"."bundle_id" is null))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."uses_count" <= "discount_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"sale_id" uuid,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_schedule_id" integer,
	"installment_number" integer,
	"amount" numeric(10, 2) NOT NULL,
	"status" "transaction_status" NOT NULL,
	"payment_method" text,
	"provider" "payment_provider",
	"provider_ref" text,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "payment_schedule_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "installments_count" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "provider" "payment_provider";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "holds_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "paypal_merchant_id" text;--> statement-breakpoint
ALTER TABLE "discount_code_buyables" ADD CONSTRAINT "discount_code_buyables_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_buyables" ADD CONSTRAINT "discount_code_buyables_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_buyables" ADD CONSTRAINT "discount_code_buyables_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_schedule_id_payment_schedules_id_fk" FOREIGN KEY ("payment_schedule_id") REFERENCES "public"."payment_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_buyables_code_idx" ON "discount_code_buyables" USING btree ("discount_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_store_code_key" ON "discount_codes" USING btree ("store_id",upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_store_created_idx" ON "discount_codes" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_sale_idx" ON "transactions" USING btree ("sale_id","installment_number");--> statement-breakpoint
CREATE INDEX "transactions_store_created_idx" ON "transactions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_ref_key" ON "transactions" USING btree ("provider","provider_ref") WHERE "transactions"."provider_ref" is not null;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_schedule_id_payment_schedules_id_fk" FOREIGN KEY ("payment_schedule_id") REFERENCES "public"."payment_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_provider_ref_key" ON "sales" USING btree ("provider","provider_ref") WHERE "sales"."provider_ref" is not null;