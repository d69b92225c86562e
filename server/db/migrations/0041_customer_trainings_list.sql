ALTER TABLE "customer_trainings" DROP CONSTRAINT "customer_trainings_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_id_store_created_key" UNIQUE("id","store_id","created_at");--> statement-breakpoint
ALTER TABLE "customer_trainings" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_trainings" ADD COLUMN "customer_created_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (drizzle-kit adds NOT NULL columns at once): existing enrolments copy their learner's store and sign-up time.
UPDATE "customer_trainings" ct SET "store_id" = c."store_id", "customer_created_at" = c."created_at" FROM "customers" c WHERE c."id" = ct."customer_id";--> statement-breakpoint
ALTER TABLE "customer_trainings" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_trainings" ALTER COLUMN "customer_created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_trainings" ADD CONSTRAINT "customer_trainings_customer_fk" FOREIGN KEY ("customer_id","store_id","customer_created_at") REFERENCES "public"."customers"("id","store_id","created_at") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "customer_trainings_list_idx" ON "customer_trainings" USING btree ("store_id","customer_type","customer_created_at","customer_id","expires_at");
