import { $api } from './queries';

/** A range of days, both ends included, as the stats operations take it (`YYYY-MM-DD`). */
export interface StatsRange {
  begin: string;
  end: string;
}

/** GET /trainings/{uuid}/stats: the training's figures over the range. */
export const trainingStatsQuery = (trainingUuid: string, range: StatsRange) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/stats', { params: { path: { trainingUuid }, query: range } });

/** GET /trainings/{uuid}/stats/histogram: the same range day by day, in the viewer's time zone. */
export const trainingHistogramQuery = (trainingUuid: string, range: StatsRange, tz: string) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/stats/histogram', { params: { path: { trainingUuid }, query: { ...range, tz } } });
