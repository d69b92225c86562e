import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StoreRow } from '../../auth/session.js';
import { affiliateCommissions, affiliatePayouts, affiliates, bundles, customers, sales, trainings } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { affiliateInvitedMail } from '../../mail/templates.js';
import { presentPayout } from '../../presenters/affiliate.js';
import { presentCustomerRef } from '../../presenters/customer.js';
import { presentSale } from '../../presenters/sale.js';
import type { Services } from '../../services.js';
import { schoolPath } from '../../../shared/schoolPaths.js';
import { searchPattern } from '../catalogue/search.js';
import { schoolName } from '../learners/lookup.js';
import { schoolOrigin } from '../../http/schoolHost.js';
import { offsetOf, pageEnvelope, type PageRequest } from '../trainingLearners/paging.js';
import { affiliateRowOf, affiliateViews, figuresOf, insertAffiliate, periodOf } from './program.js';

type Period = { begin?: string; end?: string };

/** The store's affiliate with this customer uuid, or 404 (another store's customer included). */
async function affiliateOr404(services: Pick<Services, 'db'>, store: StoreRow, customerUuid: string) {
  const row = await affiliateRowOf(services.db, store.id, customerUuid);
  if (!row) throw notFound();
  return row;
}

/** GET …/customers/affiliates: newest first, searched by name or e-mail, filtered by status. */
export async function listAffiliates(services: Services, store: StoreRow, options: PageRequest & { q?: string; status?: 'ACTIVE' | 'SUSPENDED' }) {
  const q = options.q?.trim();
  const where = and(
    eq(affiliates.storeId, store.id),
    options.status ? eq(affiliates.status, options.status) : undefined,
    q ? sql`concat_ws(' ', ${customers.firstname}, ${customers.lastname}, ${customers.email}, ${affiliates.code}) ~* ${searchPattern(q)}` : undefined,
  );
  const [total] = await services.db.select({ n: count() }).from(affiliates).innerJoin(customers, eq(customers.id, affiliates.customerId)).where(where);
  const rows = await services.db
    .select({ affiliate: affiliates })
    .from(affiliates)
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(where)
    .orderBy(desc(affiliates.createdAt), desc(affiliates.customerId))
    .limit(options.perPage)
    .offset(offsetOf(options));
  return pageEnvelope(options, total?.n ?? 0, await affiliateViews(services, store, rows.map((r) => r.affiliate)));
}

/** POST …/customers/affiliates: a customer of the store becomes an affiliate (the PRIVATE program's invitation); e-mailed. */
export async function createAffiliate(services: Services, store: StoreRow, input: { customer_uuid: string; commission_rate?: number | null }) {
  const [customer] = await services.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, input.customer_uuid.toLowerCase()), eq(customers.storeId, store.id)))
    .limit(1);
  if (!customer) throw notFound();
  const row = await insertAffiliate(services.db, store.id, customer.id, input.commission_rate ?? null, services.clock());
  if (!row) throw conflict(messages.alreadyAffiliate);
  const url = `${schoolOrigin(services.config, store)}${schoolPath(store.subdomain, 'affiliate')}`;
  await services.mailer.send(customer.email, affiliateInvitedMail(customer.locale, customer.firstname, await schoolName(services, store), url));
  return (await affiliateViews(services, store, [row]))[0]!;
}

export async function getAffiliate(services: Services, store: StoreRow, customerUuid: string) {
  return (await affiliateViews(services, store, [await affiliateOr404(services, store, customerUuid)]))[0]!;
}

/** PUT …/affiliate: suspend or reactivate, own rate (null: the program's). */
export async function updateAffiliate(services: Services, store: StoreRow, customerUuid: string, input: { status?: 'ACTIVE' | 'SUSPENDED'; commission_rate?: number | null }) {
  const row = await affiliateOr404(services, store, customerUuid);
  const [updated] = await services.db
    .update(affiliates)
    .set({
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.commission_rate !== undefined ? { commissionRate: input.commission_rate } : {}),
    })
    .where(and(eq(affiliates.customerId, row.customerId), eq(affiliates.storeId, store.id)))
    .returning();
  if (!updated) throw notFound();
  return (await affiliateViews(services, store, [updated]))[0]!;
}

/** DELETE …/affiliate: the row goes; commissions and payout requests stay with the customer. */
export async function removeAffiliate(services: Services, store: StoreRow, customerUuid: string) {
  const removed = await services.db
    .delete(affiliates)
    .where(and(eq(affiliates.storeId, store.id), eq(affiliates.customerId, customerUuid.toLowerCase())))
    .returning({ id: affiliates.customerId });
  if (!removed.length) throw notFound();
}

/** GET …/customers/affiliates/stats: the program's figures, or one affiliate's (404 when not one of this store's). */
export async function affiliatesStats(services: Services, store: StoreRow, options: Period & { customer_uuid?: string }) {
  if (options.customer_uuid) await affiliateOr404(services, store, options.customer_uuid);
  return figuresOf(services.db, store, options.customer_uuid?.toLowerCase() ?? null, services.clock(), options);
}

const affiliatePerson = alias(customers, 'affiliate_person');
const buyer = alias(customers, 'buyer');

/** Commissions with their sale, buyer, product and affiliate, newest first; for the team (one store) or one affiliate. */
export async function commissionsPage(services: Pick<Services, 'db'>, storeId: string, options: PageRequest & Period & { customerId?: string }) {
  const where = and(
    eq(affiliateCommissions.storeId, storeId),
    options.customerId ? eq(affiliateCommissions.affiliateCustomerId, options.customerId) : undefined,
    periodOf(affiliateCommissions.createdAt, options),
  );
  const [total] = await services.db.select({ n: count() }).from(affiliateCommissions).where(where);
  const rows = await services.db
    .select({
      commission: affiliateCommissions,
      sale: sales,
      customer: buyer,
      affiliate: affiliatePerson,
      trainingName: trainings.name,
      bundleName: bundles.name,
    })
    .from(affiliateCommissions)
    .innerJoin(sales, eq(sales.id, affiliateCommissions.saleId))
    .innerJoin(buyer, eq(buyer.id, sales.customerId))
    .innerJoin(affiliatePerson, eq(affiliatePerson.id, affiliateCommissions.affiliateCustomerId))
    .leftJoin(trainings, eq(trainings.id, sales.trainingId))
    .leftJoin(bundles, eq(bundles.id, sales.bundleId))
    .where(where)
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.id))
    .limit(options.perPage)
    .offset(offsetOf(options));
  const data = rows.map((r) => ({
    id: r.commission.id,
    affiliate: presentCustomerRef(r.affiliate),
    sale: presentSale({ sale: r.sale, customer: r.customer, trainingName: r.trainingName, bundleName: r.bundleName, affiliate: r.affiliate }),
    commission: r.commission.amount,
    created_at: r.commission.createdAt.toISOString(),
  }));
  return pageEnvelope(options, total?.n ?? 0, data);
}

/** GET …/customers/affiliates/sales. */
export async function listAffiliateSales(services: Services, store: StoreRow, options: PageRequest & Period & { customer_uuid?: string }) {
  if (options.customer_uuid) await affiliateOr404(services, store, options.customer_uuid);
  return commissionsPage(services, store.id, { ...options, customerId: options.customer_uuid?.toLowerCase() });
}

/**
 * PUT …/customers/{uuid}/affiliate/payout: the pending request becomes PAID or REFUSED, in one conditional UPDATE
 * (two clicks settle it once; the second finds nothing pending: 404). Works for a removed affiliate's request too.
 */
export async function processAffiliatePayout(services: Services, store: StoreRow, customerUuid: string, input: { status: 'PAID' | 'REFUSED'; comment?: string }) {
  const comment = input.comment?.trim() || null;
  const [row] = await services.db
    .update(affiliatePayouts)
    .set({ status: input.status, comment, processedAt: services.clock() })
    .where(and(eq(affiliatePayouts.storeId, store.id), eq(affiliatePayouts.customerId, customerUuid.toLowerCase()), eq(affiliatePayouts.status, 'PENDING')))
    .returning();
  if (!row) throw notFound(messages.noPendingPayout);
  return presentPayout(row);
}
