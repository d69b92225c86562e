import { lazy, Suspense, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, type QueryFunction, type QueryKey, type SkipToken, type UseQueryOptions } from '@tanstack/react-query';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useInspectedMachine } from '../../app/inspector';
import { statsRangeMachine } from '../../../machines/statsRange/statsRange.machine';
import { selectStatsRangeView } from '../../../machines/statsRange/statsRange.selectors';
import type { components } from '../../api/schema.gen';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ChoiceGroup } from '../ui/ChoiceGroup';
import { DateField } from '../ui/DateField';
import { Spinner } from '../ui/Spinner';
import { commonMessages } from '../../i18n/commonMessages';
import { formatEuros, formatPercent, formatShortNumber } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { MAX_RANGE_YEARS, RANGE_PRESETS, type DateRange, type RangePreset, type RangeProblem } from '../../../shared/statsRange';
import { formatAxisEuros } from './statsFormat';
import '../catalogue/catalogue.css';
import './stats.css';

type Histogram = components['schemas']['Histogram'];
type Series = 'revenue' | 'new_customers_count' | 'connections_count';
/** The options of a read (`$api.queryOptions(...)`), whatever the operation's own key. */
type Read<T> = { queryKey: QueryKey; queryFn?: QueryFunction<T, never> | SkipToken };
/** Each operation's options carry a key typed as its own tuple; the board reads them as any key's. */
const asOptions = <T,>(options: Read<T>) => options as unknown as UseQueryOptions<T, Error, T, QueryKey>;

const StatsChart = lazy(() => import('./StatsChart'));

// The ids keep the training tab's prefix, where these messages first lived.
const m = defineMessages({
  period: { id: 'trainings.stats.period', defaultMessage: 'Période' },
  from: { id: 'trainings.stats.from', defaultMessage: 'Du' },
  to: { id: 'trainings.stats.to', defaultMessage: 'Au' },
  last30: { id: 'trainings.stats.last30', defaultMessage: '30 derniers jours' },
  last90: { id: 'trainings.stats.last90', defaultMessage: '90 derniers jours' },
  last365: { id: 'trainings.stats.last365', defaultMessage: '12 derniers mois' },
  figures: { id: 'trainings.stats.figures', defaultMessage: 'Chiffres clés' },
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
  tooLong: defineMessage<{ years: number }>({ id: 'trainings.stats.problem.tooLong', defaultMessage: 'La période ne peut pas dépasser {years} ans.' }),
};
const presetLabels: Record<RangePreset, MessageDescriptor> = { 30: m.last30, 90: m.last90, 365: m.last365 };
const rangeProblems: Record<Exclude<RangeProblem, 'tooLong'>, MessageDescriptor> = defineMessages({
  missing: { id: 'trainings.stats.problem.missing', defaultMessage: 'Choisissez une date de début et une date de fin.' },
  order: { id: 'trainings.stats.problem.order', defaultMessage: 'La date de fin doit suivre la date de début.' },
});

/** One figure of the board: its label, an optional hint naming what it counts, its value already written. */
export interface StatsFigure {
  key: string;
  label: MessageDescriptor;
  hint?: MessageDescriptor;
  value: string;
  /** A sentence rather than a number (e.g. "no rating yet"): written smaller. */
  isText?: boolean;
}

/** How the board writes numbers, in the viewer's locale (spec 9: euros fr-FR with K / M / Md, 2-decimal percents). */
export interface StatsFormats {
  intl: IntlShape;
  euros: (value: number) => string;
  count: (value: number) => string;
  percent: (value: number) => string;
}

/**
 * The range card's state: machines/statsRange with the real clock (this is its composition root). `asked` is the
 * range to read; `card` goes to <StatsRangeCard>. A page with its own reads over a range (the admin's tops) uses
 * the pair without the board.
 */
export function useStatsRange(maxYears: number = MAX_RANGE_YEARS) {
  const [rangeSnapshot, sendRange] = useInspectedMachine(statsRangeMachine, { input: { now: () => Date.now(), maxYears } });
  const view = selectStatsRangeView(rangeSnapshot);
  return { asked: view.asked, card: { view, send: sendRange, maxYears } };
}

type RangeCardProps = ReturnType<typeof useStatsRange>['card'];

/** The period card: two date fields, the presets, and why typed dates are not asked. */
export function StatsRangeCard({ view, send, maxYears }: RangeCardProps) {
  const intl = useIntl();
  const { range, problem, activePreset } = view;
  const change = (field: keyof DateRange) => (value: string) => send({ type: 'CHANGE', field, value });
  const preset = (days: RangePreset) => send({ type: 'PRESET', days });
  return (
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
            {problem === 'tooLong' ? intl.formatMessage(mv.tooLong, { years: maxYears }) : intl.formatMessage(rangeProblems[problem])}
          </p>
        )}
      </div>
    </Card>
  );
}

export interface StatsBoardProps<S> {
  /** The figures over a range (getTrainingStats, getStoreStats). */
  stats: (range: DateRange) => Read<S>;
  /** The histogram over the same range, in the viewer's zone. */
  histogram: (range: DateRange, tz: string) => Read<Histogram>;
  /** The figures to show, from the answer. */
  figures: (data: S, formats: StatsFormats) => StatsFigure[];
  /** The longest range the operation takes (the training's: 10 years; the store's: 5). */
  maxYears?: number;
  /** Other names for the series, where the histogram counts something else (the platform's KPI: sign-ups). */
  seriesLabels?: Partial<Record<Series, MessageDescriptor>>;
}

/** A bucket's label: the day, the week it starts, or the month (the server picks the bucket size). */
function bucketLabel(intl: IntlShape, date: string, interval: Histogram['interval']) {
  // Buckets are calendar days: read them at noon UTC so no time zone moves them to another day.
  const day = `${date}T12:00:00Z`;
  if (interval === 'MONTH') return intl.formatDate(day, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const short = intl.formatDate(day, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return interval === 'WEEK' ? intl.formatMessage(mv.week, { date: short }) : short;
}

/**
 * A statistics board: the range card (machines/statsRange, the real clock injected here), the key figures and a
 * bar chart of one series with its values as a table. A training's statistics tab and the store's statistics
 * page are each one of these with their own reads and figures.
 */
export function StatsBoard<S>({ stats: statsOptions, histogram: histogramOptions, figures: figuresOf, maxYears = MAX_RANGE_YEARS, seriesLabels = {} }: StatsBoardProps<S>) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { asked, card } = useStatsRange(maxYears);
  const labels: Record<Series, MessageDescriptor> = { revenue: m.seriesRevenue, new_customers_count: m.seriesCustomers, connections_count: m.seriesConnections, ...seriesLabels };
  const [series, setSeries] = useState<Series>('revenue');
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  const stats = useQuery({ ...asOptions(statsOptions(asked)), placeholderData: keepPreviousData });
  const histogram = useQuery({ ...asOptions(histogramOptions(asked, tz)), placeholderData: keepPreviousData });

  const formats: StatsFormats = {
    intl,
    euros: (value) => formatEuros(value, locale),
    count: (value) => formatShortNumber(value, locale),
    percent: (value) => formatPercent(value, locale),
  };
  const points = useMemo(() => histogram.data?.points ?? [], [histogram.data]);
  const chart = useMemo(() => {
    const interval = histogram.data?.interval ?? 'DAY';
    return { labels: points.map((p) => bucketLabel(intl, p.date, interval)), values: points.map((p) => p[series]) };
  }, [points, series, histogram.data?.interval, intl]);
  const isEmpty = histogram.data !== undefined && points.every((p) => p.revenue === 0 && p.new_customers_count === 0 && p.connections_count === 0);
  const seriesLabel = labels[series];
  const formatValue = series === 'revenue' ? formats.euros : formats.count;
  const formatTick = series === 'revenue' ? (value: number) => formatAxisEuros(value, locale) : formats.count;
  const figures = stats.data ? figuresOf(stats.data, formats) : [];
  const failed = stats.isError || histogram.isError;

  return (
    <>
      <StatsRangeCard {...card} />

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
                  <dd className={figure.isText ? 'stats-figure__value stats-figure__text' : 'stats-figure__value'}>{figure.value}</dd>
                  {figure.hint ? <dd className="stats-figure__hint">{intl.formatMessage(figure.hint)}</dd> : null}
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
                    { value: 'revenue', label: intl.formatMessage(labels.revenue) },
                    { value: 'new_customers_count', label: intl.formatMessage(labels.new_customers_count) },
                    { value: 'connections_count', label: intl.formatMessage(labels.connections_count) },
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
