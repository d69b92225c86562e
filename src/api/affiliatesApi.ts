import { api } from './client';
import type { QueryClient } from '@tanstack/react-query';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

/** PUT /affiliations/visits: a visitor came through a sponsor's link (fire and forget; failures ignored). */
export const recordAffiliationVisit = (code: string) => api.PUT('/affiliations/visits', { body: { code } }).catch(() => undefined);


export type Affiliate = components['schemas']['Affiliate'];
export type AffiliateSale = components['schemas']['AffiliateSale'];
export type AffiliateStats = components['schemas']['AffiliateStats'];
export type AffiliateProgramTerms = components['schemas']['AffiliateProgramTerms'];
export type AffiliateUpdate = operations['updateAffiliate']['requestBody']['content']['application/json'];

/** GET …/customers/affiliates: a page of the store's affiliates, newest first. */
export const affiliatesQuery = (storeUuid: string, { page, q, status }: { page: number; q?: string; status?: 'ACTIVE' | 'SUSPENDED' }) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/affiliates', { params: { path: { storeUuid }, query: { page, per_page: 20, ...(q ? { q } : {}), ...(status ? { status } : {}) } } });

/** GET …/customers/affiliates/stats: the program's figures, or one affiliate's. */
export const affiliatesStatsQuery = (storeUuid: string, customerUuid?: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/affiliates/stats', { params: { path: { storeUuid }, query: customerUuid ? { customer_uuid: customerUuid } : {} } });

/** GET …/customers/affiliates/sales: commissions with their sales, newest first (one affiliate's with `customerUuid`). */
export const affiliateSalesQuery = (storeUuid: string, page: number, customerUuid?: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/affiliates/sales', {
    params: { path: { storeUuid }, query: { page, per_page: 20, ...(customerUuid ? { customer_uuid: customerUuid } : {}) } },
  });

/** GET …/customers/{uuid}/affiliate. */
export const affiliateQuery = (storeUuid: string, customerUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}/affiliate', { params: { path: { storeUuid, customerUuid } } });

/** Every affiliate query of the store, after a change. */
export const refreshAffiliates = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[1] === 'string' && query.queryKey[1].startsWith('/stores/{storeUuid}/customers/') && query.queryKey[1].includes('affiliate') });

/** PUT …/customers/{uuid}/affiliate: status (suspend, reactivate) and own rate. */
export const updateAffiliate = (storeUuid: string, customerUuid: string, body: AffiliateUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}/affiliate', { params: { path: { storeUuid, customerUuid } }, body, signal }));

/** PUT …/customers/{uuid}/affiliate/payout: the pending request is PAID (or REFUSED). */
export const processAffiliatePayout = (storeUuid: string, customerUuid: string, body: { status: 'PAID' | 'REFUSED'; comment?: string }, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}/affiliate/payout', { params: { path: { storeUuid, customerUuid } }, body, signal }));
