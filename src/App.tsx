import { RouterProvider } from 'react-router-dom';
import type { Snapshot } from 'xstate';
import { defineMessages, useIntl } from 'react-intl';
import { AuthActor, AuthProvider, type Navigator } from './app/auth';
import { ConnectivityProvider } from './app/connectivity';
import { PageDialogProvider } from './app/pageDialog';
import { router } from './app/router';
import { Button } from './components/ui/Button';
import { Spinner } from './components/ui/Spinner';
import { commonMessages } from './i18n/commonMessages';
import './layouts/layouts.css';

const messages = defineMessages({
  unavailable: { id: 'app.unavailable', defaultMessage: 'Impossible de joindre la plateforme pour le moment.' },
});

const navigator: Navigator = {
  navigate: (to, options) => router.navigate(to, options),
  currentPath: () => {
    const { pathname, search, hash } = router.state.location;
    return pathname + search + hash;
  },
  currentSearch: () => router.state.location.search,
};

/** Routing starts only once the auth machine knows who is there (spec: the app waits for auth). */
function AuthGate() {
  const intl = useIntl();
  const auth = AuthActor.useActorRef();
  const ready = AuthActor.useSelector((s) => !s.matches('checking'));
  const unavailable = AuthActor.useSelector((s) => s.matches('unavailable'));
  if (unavailable) {
    return (
      <div className="full-page-state" role="alert">
        <p>{intl.formatMessage(messages.unavailable)}</p>
        <Button onPress={() => auth.send({ type: 'RETRY' })}>{intl.formatMessage(commonMessages.retry)}</Button>
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="full-page-state">
        <Spinner size="lg" aria-label={intl.formatMessage(commonMessages.loading)} />
      </div>
    );
  }
  return <RouterProvider router={router} />;
}

/** `authSnapshot`: the session the guest entry opened before it handed over (src/guestMain.tsx). */
export function App({ authSnapshot }: { authSnapshot?: Snapshot<unknown> }) {
  return (
    <ConnectivityProvider>
      <PageDialogProvider>
        <AuthProvider navigator={navigator} snapshot={authSnapshot}>
          <AuthGate />
        </AuthProvider>
      </PageDialogProvider>
    </ConnectivityProvider>
  );
}
