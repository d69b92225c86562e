CREATE TABLE "email_list_subscriptions" (
	"customer_training_id" uuid NOT NULL,
	"list_id" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_list_subscriptions_customer_training_id_list_id_pk" PRIMARY KEY("customer_training_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "sponsor_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_store_id" uuid NOT NULL,
	"godchild_store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"base_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sponsor_commissions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "store_email_providers" (
	"store_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"api_key_encrypted" text,
	"api_key_last_four" text,
	"api_url" text,
	"default_list_id" text,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_email_providers_store_id_provider_pk" PRIMARY KEY("store_id","provider")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sponsor_store_id" uuid;--> statement-breakpoint
ALTER TABLE "email_list_subscriptions" ADD CONSTRAINT "email_list_subscriptions_customer_training_id_customer_trainings_id_fk" FOREIGN KEY ("customer_training_id") REFERENCES "public"."customer_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_commissions" ADD CONSTRAINT "sponsor_commissions_sponsor_store_id_stores_id_fk" FOREIGN KEY ("sponsor_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_commissions" ADD CONSTRAINT "sponsor_commissions_godchild_store_id_stores_id_fk" FOREIGN KEY ("godchild_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_commissions" ADD CONSTRAINT "sponsor_commissions_order_id_platform_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."platform_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_email_providers" ADD CONSTRAINT "store_email_providers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_commissions_sponsor_idx" ON "sponsor_commissions" USING btree ("sponsor_store_id","created_at");--> statement-breakpoint
CREATE INDEX "sponsor_commissions_godchild_idx" ON "sponsor_commissions" USING btree ("godchild_store_id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_sponsor_store_id_stores_id_fk" FOREIGN KEY ("sponsor_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stores_sponsor_idx" ON "stores" USING btree ("sponsor_store_id","created_at");