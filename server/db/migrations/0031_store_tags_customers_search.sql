CREATE TABLE "store_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_store_connection_idx";--> statement-breakpoint
DROP INDEX "customers_store_lastname_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate(replace(replace(replace(replace(coalesce(firstname, '') || ' ' || coalesce(lastname, '') || ' ' || email, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌñÑôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))) STORED;--> statement-breakpoint
ALTER TABLE "store_tags" ADD CONSTRAINT "store_tags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_tags_store_value_key" ON "store_tags" USING btree ("store_id","value");--> statement-breakpoint
CREATE INDEX "customer_trainings_type_customer_idx" ON "customer_trainings" USING btree ("customer_type","customer_id");--> statement-breakpoint
CREATE INDEX "customers_store_connection_id_idx" ON "customers" USING btree ("store_id","last_connection_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customers_store_lastname_id_idx" ON "customers" USING btree ("store_id",lower("lastname") nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);