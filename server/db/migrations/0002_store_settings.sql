ALTER TABLE "stores" ADD COLUMN "affiliation_commission_rate" numeric(5, 2) DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "affiliation_link_validity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "affiliation_min_payout_delay_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "affiliation_min_payout_amount" numeric(8, 2) DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "affiliation_attribution" text DEFAULT 'LAST' NOT NULL;