import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type DiscountCode = components['schemas']['DiscountCode'];
export type DiscountCodeInput = operations['createDiscountCode']['requestBody']['content']['application/json'];
export type Sale = components['schemas']['Sale'];
export type SaleStatus = components['schemas']['TransactionStatus'];
export type Transaction = components['schemas']['Transaction'];
export type BuyableType = components['schemas']['BuyableType'];

/** The ledger's filters, as the list and the export take them (absent: no filter). */
export interface SalesFilters {
  q?: string;
  status?: SaleStatus;
  buyable_type?: BuyableType;
  /** YYYY-MM-DD, days of the sale's creation (Paris time), both included. */
  begin?: string;
  end?: string;
}

/** GET /stores/{uuid}/discount_codes: one page of promo codes, newest first, optionally searched by code. */
export const discountCodesQuery = (storeUuid: string, { page, perPage, q }: { page: number; perPage: number; q: string }) =>
  $api.queryOptions('get', '/stores/{storeUuid}/discount_codes', { params: { path: { storeUuid }, query: { page, per_page: perPage, ...(q ? { q } : {}) } } });

/** Every page of the promo codes, after a creation or a deletion. */
export const refreshDiscountCodes = (queryClient: QueryClient, storeUuid: string) =>
  queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/discount_codes', { params: { path: { storeUuid } } }] });

/** POST /stores/{uuid}/discount_codes (409 when the code exists in the store, whatever its case). */
export const createDiscountCode = (storeUuid: string, body: DiscountCodeInput, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/discount_codes', { params: { path: { storeUuid } }, body, signal }));

/** DELETE /stores/{uuid}/discount_codes/{id}: past sales keep the code's text. */
export const deleteDiscountCode = (storeUuid: string, discountCodeId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/discount_codes/{discountCodeId}', { params: { path: { storeUuid, discountCodeId } }, signal }));

/** GET /stores/{uuid}/sales: one page of the ledger with its filters, newest first. */
export const salesQuery = (storeUuid: string, { page, perPage, filters }: { page: number; perPage: number; filters: SalesFilters }) =>
  $api.queryOptions('get', '/stores/{storeUuid}/sales', { params: { path: { storeUuid }, query: { page, per_page: perPage, ...filters } } });

/** GET /stores/{uuid}/sales/{saleUuid}/transactions: the payments of one sale, instalments included. */
export const saleTransactionsQuery = (storeUuid: string, saleUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/sales/{saleUuid}/transactions', { params: { path: { storeUuid, saleUuid } } });

/** GET /stores/{uuid}/sales/export: the CSV file of the ledger with the same filters, as a Blob to save. */
export const exportSales = (storeUuid: string, filters: SalesFilters, signal?: AbortSignal) =>
  unwrap(api.GET('/stores/{storeUuid}/sales/export', { params: { path: { storeUuid }, query: filters }, parseAs: 'blob', signal })) as Promise<Blob>;
