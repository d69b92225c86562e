import { lazy, Suspense, useMemo, useState } from 'react';
import { useInspectedMachine } from '../../../app/inspector';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { statsRangeMachine } from '../../../../machines/statsRange/statsRange.machine';
import { selectStatsRangeView } from '../../../../machines/statsRange/statsRange.selectors';
import { trainingHistogramQuery, trainingStatsQuery } from '../../../api/trainingStatsApi';
import type { components } from '../../../api/schema.gen';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { DateField } from '../../../components/ui/DateField';
import { Spinner } from '../../../components/ui/Spinner';
import { commonMessages } from '../../../i18n/commonMessages';
import { formatEuros, formatPercent, formatShortNumber } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import '../../../components/catalogue/catalogue.css';
import { formatAxisEuros } from './statsFormat';
import { RANGE_PRESETS, type DateRange, type RangePreset, type RangeProblem } from '../../../../shared/statsRange';
import { TrainingFrame } from './TrainingFrame';
import type { Training } from '../../../api/trainingsApi';
import './statistics.css';

type Histogram = components['schemas']['Histogram'];
type Series = 'revenue' | 'new_customers_count' | 'connections_count';

const StatsChart = lazy(() => import('./StatsChart'));

const m = defineMessages({
  period: { id: 'trainings.stats.period', defaultMessage: 'Période' },
  from: { id: 'trainings.stats.from', defaultMessage: 'Du' },
  to: { id: 'trainings.stats.to', defaultMessage: 'Au' },
  last30: { id: 'trainings.stats.last30', defaultMessage: '30 derniers jours' },
  last90: { id: 'trainings.stats.last90', defaultMessage: '90 derniers jours' },
  last365: { id: 'trainings.stats.last365', defaultMessage: '12 derniers mois' },
  figures: { id: 'trainings.stats.figures', defaultMessage: 'Chiffres clés' },
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
  evolution: { id: 'trainings.stats.evolution', defaultMessage: 'Évolution' },
  series: { id: 'trainings.stats.series', defaultMessage: 'Courbe affichée' },
  seriesRevenue: { id: 'trainings.stats.series.revenue', defaultMessage: 'Chiffre d’affaires' },
  seriesCustomers: { id: 'trainings.stats.series.customers', defaultMessage: 'Nouveaux apprenants' },
  seriesConnections: { id: 'trainings.stats.series.connections', defaultMessage: 'Connexions' },
  emptyTitle: { id: 'trainings.stats.emptyTitle', defaultMessage: 'Rien à afficher sur cette période' },
  emptyBody: { id: 'trainings.stats.emptyBody', defaultMessage: 'Aucune vente, inscription ni connexion entre ces dates. Essayez une période plus longue.' },
  failed: { id: 'trainings.stats.failed', defaultMessage: 'Les statistiques n’ont pas pu être chargées.' },
  tableCaption: { id: 'trainings.stats.tableCaption', defaultMessage: 'Valeurs du graphique' },
  colDate: { id: 'trainings.stats.colDate', defaultMessage: 'Date' },
  showTable: { id: 'trainings.stats.showTable', defaultMessage: 'Voir les valeurs' },
});
const mv = {
  week: defineMessage<{ date: string }>({ id: 'trainings.stats.week', defaultMessage: 'Sem. du {date}' }),
  rating: defineMessage<{ rating: string }>({ id: 'trainings.stats.ratingValue', defaultMessage: '{rating} / 5' }),
};
const presetLabels: Record<RangePreset, MessageDescriptor> = { 30: m.last30, 90: m.last90, 365: m.last365 };
const rangeProblems: Record<RangeProblem, MessageDescriptor> = defineMessages({
  missing: { id: 'trainings.stats.problem.missing', defaultMessage: 'Choisissez une date de début et une date de fin.' },
  order: { id: 'trainings.stats.problem.order', defaultMessage: 'La date de fin doit suivre la date de début.' },
  tooLong: { id: 'trainings.stats.problem.tooLong', defaultMessage: 'La période ne peut pas dépasser 10 ans.' },
});

/** /formations/:uuid/statistiques: figures and a histogram over a date range (default: the last 30 days). */
export function StatisticsPage() {
  return <TrainingFrame tab="statistics">{(training) => <StatisticsPanel training={training} />}</TrainingFrame>;
}

/** A bucket's label: the day, the week it starts, or the month (the server picks the bucket size). */
function bucketLabel(intl: IntlShape, date: string, interval: Histogram['interval']) {
  // Buckets are calendar days: read them at noon UTC so no time zone moves them to another day.
  const day = `${date}T12:00:00Z`;
  if (interval === 'MONTH') return intl.formatDate(day, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const short = intl.formatDate(day, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return interval === 'WEEK' ? intl.formatMessage(mv.week, { date: short }) : short;
}

function StatisticsPanel({ training }: { training: Training }) {
  const intl = useIntl();
  const { locale } = useLocale();
  // The composition root of the range machine: the real clock.
  const [rangeSnapshot, sendRange] = useInspectedMachine(statsRangeMachine, { input: { now: () => Date.now() } });
  const { range, asked, problem, activePreset } = selectStatsRangeView(rangeSnapshot);
  const [series, setSeries] = useState<Series>('revenue');
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const stats = useQuery({ ...trainingStatsQuery(training.uuid, asked), placeholderData: keepPreviousData });
  const histogram = useQuery({ ...trainingHistogramQuery(training.uuid, asked, tz), placeholderData: keepPreviousData });

  const change = (field: keyof DateRange) => (value: string) => sendRange({ type: 'CHANGE', field, value });
  const preset = (days: RangePreset) => sendRange({ type: 'PRESET', days });

  const euros = (value: number) => formatEuros(value, locale);
  const count = (value: number) => formatShortNumber(value, locale);
  const points = useMemo(() => histogram.data?.points ?? [], [histogram.data]);
  const chart = useMemo(() => {
    const interval = histogram.data?.interval ?? 'DAY';
    return { labels: points.map((p) => bucketLabel(intl, p.date, interval)), values: points.map((p) => p[series]) };
  }, [points, series, histogram.data?.interval, intl]);
  const isEmpty = histogram.data !== undefined && points.every((p) => p.revenue === 0 && p.new_customers_count === 0 && p.connections_count === 0);
  const seriesLabel = { revenue: m.seriesRevenue, new_customers_count: m.seriesCustomers, connections_count: m.seriesConnections }[series];
  const formatValue = series === 'revenue' ? euros : count;
  const formatTick = series === 'revenue' ? (value: number) => formatAxisEuros(value, locale) : count;
  const percent = (value: number) => formatPercent(value, locale);

  const figures = stats.data
    ? [
        { key: 'revenue', label: m.revenue, hint: m.revenueHint, value: euros(stats.data.revenue) },
        { key: 'sales', label: m.sales, value: count(stats.data.sales_count) },
        { key: 'customers', label: m.customers, hint: m.customersHint, value: count(stats.data.customers_count) },
        { key: 'active', label: m.active, hint: m.activeHint, value: count(stats.data.active_customers_count) },
        { key: 'completed', label: m.completed, hint: m.completedHint, value: count(stats.data.completed_count) },
        { key: 'completionRate', label: m.completionRate, hint: m.completionRateHint, value: percent(stats.data.completion_rate) },
        { key: 'progress', label: m.progress, hint: m.progressHint, value: percent(stats.data.average_progress) },
        {
          key: 'rating',
          label: m.rating,
          value: stats.data.average_rating === null ? intl.formatMessage(m.noRating) : intl.formatMessage(mv.rating, { rating: intl.formatNumber(stats.data.average_rating, { maximumFractionDigits: 1 }) }),
          isText: stats.data.average_rating === null,
        },
      ]
    : [];
  const failed = stats.isError || histogram.isError;

  return (
    <>
      <Card title={intl.formatMessage(m.period)}>
        <div className="stack" data-testid="stats-range">
          <div className="form-row stats-range">
            <DateField name="begin" granularity="day" label={intl.formatMessage(m.from)} value={range.begin} max={range.end} onChange={change('begin')} isInvalid={problem ? true : undefined} />
            <DateField name="end" granularity="day" label={intl.formatMessage(m.to)} value={range.end} min={range.begin} onChange={change('end')} isInvalid={problem ? true : undefined} />
            <div className="form-actions stats-range__presets">
              {RANGE_PRESETS.map((days) => (
                <Button key={days} variant="ghost" size="sm" className="stats-range__preset" aria-pressed={activePreset === days} onPress={() => preset(days)}>
                  {intl.formatMessage(presetLabels[days])}
                </Button>
              ))}
            </div>
          </div>
          {problem && (
            <p className="ui-field__error" role="alert">
              {intl.formatMessage(rangeProblems[problem])}
            </p>
          )}
        </div>
      </Card>

      {failed ? (
        <Banner
          variant="danger"
          title={intl.formatMessage(m.failed)}
          action={
            <Button variant="secondary" onPress={() => void Promise.all([stats.refetch(), histogram.refetch()])}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          }
        />
      ) : stats.isPending || histogram.isPending ? (
        <div className="loading-state">
          <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
        </div>
      ) : (
        <>
          <Card title={intl.formatMessage(m.figures)}>
            <dl className="stats-figures" data-testid="stats-figures">
              {figures.map((figure) => (
                <div key={figure.key} className="stats-figure" data-figure={figure.key}>
                  <dt>{intl.formatMessage(figure.label)}</dt>
                  <dd className={'isText' in figure && figure.isText ? 'stats-figure__value stats-figure__text' : 'stats-figure__value'}>{figure.value}</dd>
                  {'hint' in figure && figure.hint ? <dd className="stats-figure__hint">{intl.formatMessage(figure.hint)}</dd> : null}
                </div>
              ))}
            </dl>
          </Card>
          <Card title={intl.formatMessage(m.evolution)}>
            {isEmpty ? (
              <div className="empty-state" data-testid="stats-empty">
                <h3 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h3>
                <p className="page-lead">{intl.formatMessage(m.emptyBody)}</p>
              </div>
            ) : (
              <div className="stack">
                <ChoiceGroup
                  label={intl.formatMessage(m.series)}
                  orientation="horizontal"
                  value={series}
                  onChange={setSeries}
                  testId="stats-series"
                  choices={[
                    { value: 'revenue', label: intl.formatMessage(m.seriesRevenue) },
                    { value: 'new_customers_count', label: intl.formatMessage(m.seriesCustomers) },
                    { value: 'connections_count', label: intl.formatMessage(m.seriesConnections) },
                  ]}
                />
                <Suspense
                  fallback={
                    <div className="stats-chart stats-chart--loading">
                      <Spinner aria-label={intl.formatMessage(commonMessages.loading)} />
                    </div>
                  }
                >
                  <StatsChart labels={chart.labels} values={chart.values} label={intl.formatMessage(seriesLabel)} format={formatValue} formatTick={formatTick} />
                </Suspense>
                <details className="stats-values">
                  <summary>{intl.formatMessage(m.showTable)}</summary>
                  <div className="table-scroll">
                    <table className="data-table">
                      <caption className="visually-hidden">{intl.formatMessage(m.tableCaption)}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{intl.formatMessage(m.colDate)}</th>
                          <th scope="col" className="data-table__num">
                            {intl.formatMessage(seriesLabel)}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {chart.labels.map((label, index) => (
                          <tr key={points[index]!.date}>
                            <td>{label}</td>
                            <td className="data-table__num">{formatValue(chart.values[index]!)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              </div>
            )}
          </Card>
        </>
      )}
    </>
  );
}
