import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components, operations } from './schema.gen';

export type Customer = components['schemas']['Customer'];
export type CustomerType = components['schemas']['CustomerType'];
export type CrmTag = components['schemas']['CrmTag'];
export type CrmNote = components['schemas']['CrmNote'];
export type CrmPrivateData = components['schemas']['CrmPrivateData'];
export type CustomerInput = operations['createCustomer']['requestBody']['content']['application/json'];
export type CustomerUpdate = operations['updateCustomer']['requestBody']['content']['application/json'];
export type EnrolInput = operations['enrollCustomer']['requestBody']['content']['application/json'];
export type PrivateDataInput = operations['updateCustomerPrivateData']['requestBody']['content']['application/json'];
export type CustomerSort = NonNullable<NonNullable<operations['listCustomers']['parameters']['query']>['sort']>;

/** The customers list's filters (`/apprenants?q=&type=&sort=&order=`), as the list and the export take them. */
export interface CustomerFilters {
  q?: string;
  type?: CustomerType;
  crm_tag?: string;
}

/** GET /stores/{uuid}/customers: one page of the store's learners. */
export const customersQuery = (
  storeUuid: string,
  { page, perPage, filters, sort, order }: { page: number; perPage: number; filters: CustomerFilters; sort: CustomerSort; order: 'asc' | 'desc' },
) => $api.queryOptions('get', '/stores/{storeUuid}/customers', { params: { path: { storeUuid }, query: { page, per_page: perPage, sort, order, ...filters } } });

/** GET /stores/{uuid}/customers/{uuid}: a learner with enrolments, tags, notes and private details. */
export const customerQuery = (storeUuid: string, customerUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}', { params: { path: { storeUuid, customerUuid } } });

/** GET …/connections: a page of the learner's visits, newest first. */
export const customerConnectionsQuery = (storeUuid: string, customerUuid: string, page: number) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}/connections', { params: { path: { storeUuid, customerUuid }, query: { page, per_page: 10 } } });

/** GET …/trainings/{uuid}: one enrolment's per-item progress and the training's payments. */
export const customerTrainingQuery = (storeUuid: string, customerUuid: string, trainingUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}/trainings/{trainingUuid}', { params: { path: { storeUuid, customerUuid, trainingUuid } } });

/** GET /stores/{uuid}/crm/tags: the store's tags (the picker's suggestions). */
export const crmTagsQuery = (storeUuid: string) => $api.queryOptions('get', '/stores/{storeUuid}/crm/tags', { params: { path: { storeUuid } } });

/** Every list page, the learner's page and the store's tags, after a change. */
export const refreshCustomers = (queryClient: QueryClient, storeUuid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/customers', { params: { path: { storeUuid } } }] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/customers/{customerUuid}'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/crm/tags'] }),
  ]);

export const createCustomer = (storeUuid: string, body: CustomerInput, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/customers', { params: { path: { storeUuid } }, body, signal }));

export const updateCustomer = (storeUuid: string, customerUuid: string, body: CustomerUpdate, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}', { params: { path: { storeUuid, customerUuid } }, body, signal }));

export const enrolCustomer = (storeUuid: string, customerUuid: string, body: EnrolInput, signal?: AbortSignal) =>
  unwrap(api.POST('/stores/{storeUuid}/customers/{customerUuid}/trainings', { params: { path: { storeUuid, customerUuid } }, body, signal }));

export const addCustomerTags = (storeUuid: string, customerUuid: string, tags: string[], signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}/crm/tags', { params: { path: { storeUuid, customerUuid } }, body: { tags }, signal }));

export const removeCustomerTags = (storeUuid: string, customerUuid: string, tags: string[], signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/customers/{customerUuid}/crm/tags', { params: { path: { storeUuid, customerUuid } }, body: { tags }, signal }));

export const deleteStoreTags = (storeUuid: string, tags: string[], signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/crm/tags', { params: { path: { storeUuid } }, body: { tags }, signal }));

export const saveCustomerNote = (storeUuid: string, customerUuid: string, body: { id?: number; content: string }, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}/crm/notes', { params: { path: { storeUuid, customerUuid } }, body, signal }));

export const deleteCustomerNote = (storeUuid: string, customerUuid: string, noteId: number, signal?: AbortSignal) =>
  unwrap(api.DELETE('/stores/{storeUuid}/customers/{customerUuid}/crm/notes/{noteId}', { params: { path: { storeUuid, customerUuid, noteId } }, signal }));

export const updatePrivateData = (storeUuid: string, customerUuid: string, body: PrivateDataInput, signal?: AbortSignal) =>
  unwrap(api.PUT('/stores/{storeUuid}/customers/{customerUuid}/crm/private_data', { params: { path: { storeUuid, customerUuid } }, body, signal }));

/** GET /stores/{uuid}/customers/export: the filtered list as CSV or as an Excel workbook, as a Blob to save. */
export const exportCustomers = (storeUuid: string, filters: CustomerFilters, format: 'csv' | 'xlsx', signal?: AbortSignal) =>
  unwrap(api.GET('/stores/{storeUuid}/customers/export', { params: { path: { storeUuid }, query: { ...filters, format } }, parseAs: 'blob', signal })) as Promise<Blob>;

/** POST /trainings/{uuid}/customers/{customerUuid}/transactions/{id}/refund: gives a paid payment back (our design). */
export const refundCustomerTransaction = (trainingUuid: string, customerUuid: string, transactionId: number, signal?: AbortSignal) =>
  unwrap(api.POST('/trainings/{trainingUuid}/customers/{customerUuid}/transactions/{transactionId}/refund', { params: { path: { trainingUuid, customerUuid, transactionId } }, signal }));

/** After a refund: the enrolment's payments and the learner's invoices (a credit note may be there already). */
export const refreshCustomerPayments = (queryClient: QueryClient, storeUuid: string, customerUuid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/customers/{customerUuid}/trainings/{trainingUuid}'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/trainings/{trainingUuid}/customers/{customerUuid}/transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/stores/{storeUuid}/customers/{customerUuid}/invoices', { params: { path: { storeUuid, customerUuid } } }] }),
  ]);

/** GET /stores/{uuid}/abandoned_cart/export: the checkouts left unpaid (by default the last 30 days), as a CSV Blob. */
export const exportAbandonedCarts = (storeUuid: string, signal?: AbortSignal) =>
  unwrap(api.GET('/stores/{storeUuid}/abandoned_cart/export', { params: { path: { storeUuid } }, parseAs: 'blob', signal })) as Promise<Blob>;
