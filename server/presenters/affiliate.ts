import type { components } from '../../src/api/schema.gen.js';
import type { affiliatePayouts, affiliates, customers, stores } from '../db/schema.js';
import { presentCustomerRef } from './customer.js';

type AffiliateBody = components['schemas']['Affiliate'];
type PayoutBody = components['schemas']['Payout'];
type StatsBody = components['schemas']['AffiliateStats'];
type TermsBody = components['schemas']['AffiliateProgramTerms'];
type StoreRow = typeof stores.$inferSelect;

export type AffiliateRow = typeof affiliates.$inferSelect;
export type PayoutRow = typeof affiliatePayouts.$inferSelect;
export type AffiliatePerson = Pick<typeof customers.$inferSelect, 'id' | 'email' | 'firstname' | 'lastname' | 'picture'>;

/** The program's terms as the settings page and the learner see them. */
export function presentTerms(store: StoreRow): TermsBody {
  return {
    status: store.affiliationStatus,
    commission_rate: store.affiliationCommissionRate,
    link_validity_days: store.affiliationLinkValidityDays,
    min_payout_delay_days: store.affiliationMinPayoutDelayDays,
    min_payout_amount: store.affiliationMinPayoutAmount,
    attribution: store.affiliationAttribution,
  };
}

export function presentPayout(row: PayoutRow): PayoutBody {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    invoice_url: row.invoiceUrl,
    payment_information: row.paymentInformation,
    comment: row.comment,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt ? row.processedAt.toISOString() : null,
  };
}

export function presentAffiliate(row: AffiliateRow, person: AffiliatePerson, link: string, stats: StatsBody, pending: PayoutRow | null): AffiliateBody {
  return {
    uuid: row.customerId,
    customer: presentCustomerRef(person),
    code: row.code,
    link,
    status: row.status,
    commission_rate: row.commissionRate,
    stats,
    pending_payout: pending ? presentPayout(pending) : null,
    created_at: row.createdAt.toISOString(),
  };
}
