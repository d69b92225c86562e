CREATE TABLE "sponsor_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor_store_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"commissions_count" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invoice_url" text NOT NULL,
	"payment_information" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "sponsor_commissions" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "sponsor_payouts" ADD CONSTRAINT "sponsor_payouts_sponsor_store_id_stores_id_fk" FOREIGN KEY ("sponsor_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_payouts" ADD CONSTRAINT "sponsor_payouts_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_payouts_one_pending" ON "sponsor_payouts" USING btree ("sponsor_store_id") WHERE "sponsor_payouts"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "sponsor_payouts_store_idx" ON "sponsor_payouts" USING btree ("sponsor_store_id","requested_at");--> statement-breakpoint
CREATE INDEX "sponsor_payouts_status_idx" ON "sponsor_payouts" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "sponsor_commissions" ADD CONSTRAINT "sponsor_commissions_payout_id_sponsor_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."sponsor_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_commissions_payout_idx" ON "sponsor_commissions" USING btree ("payout_id");