DROP INDEX "learner_invoices_transaction_kind_key";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_invoices_transaction_invoice_key" ON "learner_invoices" USING btree ("transaction_id") WHERE "learner_invoices"."kind" = 'INVOICE';--> statement-breakpoint
CREATE INDEX "learner_invoices_transaction_idx" ON "learner_invoices" USING btree ("transaction_id","kind");