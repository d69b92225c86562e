import { defineMessages, useIntl } from 'react-intl';
import { TextLink } from '../../components/ui/Link';
import { Card } from '../../components/ui/Card';
import { adminMessages } from './adminMessages';
import '../pages.css';

const m = defineMessages({
  lead: { id: 'admin.home.lead', defaultMessage: 'Les écoles de toute la plateforme : classements, indicateurs et opérations de support.' },
  topsBody: { id: 'admin.home.topsBody', defaultMessage: 'Les écoles classées par chiffre d’affaires, ventes ou nouveaux apprenants sur une période.' },
  kpiBody: { id: 'admin.home.kpiBody', defaultMessage: 'Écoles par offre, revenu mensuel récurrent de la facturation, inscriptions dans le temps.' },
  operationsBody: { id: 'admin.home.operationsBody', defaultMessage: 'Trouver une école, régler ses options entreprise, se connecter en tant que son propriétaire, journal des prises de contrôle.' },
});

/** /admin: the three pages of the platform admin's area. */
export function AdminHomePage() {
  const intl = useIntl();
  const entries = [
    { href: '/admin/tops', title: adminMessages.tops, body: m.topsBody },
    { href: '/admin/kpi', title: adminMessages.kpi, body: m.kpiBody },
    { href: '/admin/operations', title: adminMessages.operations, body: m.operationsBody },
  ];
  return (
    <div className="page stack" data-testid="admin-home">
      <header>
        <h1 className="page-title">{intl.formatMessage(adminMessages.home)}</h1>
        <p className="page-lead">{intl.formatMessage(m.lead)}</p>
      </header>
      <div className="card-grid">
        {entries.map((entry) => (
          <Card key={entry.href} title={<TextLink href={entry.href}>{intl.formatMessage(entry.title)}</TextLink>}>
            <p>{intl.formatMessage(entry.body)}</p>
          </Card>
        ))}
      </div>
    </div>
  );
}
