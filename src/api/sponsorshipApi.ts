import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type Godchild = components['schemas']['Godchild'];
export type SponsorCommission = components['schemas']['Commission'];
export type SponsorStats = components['schemas']['CommissionStats'];
export type SponsorPayout = components['schemas']['SponsorPayout'];
export type SponsorPayoutRequest = components['schemas']['RequestSponsorPayoutBody'];
export interface SponsorPeriod {
  begin?: string;
  end?: string;
}

/** GET /users/me/godchildren: the stores signed up with the owner's sponsor code, newest first. */
export const godchildrenQuery = (page: number, perPage: number) => $api.queryOptions('get', '/users/me/godchildren', { params: { query: { page, per_page: perPage } } });

/** GET /users/me/godchildren/commissions: the sponsorship commissions of a period, newest first. */
export const godchildCommissionsQuery = (page: number, perPage: number, period: SponsorPeriod) =>
  $api.queryOptions('get', '/users/me/godchildren/commissions', { params: { query: { page, per_page: perPage, ...period } } });

/** GET /users/me/godchildren/commissions/stats: the totals of a period (open ends allowed). */
export const godchildStatsQuery = (period: SponsorPeriod) => $api.queryOptions('get', '/users/me/godchildren/commissions/stats', { params: { query: period } });

/** GET /users/me/godchildren/payouts: the owner's payout requests, what may be asked for now and the minimum. */
export const sponsorPayoutsQuery = (page: number, perPage: number) => $api.queryOptions('get', '/users/me/godchildren/payouts', { params: { query: { page, per_page: perPage } } });

/** After a payout request: the payouts, the commissions and the totals read again. */
export const refreshSponsorship = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[1] === 'string' && query.queryKey[1].startsWith('/users/me/godchildren') });

/** POST /users/me/godchildren/payouts: ask for every available commission. */
export const requestSponsorPayout = (body: SponsorPayoutRequest, signal?: AbortSignal) => unwrap(api.POST('/users/me/godchildren/payouts', { body, signal }));
