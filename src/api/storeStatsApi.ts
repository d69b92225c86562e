import { $api } from './queries';
import type { StatsRange } from './trainingStatsApi';

/** GET /stores/{uuid}/stats: the store's figures over the range (days in Europe/Paris, the store's zone). */
export const storeStatsQuery = (storeUuid: string, range: StatsRange) =>
  $api.queryOptions('get', '/stores/{storeUuid}/stats', { params: { path: { storeUuid }, query: range } });

/** GET /stores/{uuid}/stats/histogram: the same range in buckets of the viewer's time zone. */
export const storeHistogramQuery = (storeUuid: string, range: StatsRange, tz: string) =>
  $api.queryOptions('get', '/stores/{storeUuid}/stats/histogram', { params: { path: { storeUuid }, query: { ...range, tz } } });
