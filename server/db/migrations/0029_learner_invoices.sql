CREATE TABLE "learner_invoice_counters" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"transaction_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"credited_invoice_id" integer,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"vat_rate_bp" integer,
	"excl_tax_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"incl_tax_cents" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "learner_invoice_counters" ADD CONSTRAINT "learner_invoice_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_invoices" ADD CONSTRAINT "learner_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_invoices" ADD CONSTRAINT "learner_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_invoices" ADD CONSTRAINT "learner_invoices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_invoices" ADD CONSTRAINT "learner_invoices_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_invoices_store_number_key" ON "learner_invoices" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_invoices_transaction_kind_key" ON "learner_invoices" USING btree ("transaction_id","kind");--> statement-breakpoint
CREATE INDEX "learner_invoices_customer_idx" ON "learner_invoices" USING btree ("store_id","customer_id","id");