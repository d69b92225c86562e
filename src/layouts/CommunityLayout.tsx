import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { ArrowLeft, Home, Menu as MenuIcon } from 'lucide-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { Button } from '../components/ui/Button';
import { TextLink } from '../components/ui/Link';
import { ConnectivityNotices } from './shell/ConnectivityNotices';
import { DESKTOP, useMediaQuery } from './shell/useMediaQuery';
import './layouts.css';
import './shell/shell.css';

const messages = defineMessages({
  back: { id: 'community.back', defaultMessage: "Retour à l'espace formateur" },
  menu: { id: 'community.menu', defaultMessage: 'Menu' },
  nav: { id: 'community.nav', defaultMessage: 'Espaces de la communauté' },
  home: { id: 'community.home', defaultMessage: 'Accueil de la communauté' },
  noSpaces: { id: 'community.noSpaces', defaultMessage: "Les espaces et collections s'afficheront ici." },
});

/**
 * The community frame (responsive): back arrow to the dashboard, a side menu collapsible on small
 * screens. Its spaces and collections come with the community issue.
 */
export function CommunityLayout() {
  const intl = useIntl();
  const desktop = useMediaQuery(DESKTOP);
  const [menuChoice, setMenuChoice] = useState<boolean | null>(null);
  const menuOpen = menuChoice ?? desktop;
  return (
    <div className="community-layout">
      <header className="shell-header">
        <TextLink href="/" variant="subtle">
          <span className="community-layout__back">
            <ArrowLeft size={18} aria-hidden="true" /> {intl.formatMessage(messages.back)}
          </span>
        </TextLink>
        {!desktop && (
          <Button variant="ghost" size="sm" onPress={() => setMenuChoice(!menuOpen)} aria-expanded={menuOpen} aria-controls="community-menu" icon={<MenuIcon size={18} aria-hidden="true" />}>
            {intl.formatMessage(messages.menu)}
          </Button>
        )}
      </header>
      <div className="shell__body">
        <nav id="community-menu" className="shell-drawer" aria-label={intl.formatMessage(messages.nav)} hidden={!menuOpen}>
          <ul className="shell-drawer__list">
            <li>
              <NavLink to="/communaute" end className="shell-drawer__link">
                <Home size={18} aria-hidden="true" /> {intl.formatMessage(messages.home)}
              </NavLink>
            </li>
          </ul>
          <p className="community-layout__empty">{intl.formatMessage(messages.noSpaces)}</p>
        </nav>
        <div className="shell__content">
          <ConnectivityNotices />
          <main className="shell__main" id="main" tabIndex={-1}>
            <QueryClientProvider client={queryClient}>
              <Outlet />
            </QueryClientProvider>
          </main>
        </div>
      </div>
    </div>
  );
}
