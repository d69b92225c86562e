import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';
import type { StatsRange } from './trainingStatsApi';

export type AdminStore = components['schemas']['AdminStore'];
export type AdminTop = components['schemas']['AdminTop'];
export type AdminKpi = components['schemas']['AdminKpi'];
export type UserSwitch = components['schemas']['UserSwitch'];
export type Capabilities = components['schemas']['EnterpriseCapabilities'];
export type SponsorPayout = components['schemas']['SponsorPayout'];
export type TopsBy = 'revenue' | 'sales' | 'learners';

/** GET /admin/tops: the stores ranked over the range (days of the viewer's zone). */
export const adminTopsQuery = (range: StatsRange, by: TopsBy, tz: string) => $api.queryOptions('get', '/admin/tops', { params: { query: { ...range, by, tz, limit: 20 } } });

/** GET /admin/kpi: platform-wide figures over the range. */
export const adminKpiQuery = (range: StatsRange) => $api.queryOptions('get', '/admin/kpi', { params: { query: range } });

/** GET /admin/kpi/histogram: the platform's billing, sign-ups and connections per bucket. */
export const adminKpiHistogramQuery = (range: StatsRange, tz: string) => $api.queryOptions('get', '/admin/kpi/histogram', { params: { query: { ...range, tz } } });

/** GET /admin/stores: stores whose subdomain or owner's e-mail starts with `q`, newest first. */
export const adminStoresQuery = (q: string, page: number) => $api.queryOptions('get', '/admin/stores', { params: { query: { q: q || undefined, page, per_page: 10 } } });

/** GET /admin/switches: the switch-to-a-user audit log, newest first. */
export const userSwitchesQuery = (page: number) => $api.queryOptions('get', '/admin/switches', { params: { query: { page, per_page: 10 } } });

/** GET /admin/sponsor-payouts?status=PENDING: the sponsorship payouts to pay, oldest first. */
export const pendingSponsorPayoutsQuery = (page: number) => $api.queryOptions('get', '/admin/sponsor-payouts', { params: { query: { status: 'PENDING', page, per_page: 10 } } });

export const refreshSponsorPayouts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['get', '/admin/sponsor-payouts'] });

/** POST /admin/sponsor-payouts/{id}/paid: the payout and its commissions PAID. */
export const markSponsorPayoutPaid = (payoutId: number, signal?: AbortSignal) => unwrap(api.POST('/admin/sponsor-payouts/{payoutId}/paid', { params: { path: { payoutId } }, signal }));

export const refreshAdminStores = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['get', '/admin/stores'] });

/** PUT /admin/stores/{uuid}/capabilities: the flags sent, the others kept. */
export const updateStoreCapabilities = (storeUuid: string, body: Partial<Capabilities>, signal?: AbortSignal) =>
  unwrap(api.PUT('/admin/stores/{storeUuid}/capabilities', { params: { path: { storeUuid } }, body, signal }));

/** PUT /users/switch/{uuid}: a session as that user (written to the audit log). */
export const switchToUser = (userUuid: string, signal?: AbortSignal) => unwrap(api.PUT('/users/switch/{userUuid}', { params: { path: { userUuid } }, signal }));

/** POST /logout with the session in use: ends the switched session. */
export const endSession = async (signal?: AbortSignal) => {
  await unwrap(api.POST('/logout', { signal }));
};
