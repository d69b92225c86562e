CREATE TABLE "item_feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" uuid NOT NULL,
	"training_item_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"rating" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_feedbacks" ADD CONSTRAINT "item_feedbacks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_feedbacks_item_customer_unique" ON "item_feedbacks" USING btree ("training_item_id","customer_id");--> statement-breakpoint
CREATE INDEX "item_feedbacks_training_idx" ON "item_feedbacks" USING btree ("training_id","created_at");--> statement-breakpoint
CREATE INDEX "item_feedbacks_customer_idx" ON "item_feedbacks" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_customer_idx" ON "uploads" USING btree ("customer_id") WHERE "uploads"."customer_id" is not null;