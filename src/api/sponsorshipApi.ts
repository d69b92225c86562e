import { $api } from './queries';
import type { components } from './schema.gen';

export type Godchild = components['schemas']['Godchild'];
export type SponsorCommission = components['schemas']['Commission'];
export type SponsorStats = components['schemas']['CommissionStats'];
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
