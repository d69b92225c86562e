CREATE TABLE "affiliation_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sponsor_store_id" uuid,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "signup_attribution" jsonb;--> statement-breakpoint
ALTER TABLE "affiliation_visits" ADD CONSTRAINT "affiliation_visits_sponsor_store_id_stores_id_fk" FOREIGN KEY ("sponsor_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliation_visits_sponsor_idx" ON "affiliation_visits" USING btree ("sponsor_store_id","visited_at");