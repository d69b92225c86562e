import { defineMessage, defineMessages } from 'react-intl';
import { trainingHistogramQuery, trainingStatsQuery } from '../../../api/trainingStatsApi';
import type { components } from '../../../api/schema.gen';
import { StatsBoard, type StatsFigure, type StatsFormats } from '../../../components/stats/StatsBoard';
import { TrainingFrame } from './TrainingFrame';
import type { Training } from '../../../api/trainingsApi';

type TrainingStats = components['schemas']['TrainingStats'];

const m = defineMessages({
  // Each figure counts its own group of learners (README, Statistics): the label names the group, the hint the rule.
  revenue: { id: 'trainings.stats.revenue', defaultMessage: 'Chiffre d’affaires' },
  revenueHint: { id: 'trainings.stats.revenueHint', defaultMessage: 'Ventes payées pendant la période, remises déduites' },
  sales: { id: 'trainings.stats.sales', defaultMessage: 'Ventes payées' },
  customers: { id: 'trainings.stats.customers', defaultMessage: 'Nouveaux apprenants' },
  customersHint: { id: 'trainings.stats.customersHint', defaultMessage: 'Inscrits pendant la période' },
  active: { id: 'trainings.stats.active', defaultMessage: 'Apprenants actifs' },
  activeHint: { id: 'trainings.stats.activeHint', defaultMessage: 'Connectés pendant la période, quelle que soit leur date d’inscription' },
  completed: { id: 'trainings.stats.completed', defaultMessage: 'Ont terminé' },
  completedHint: { id: 'trainings.stats.completedHint', defaultMessage: 'Ont fini la formation pendant la période, quelle que soit leur date d’inscription' },
  completionRate: { id: 'trainings.stats.completionRate', defaultMessage: 'Nouveaux ayant terminé' },
  completionRateHint: { id: 'trainings.stats.completionRateHint', defaultMessage: 'Part des nouveaux apprenants qui ont fini la formation, à ce jour' },
  progress: { id: 'trainings.stats.progress', defaultMessage: 'Progression des nouveaux' },
  progressHint: { id: 'trainings.stats.progressHint', defaultMessage: 'Progression moyenne des nouveaux apprenants, à ce jour' },
  rating: { id: 'trainings.stats.rating', defaultMessage: 'Note moyenne' },
  noRating: { id: 'trainings.stats.noRating', defaultMessage: 'Pas encore de note' },
});
const ratingValue = defineMessage<{ rating: string }>({ id: 'trainings.stats.ratingValue', defaultMessage: '{rating} / 5' });

function trainingFigures(stats: TrainingStats, { intl, euros, count, percent }: StatsFormats): StatsFigure[] {
  return [
    { key: 'revenue', label: m.revenue, hint: m.revenueHint, value: euros(stats.revenue) },
    { key: 'sales', label: m.sales, value: count(stats.sales_count) },
    { key: 'customers', label: m.customers, hint: m.customersHint, value: count(stats.customers_count) },
    { key: 'active', label: m.active, hint: m.activeHint, value: count(stats.active_customers_count) },
    { key: 'completed', label: m.completed, hint: m.completedHint, value: count(stats.completed_count) },
    { key: 'completionRate', label: m.completionRate, hint: m.completionRateHint, value: percent(stats.completion_rate) },
    { key: 'progress', label: m.progress, hint: m.progressHint, value: percent(stats.average_progress) },
    {
      key: 'rating',
      label: m.rating,
      value: stats.average_rating === null ? intl.formatMessage(m.noRating) : intl.formatMessage(ratingValue, { rating: intl.formatNumber(stats.average_rating, { maximumFractionDigits: 1 }) }),
      isText: stats.average_rating === null,
    },
  ];
}

/** /formations/:uuid/statistiques: figures and a histogram over a date range (default: the last 30 days). */
export function StatisticsPage() {
  return <TrainingFrame tab="statistics">{(training) => <StatisticsPanel training={training} />}</TrainingFrame>;
}

function StatisticsPanel({ training }: { training: Training }) {
  return (
    <StatsBoard
      stats={(range) => trainingStatsQuery(training.uuid, range)}
      histogram={(range, tz) => trainingHistogramQuery(training.uuid, range, tz)}
      figures={trainingFigures}
    />
  );
}
