import { useState } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { queryClient } from '../api/queryClient';
import { AuthActor } from '../app/auth';
import { GuestRedirect, useViewer } from '../app/RouteGuard';
import { routeByName } from '../app/routes';
import { Alerts } from './shell/Alerts';
import { ConnectivityNotices } from './shell/ConnectivityNotices';
import { Header } from './shell/Header';
import { MobileBlock } from './shell/MobileBlock';
import { SideDrawer } from './shell/SideDrawer';
import { SwitchBackBanner } from './shell/SwitchBackBanner';
import { DESKTOP, PHONE, useMediaQuery } from './shell/useMediaQuery';
import './layouts.css';
import './shell/shell.css';

const messages = defineMessages({
  skip: { id: 'shell.skip', defaultMessage: 'Aller au contenu' },
  nav: { id: 'shell.nav', defaultMessage: 'Navigation principale' },
});

/** The signed-in frame: side drawer, header, alerts, and the page (spec section 2, Shell). */
export function DefaultLayout() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const user = AuthActor.useSelector((s) => s.context.user);
  const viewer = useViewer();
  const desktop = useMediaQuery(DESKTOP);
  const phone = useMediaQuery(PHONE);
  // The drawer follows the screen (open at 1024px and more) until the user toggles it.
  const [drawerChoice, setDrawerChoice] = useState<boolean | null>(null);
  const drawerOpen = drawerChoice ?? desktop;
  const leaf = useMatches().at(-1)?.id;
  const responsive = leaf ? (routeByName(leaf)?.responsive ?? false) : true;
  const blocked = phone && !responsive;
  // A page already open stays mounted (hidden) while the screen is phone-sized, so turning a tablet or
  // narrowing the window does not lose what it holds (typing, a secret shown once).
  const [openedLeaf, setOpenedLeaf] = useState<string | undefined>(undefined);
  if (!blocked && openedLeaf !== leaf) setOpenedLeaf(leaf);
  const keepPage = !blocked || openedLeaf === leaf;

  if (!user || !viewer) return <GuestRedirect />;
  return (
    <div className="shell" data-drawer={drawerOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        {intl.formatMessage(messages.skip)}
      </a>
      {/* The header reads the support address through the query cache too (help menu). */}
      <QueryClientProvider client={queryClient}>
        <Header user={user} viewer={viewer} drawerOpen={drawerOpen} onToggleDrawer={() => setDrawerChoice(!drawerOpen)} onLogout={() => auth.send({ type: 'LOGOUT' })} />
      </QueryClientProvider>
      <div className="shell__body">
        <SideDrawer
          viewer={viewer}
          capabilities={user.store.enterprise_capabilities}
          open={drawerOpen}
          label={intl.formatMessage(messages.nav)}
          // Below 1024 px the drawer covers the page: following an entry closes it.
          onNavigate={() => !desktop && setDrawerChoice(false)}
        />
        <div className="shell__content">
          <ConnectivityNotices />
          <SwitchBackBanner key={user.uuid} email={user.email} />
          <Alerts user={user} viewer={viewer} />
          <main className="shell__main" id="main" tabIndex={-1}>
            <QueryClientProvider client={queryClient}>
              {blocked && <MobileBlock />}
              {keepPage && (
                <div className="shell__page" hidden={blocked}>
                  <Outlet />
                </div>
              )}
            </QueryClientProvider>
          </main>
        </div>
      </div>
    </div>
  );
}
