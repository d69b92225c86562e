import { api } from './client';

/** PUT /affiliations/visits: a visitor came through a sponsor's link (fire and forget; failures ignored). */
export const recordAffiliationVisit = (code: string) => api.PUT('/affiliations/visits', { body: { code } }).catch(() => undefined);
