import { defineMessages, useIntl } from 'react-intl';
import { adminKpiHistogramQuery, adminKpiQuery, type AdminKpi } from '../../api/adminApi';
import { StatsBoard, type StatsFigure, type StatsFormats } from '../../components/stats/StatsBoard';
import { adminMessages } from './adminMessages';
import '../pages.css';

/** The contract's bound for the KPI (getAdminKpi: at most 5 years). */
const KPI_MAX_YEARS = 5;

const m = defineMessages({
  lead: { id: 'admin.kpi.lead', defaultMessage: 'Toute la plateforme : écoles par offre et revenu mensuel récurrent aujourd’hui, inscriptions et facturation sur la période.' },
  stores: { id: 'admin.kpi.stores', defaultMessage: 'Écoles' },
  paying: { id: 'admin.kpi.paying', defaultMessage: 'Écoles payantes' },
  payingHint: { id: 'admin.kpi.payingHint', defaultMessage: 'Avec une période payée en cours' },
  mrr: { id: 'admin.kpi.mrr', defaultMessage: 'Revenu mensuel récurrent' },
  mrrHint: { id: 'admin.kpi.mrrHint', defaultMessage: 'Périodes en cours : mensuelles telles quelles, annuelles divisées par 12' },
  signups: { id: 'admin.kpi.signups', defaultMessage: 'Inscriptions' },
  signupsHint: { id: 'admin.kpi.signupsHint', defaultMessage: 'Écoles créées pendant la période' },
  billing: { id: 'admin.kpi.billing', defaultMessage: 'Facturation' },
  billingHint: { id: 'admin.kpi.billingHint', defaultMessage: 'Offres et sièges payés pendant la période' },
  planHint: { id: 'admin.kpi.planHint', defaultMessage: 'Écoles sur cette offre aujourd’hui' },
  seriesBilling: { id: 'admin.kpi.series.billing', defaultMessage: 'Facturation de la plateforme' },
  seriesSignups: { id: 'admin.kpi.series.signups', defaultMessage: 'Inscriptions d’écoles' },
  seriesConnections: { id: 'admin.kpi.series.connections', defaultMessage: 'Connexions des apprenants' },
});

function kpiFigures(kpi: AdminKpi, { euros, count }: StatsFormats): StatsFigure[] {
  return [
    { key: 'stores', label: m.stores, value: count(kpi.stores_count) },
    { key: 'paying', label: m.paying, hint: m.payingHint, value: count(kpi.paying_stores_count) },
    { key: 'mrr', label: m.mrr, hint: m.mrrHint, value: euros(kpi.mrr) },
    { key: 'signups', label: m.signups, hint: m.signupsHint, value: count(kpi.signups_count) },
    { key: 'billing', label: m.billing, hint: m.billingHint, value: euros(kpi.billing_revenue) },
    ...(['PERCENT', 'PERK', 'PRO', 'EXPERT'] as const).map((plan) => ({ key: `plan-${plan}`, label: adminMessages[plan], hint: m.planHint, value: count(kpi.stores_by_plan[plan]) })),
  ];
}

/** /admin/kpi: the platform's figures and their histogram, on the statistics page's board (platform admins). */
export function AdminKpiPage() {
  const intl = useIntl();
  return (
    <div className="page stack" data-testid="admin-kpi">
      <header>
        <h1 className="page-title">{intl.formatMessage(adminMessages.kpi)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <StatsBoard
        stats={(range) => adminKpiQuery(range)}
        histogram={(range, tz) => adminKpiHistogramQuery(range, tz)}
        figures={kpiFigures}
        maxYears={KPI_MAX_YEARS}
        seriesLabels={{ revenue: m.seriesBilling, new_customers_count: m.seriesSignups, connections_count: m.seriesConnections }}
      />
    </div>
  );
}
