import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import type { StoreRow } from '../../auth/session.js';
import { affiliatePayouts, affiliates, users } from '../../db/schema.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentPayout, presentTerms } from '../../presenters/affiliate.js';
import { customerDisplayName } from '../../presenters/customer.js';
import { ROLE_GROUPS } from '../../policies/roles.js';
import type { Services } from '../../services.js';
import type { components } from '../../../src/api/schema.gen.js';
import { centsOf, eurosOf } from '../../../shared/pricing.js';
import { isHttpLink } from '../../../shared/validation.js';
import { notify } from '../notifications.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { affiliateRowOf, affiliateViews, figuresOf, insertAffiliate } from './program.js';
import { commissionsPage } from './team.js';

/** GET …/me/affiliate: the terms, the learner's account once joined, and whether they may join (PUBLIC programs only). */
export async function getMyAffiliateProgram(services: Services, store: StoreRow, learner: LearnerAuth) {
  const row = await affiliateRowOf(services.db, store.id, learner.customer.id);
  const affiliate = row ? (await affiliateViews(services, store, [row]))[0]! : null;
  return { terms: presentTerms(store), affiliate, can_join: !row && store.affiliationStatus === 'PUBLIC' };
}

/**
 * POST …/me/affiliate: PUBLIC programs let any learner join; a PRIVATE program's affiliates are added by the team
 * (that is the invitation), so joining there answers 403, as on a CLOSED program. Already an affiliate: 409.
 */
export async function joinAffiliateProgram(services: Services, store: StoreRow, learner: LearnerAuth) {
  if (store.affiliationStatus === 'CLOSED') throw forbidden(messages.affiliationClosed, 'AFFILIATION_CLOSED');
  if (store.affiliationStatus === 'PRIVATE') throw forbidden(messages.affiliationPrivate, 'AFFILIATION_PRIVATE');
  const row = await insertAffiliate(services.db, store.id, learner.customer.id, null, services.clock());
  if (!row) throw conflict(messages.alreadyAffiliate);
  return (await affiliateViews(services, store, [row]))[0]!;
}

/** GET …/me/affiliate/sales: the sales the learner brought, with their commissions. */
export async function listMyAffiliateSales(services: Services, store: StoreRow, learner: LearnerAuth, page: PageRequest) {
  return commissionsPage(services, store.id, { ...page, customerId: learner.customer.id });
}

/** GET …/me/affiliate/payouts. */
export async function listMyPayouts(services: Services, store: StoreRow, learner: LearnerAuth, page: PageRequest) {
  const where = and(eq(affiliatePayouts.storeId, store.id), eq(affiliatePayouts.customerId, learner.customer.id));
  const [total] = await services.db.select({ n: count() }).from(affiliatePayouts).where(where);
  const rows = await services.db
    .select()
    .from(affiliatePayouts)
    .where(where)
    .orderBy(desc(affiliatePayouts.requestedAt), desc(affiliatePayouts.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  return pageEnvelope(page, total?.n ?? 0, rows.map(presentPayout));
}

export type PayoutInput = components['schemas']['RequestPayoutBody'];

/**
 * POST …/me/affiliate/payouts. The affiliate's row is locked while the balance is read, so two requests cannot
 * both spend it; the partial unique index keeps one PENDING request per affiliate (a second one: 409). Amounts in
 * whole cents, at least the program's minimum, at most the balance. Allowed on a CLOSED program and for a
 * suspended affiliate (earned commissions stay payable). The owner and admins get AFFILIATE_PAYOUT_REQUESTED.
 */
export async function requestPayout(services: Services, store: StoreRow, learner: LearnerAuth, input: PayoutInput) {
  const cents = centsOf(input.amount);
  if (Math.abs(input.amount * 100 - cents) > 1e-6) throw invalid({ amount: [messages.wholeCents] });
  const invoiceUrl = input.invoice_url.trim();
  if (!invoiceUrl || !isHttpLink(invoiceUrl)) throw invalid({ invoice_url: [messages.webAddressOnly] });
  const information = input.payment_information.trim();
  if (!information) throw invalid({ payment_information: [messages.required] });
  const customerId = learner.customer.id;
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(affiliates)
      .where(and(eq(affiliates.storeId, store.id), eq(affiliates.customerId, customerId)))
      .for('update');
    if (!row) throw forbidden(messages.notAffiliate, 'NOT_AFFILIATE');
    const pending = await tx
      .select({ id: affiliatePayouts.id })
      .from(affiliatePayouts)
      .where(and(eq(affiliatePayouts.storeId, store.id), eq(affiliatePayouts.customerId, customerId), eq(affiliatePayouts.status, 'PENDING')))
      .limit(1);
    if (pending.length) throw conflict(messages.payoutAlreadyPending);
    if (cents < centsOf(store.affiliationMinPayoutAmount)) throw invalid({ amount: [messages.payoutBelowMinimum(store.affiliationMinPayoutAmount)] });
    const figures = await figuresOf(tx, store, customerId, services.clock());
    if (cents > centsOf(figures.balance)) throw invalid({ amount: [messages.payoutAboveBalance(figures.balance)] });
    const [created] = await tx
      .insert(affiliatePayouts)
      .values({ storeId: store.id, customerId, amount: eurosOf(cents), invoiceUrl, paymentInformation: information, requestedAt: services.clock() })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(messages.payoutAlreadyPending);
    const team = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, store.id), inArray(users.role, [...ROLE_GROUPS.managers])));
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(created.amount);
    for (const { id } of team) {
      await notify(
        { db: tx, clock: services.clock },
        {
          userId: id,
          type: 'AFFILIATE_PAYOUT_REQUESTED',
          template: `${customerDisplayName(learner.customer)} demande le versement de ${amount} de commissions d'affiliation`,
          data: { affiliate_uuid: customerId, customer_uuid: customerId },
        },
      );
    }
    return presentPayout(created);
  });
}

/**
 * POST …/affiliate-visits (public): one visit through a REF- link. Unknown or suspended codes are accepted
 * silently (204) so the call reveals nothing; limited per client address like other anonymous calls.
 */
export async function recordAffiliateVisit(services: Services, store: StoreRow, code: string) {
  await services.db
    .update(affiliates)
    .set({ visitsCount: sql`${affiliates.visitsCount} + 1` })
    .where(and(eq(affiliates.storeId, store.id), eq(affiliates.code, code.trim().toUpperCase()), eq(affiliates.status, 'ACTIVE')));
}
