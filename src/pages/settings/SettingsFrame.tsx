import type { ReactNode } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { TextLink } from '../../components/ui/Link';
import '../pages.css';
import '../../components/catalogue/CatalogueFrame.css';
import '../../components/catalogue/catalogue.css';
import './settings.css';

const m = defineMessages({
  tabs: { id: 'settings.tabs.label', defaultMessage: 'Sections des paramètres' },
  general: { id: 'settings.tabs.general', defaultMessage: 'Général' },
  team: { id: 'settings.tabs.team', defaultMessage: 'Équipe' },
  seo: { id: 'settings.tabs.seo', defaultMessage: 'SEO' },
  sso: { id: 'settings.tabs.sso', defaultMessage: 'SSO' },
  company: { id: 'settings.tabs.company', defaultMessage: 'Entreprise' },
  payments: { id: 'settings.tabs.payments', defaultMessage: 'Paiements' },
  communication: { id: 'settings.tabs.communication', defaultMessage: 'Communications' },
  integrations: { id: 'settings.tabs.integrations', defaultMessage: 'Intégrations' },
  billing: { id: 'settings.tabs.billing', defaultMessage: 'Facturation' },
});

/** The /parametres/* pages in the spec's order (section 2); SSO shows the plan lock outside EXPERT. */
export const SETTINGS_TABS: ReadonlyArray<{ path: string; label: MessageDescriptor; tab: string }> = [
  { path: '/parametres', label: m.general, tab: 'general' },
  { path: '/parametres/equipe', label: m.team, tab: 'team' },
  { path: '/parametres/seo', label: m.seo, tab: 'seo' },
  { path: '/parametres/sso', label: m.sso, tab: 'sso' },
  { path: '/parametres/entreprise', label: m.company, tab: 'company' },
  { path: '/parametres/paiements', label: m.payments, tab: 'payments' },
  { path: '/parametres/communications', label: m.communication, tab: 'communication' },
  { path: '/parametres/integrations', label: m.integrations, tab: 'integrations' },
  { path: '/parametres/facturation', label: m.billing, tab: 'billing' },
];

/** The tab navigation across the settings pages, the current one marked. */
export function SettingsTabs() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <nav aria-label={intl.formatMessage(m.tabs)} className="training-tabs settings-tabs" data-testid="settings-tabs">
      <ul className="training-tabs__list">
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.path}>
            <TextLink href={tab.path} className="training-tabs__tab" aria-current={tab.path === current ? 'page' : undefined} data-testid={`settings-tab-${tab.tab}`}>
              {intl.formatMessage(tab.label)}
            </TextLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A settings page: the tabs, its title and lead, then its cards. */
export function SettingsFrame({ title, lead, testId, children }: { title: string; lead?: string; testId: string; children: ReactNode }) {
  return (
    <div className="stack settings-page" data-testid={testId}>
      <SettingsTabs />
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
