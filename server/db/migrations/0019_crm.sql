CREATE TABLE "crm_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_private_data" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"company" text,
	"job_title" text,
	"address" text,
	"birthdate" date,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_crm_tags" (
	"customer_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_crm_tags_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_private_data" ADD CONSTRAINT "crm_private_data_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tags" ADD CONSTRAINT "crm_tags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_crm_tags" ADD CONSTRAINT "customer_crm_tags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_crm_tags" ADD CONSTRAINT "customer_crm_tags_tag_id_crm_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."crm_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_notes_customer_idx" ON "crm_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tags_store_value_key" ON "crm_tags" USING btree ("store_id",lower("value"));--> statement-breakpoint
CREATE INDEX "customer_crm_tags_tag_idx" ON "customer_crm_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "customer_connections_customer_at_idx" ON "customer_connections" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "customers_store_connection_idx" ON "customers" USING btree ("store_id","last_connection_at");--> statement-breakpoint
CREATE INDEX "customers_store_lastname_idx" ON "customers" USING btree ("store_id",lower("lastname"));