CREATE TABLE "perk_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"partner" text,
	"used_by_store_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "platform_invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "platform_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "platform_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan" "plan",
	"frequency" text NOT NULL,
	"seats" integer,
	"gross_cents" integer NOT NULL,
	"discount_kind" text,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"period_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider" "payment_provider",
	"provider_ref" text,
	"payment_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "plan_frequency" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "plan_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "plan_period_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "plan_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "perk_codes" ADD CONSTRAINT "perk_codes_used_by_store_id_stores_id_fk" FOREIGN KEY ("used_by_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_order_id_platform_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."platform_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_invoices_store_idx" ON "platform_invoices" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "platform_orders_store_idx" ON "platform_orders" USING btree ("store_id","created_at");