import { defineMessages, useIntl } from 'react-intl';
import type { components } from '../../api/schema.gen';
import { storeHistogramQuery, storeStatsQuery } from '../../api/storeStatsApi';
import { AuthActor } from '../../app/auth';
import { StatsBoard, type StatsFigure, type StatsFormats } from '../../components/stats/StatsBoard';
import '../pages.css';

type Stats = components['schemas']['Stats'];

/** The contract's bound for the store's figures (getStoreStats: at most 5 years). */
const STORE_STATS_MAX_YEARS = 5;

const m = defineMessages({
  title: { id: 'statistics.title', defaultMessage: 'Statistiques' },
  lead: { id: 'statistics.lead', defaultMessage: 'Les chiffres de toute votre école : ventes, apprenants et activité sur la période choisie.' },
  // Each label names what is counted, its hint the rule (README, "Store statistics").
  revenue: { id: 'statistics.revenue', defaultMessage: 'Chiffre d’affaires' },
  revenueHint: { id: 'statistics.revenueHint', defaultMessage: 'Ventes payées pendant la période, remises déduites' },
  sales: { id: 'statistics.sales', defaultMessage: 'Ventes payées' },
  basket: { id: 'statistics.basket', defaultMessage: 'Panier moyen' },
  basketHint: { id: 'statistics.basketHint', defaultMessage: 'Montant moyen d’une vente payée' },
  newCustomers: { id: 'statistics.newCustomers', defaultMessage: 'Nouveaux apprenants' },
  newCustomersHint: { id: 'statistics.newCustomersHint', defaultMessage: 'Première inscription dans l’école pendant la période' },
  students: { id: 'statistics.students', defaultMessage: 'Apprenants' },
  studentsHint: { id: 'statistics.studentsHint', defaultMessage: 'Avec un accès en cours à la fin de la période' },
  abandoned: { id: 'statistics.abandoned', defaultMessage: 'Paniers abandonnés' },
  abandonedHint: { id: 'statistics.abandonedHint', defaultMessage: 'Commandes laissées sans paiement pendant la période' },
  connections: { id: 'statistics.connections', defaultMessage: 'Connexions' },
  connectionsHint: { id: 'statistics.connectionsHint', defaultMessage: 'Visites des apprenants à leurs formations' },
  completion: { id: 'statistics.completion', defaultMessage: 'Taux de complétion' },
  completionHint: { id: 'statistics.completionHint', defaultMessage: 'Part des inscriptions de la période terminées à ce jour' },
  conversion: { id: 'statistics.conversion', defaultMessage: 'Taux de conversion' },
  conversionHint: { id: 'statistics.conversionHint', defaultMessage: 'Part des commandes de la période qui ont été payées' },
});

function storeFigures(stats: Stats, { euros, count, percent }: StatsFormats): StatsFigure[] {
  return [
    { key: 'revenue', label: m.revenue, hint: m.revenueHint, value: euros(stats.revenue) },
    { key: 'sales', label: m.sales, value: count(stats.sales_count) },
    { key: 'basket', label: m.basket, hint: m.basketHint, value: euros(stats.average_basket) },
    { key: 'conversion', label: m.conversion, hint: m.conversionHint, value: percent(stats.conversion_rate) },
    { key: 'newCustomers', label: m.newCustomers, hint: m.newCustomersHint, value: count(stats.new_customers_count) },
    { key: 'students', label: m.students, hint: m.studentsHint, value: count(stats.students_count) },
    { key: 'abandoned', label: m.abandoned, hint: m.abandonedHint, value: count(stats.abandoned_carts_count) },
    { key: 'connections', label: m.connections, hint: m.connectionsHint, value: count(stats.connections_count) },
    { key: 'completion', label: m.completion, hint: m.completionHint, value: percent(stats.completion_rate) },
  ];
}

/** /statistiques: the whole store's figures and histogram over a range of days (OWNER, ADMIN, ANALYST). */
export function StoreStatisticsPage() {
  const intl = useIntl();
  const storeUuid = AuthActor.useSelector((snapshot) => snapshot.context.user?.store.uuid ?? '');
  return (
    <div className="page stack" data-testid="statistics-page">
      <header>
        <h1 className="page-title">{intl.formatMessage(m.title)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      {storeUuid ? (
        <StatsBoard
          stats={(range) => storeStatsQuery(storeUuid, range)}
          histogram={(range, tz) => storeHistogramQuery(storeUuid, range, tz)}
          figures={storeFigures}
          maxYears={STORE_STATS_MAX_YEARS}
        />
      ) : null}
    </div>
  );
}
