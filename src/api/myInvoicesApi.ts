import { unwrap } from './failure';
import { $school, schoolClient } from './schoolApi';

/** GET /school/stores/{subdomain}/me/invoices: the signed-in learner's invoices and credit notes ("Mes factures"). */
export const myInvoicesQuery = (subdomain: string) => $school.queryOptions('get', '/school/stores/{subdomain}/me/invoices', { params: { path: { subdomain } } });

/** GET …/me/invoices/{id}/pdf: one of them as a PDF, as a Blob to save. */
export const downloadMyInvoice = (subdomain: string, invoiceId: number, signal?: AbortSignal) =>
  unwrap(schoolClient.GET('/school/stores/{subdomain}/me/invoices/{invoiceId}/pdf', { params: { path: { subdomain, invoiceId } }, parseAs: 'blob', signal })) as Promise<Blob>;
