import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { defineMessages, useIntl } from 'react-intl';
import { AuthActor } from '../app/auth';
import { Button } from '../components/ui/Button';
import { TextLink } from '../components/ui/Link';
import { commonMessages } from '../i18n/commonMessages';
import './layouts.css';

const messages = defineMessages({
  nav: { id: 'layout.nav', defaultMessage: 'Navigation principale' },
  home: { id: 'layout.home', defaultMessage: 'Accueil' },
  account: { id: 'layout.account', defaultMessage: 'Mon compte' },
  logout: { id: 'layout.logout', defaultMessage: 'Se déconnecter' },
  loggingOut: { id: 'layout.loggingOut', defaultMessage: 'Déconnexion…' },
});

/** The signed-in frame. The full shell (drawer, menus, alerts) comes with the back-office shell issue. */
export function DefaultLayout() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const firstname = AuthActor.useSelector((s) => s.context.user?.firstname ?? '');
  const isLoggingOut = AuthActor.useSelector((s) => s.matches('loggingOut'));
  return (
    <div className="default-layout">
      <header className="default-layout__header">
        <a className="default-layout__brand" href="/">
          <span className="brand-mark" aria-hidden="true" />
          {intl.formatMessage(commonMessages.appName)}
        </a>
        <nav aria-label={intl.formatMessage(messages.nav)} className="default-layout__nav">
          <TextLink href="/" variant="subtle">
            {intl.formatMessage(messages.home)}
          </TextLink>
          <TextLink href="/mon-compte" variant="subtle">
            {intl.formatMessage(messages.account)}
          </TextLink>
        </nav>
        <div className="default-layout__user">
          <span className="default-layout__avatar" aria-hidden="true">
            {firstname.slice(0, 1).toUpperCase()}
          </span>
          <span data-testid="header-firstname">{firstname}</span>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => auth.send({ type: 'LOGOUT' })}
            isPending={isLoggingOut}
            pendingLabel={intl.formatMessage(messages.loggingOut)}
            data-testid="logout"
          >
            {intl.formatMessage(messages.logout)}
          </Button>
        </div>
      </header>
      <main className="default-layout__main" id="main">
        <QueryClientProvider client={queryClient}>
          <Outlet />
        </QueryClientProvider>
      </main>
    </div>
  );
}
