ALTER TABLE "transactions" ADD COLUMN "refund_status" text;--> statement-breakpoint
-- Refunds asked before this column: pending, or refunded when their credit notes cover the invoice.
UPDATE "transactions" SET "refund_status" = 'PENDING' WHERE "refund_requested_at" IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" t SET "refund_status" = 'REFUNDED' FROM (
  SELECT "transaction_id",
    sum("incl_tax_cents") FILTER (WHERE "kind" = 'INVOICE') AS invoiced,
    sum("incl_tax_cents") FILTER (WHERE "kind" = 'CREDIT_NOTE') AS credited
  FROM "learner_invoices" GROUP BY "transaction_id"
) c WHERE c."transaction_id" = t."id" AND c.invoiced > 0 AND c.credited >= c.invoiced;
