import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { adminTopsQuery, type TopsBy } from '../../api/adminApi';
import { StatsRangeCard, useStatsRange } from '../../components/stats/StatsBoard';
import { Card } from '../../components/ui/Card';
import { ChoiceGroup } from '../../components/ui/ChoiceGroup';
import { ListStates } from '../../components/ui/ListStates';
import { formatEuros } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { adminMessages } from './adminMessages';
import '../pages.css';
import '../../components/catalogue/catalogue.css';

/** The contract's bound (getAdminTops reads the statistics' 10 years). */
const TOPS_MAX_YEARS = 10;

const m = defineMessages({
  lead: { id: 'admin.tops.lead', defaultMessage: 'Les 20 premières écoles de la période, toutes offres confondues.' },
  by: { id: 'admin.tops.by', defaultMessage: 'Classer par' },
  revenue: { id: 'admin.tops.revenue', defaultMessage: 'Chiffre d’affaires' },
  sales: { id: 'admin.tops.sales', defaultMessage: 'Ventes payées' },
  learners: { id: 'admin.tops.learners', defaultMessage: 'Nouveaux apprenants' },
  ranking: { id: 'admin.tops.ranking', defaultMessage: 'Classement' },
  colRank: { id: 'admin.tops.col.rank', defaultMessage: 'Rang' },
  colStore: { id: 'admin.tops.col.store', defaultMessage: 'École' },
  colPlan: { id: 'admin.tops.col.plan', defaultMessage: 'Offre' },
  failed: { id: 'admin.tops.failed', defaultMessage: 'Le classement n’a pas pu être chargé.' },
  noMatch: { id: 'admin.tops.noMatch', defaultMessage: 'Aucune école ne correspond.' },
  emptyTitle: { id: 'admin.tops.emptyTitle', defaultMessage: 'Aucune activité sur cette période' },
  emptyBody: { id: 'admin.tops.emptyBody', defaultMessage: 'Aucune école n’a vendu ni accueilli d’apprenant entre ces dates. Essayez une période plus longue.' },
});

/** /admin/tops: the stores ranked by revenue, sales or new learners over a period (platform admins). */
export function AdminTopsPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { asked, card } = useStatsRange(TOPS_MAX_YEARS);
  const [by, setBy] = useState<TopsBy>('revenue');
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const tops = useQuery({ ...adminTopsQuery(asked, by, tz), placeholderData: keepPreviousData });
  const rows = tops.data?.data ?? [];
  return (
    <div className="page stack" data-testid="admin-tops">
      <header>
        <h1 className="page-title">{intl.formatMessage(adminMessages.tops)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <StatsRangeCard {...card} />
      <Card title={intl.formatMessage(m.ranking)}>
        <div className="stack">
          <ChoiceGroup
            label={intl.formatMessage(m.by)}
            orientation="horizontal"
            value={by}
            onChange={setBy}
            testId="admin-tops-by"
            choices={[
              { value: 'revenue', label: intl.formatMessage(m.revenue) },
              { value: 'sales', label: intl.formatMessage(m.sales) },
              { value: 'learners', label: intl.formatMessage(m.learners) },
            ]}
          />
          <ListStates query={tops} isEmpty={rows.length === 0} isFiltered={false} testId="admin-tops" messages={m}>
            <div className="table-scroll">
              <table className="data-table" data-testid="admin-tops-table">
                <thead>
                  <tr>
                    <th scope="col" className="data-table__num">{intl.formatMessage(m.colRank)}</th>
                    <th scope="col">{intl.formatMessage(m.colStore)}</th>
                    <th scope="col">{intl.formatMessage(m.colPlan)}</th>
                    <th scope="col" className="data-table__num">{intl.formatMessage(m.revenue)}</th>
                    <th scope="col" className="data-table__num">{intl.formatMessage(m.sales)}</th>
                    <th scope="col" className="data-table__num">{intl.formatMessage(m.learners)}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.store.uuid}>
                      <td className="data-table__num">{row.rank}</td>
                      <td>{row.store.subdomain}</td>
                      <td>{intl.formatMessage(adminMessages[row.store.plan])}</td>
                      <td className="data-table__num">{formatEuros(row.revenue, locale)}</td>
                      <td className="data-table__num">{intl.formatNumber(row.sales_count)}</td>
                      <td className="data-table__num">{intl.formatNumber(row.learners_count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </ListStates>
        </div>
      </Card>
    </div>
  );
}
