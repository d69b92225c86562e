import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

/** An invoice or credit note of the store to a learner (issue 14). */
export type LearnerInvoice = components['schemas']['LearnerInvoice'];

/** GET /stores/{uuid}/customers/{uuid}/invoices: a learner's invoices and credit notes, newest first (customer page). */
export const customerInvoicesQuery = (storeUuid: string, customerUuid: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/customers/{customerUuid}/invoices', { params: { path: { storeUuid, customerUuid } } });

/** GET …/invoices/{id}/pdf: one of them as a PDF, as a Blob to save. */
export const downloadCustomerInvoice = (storeUuid: string, customerUuid: string, invoiceId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/stores/{storeUuid}/customers/{customerUuid}/invoices/{invoiceId}/pdf', { params: { path: { storeUuid, customerUuid, invoiceId } }, parseAs: 'blob', signal })) as Promise<Blob>;
