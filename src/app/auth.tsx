import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import { useIntl, defineMessages } from 'react-intl';
import { authMachine } from '../../machines/auth/auth.machine';
import { createAuthActors } from '../../machines/auth/auth.actors';
import { landingAfterAuth, loginPathFor } from '../../machines/auth/auth.navigation';
import { authApi } from '../api/authApi';
import { api, onUnauthorized } from '../api/client';
import { tokenStorage } from '../api/tokenStorage';
import { showToast } from '../components/ui/Toast';
import { useLocale } from '../i18n/LocaleProvider';

/** The app-wide auth actor; the real side effects are supplied here and nowhere else. */
export const AuthActor = createActorContext(authMachine);

const messages = defineMessages({
  sessionExpired: { id: 'auth.sessionExpired', defaultMessage: 'Votre session a expiré. Veuillez vous reconnecter.' },
});

export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  currentPath(): string;
  currentSearch(): string;
}

export function AuthProvider({
  navigator,
  inspect,
  children,
}: {
  navigator: Navigator;
  inspect?: (event: InspectionEvent) => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  // The machine is built once; the notice reads the current language through this ref.
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const logic = useMemo(
    () =>
      authMachine.provide({
        actors: createAuthActors(authApi, tokenStorage),
        actions: {
          storeToken: (_, { token }) => tokenStorage.set(token),
          forgetToken: () => tokenStorage.clear(),
          recordLastLogin: () => void api.PUT('/users/me/last_login').catch(() => undefined),
          navigateAfterAuth: (_, { origin }) => void navigator.navigate(landingAfterAuth(origin, navigator.currentSearch()), { replace: true }),
          navigateToLogin: (_, { ended }) => void navigator.navigate(loginPathFor(ended, navigator.currentPath()), { replace: true }),
          announceSessionExpired: () => showToast({ title: intlRef.current.formatMessage(messages.sessionExpired), variant: 'error' }),
        },
      }),
    [navigator],
  );
  return (
    <AuthActor.Provider logic={logic} options={inspect ? { inspect } : undefined}>
      <UnauthorizedBridge />
      <UserLocale />
      {children}
    </AuthActor.Provider>
  );
}

/** Any signed-in call answered 401 ends the session (spec error catalogue: 401 → session expired → login). */
function UnauthorizedBridge() {
  const actor = AuthActor.useActorRef();
  useEffect(() => {
    onUnauthorized(() => actor.send({ type: 'SESSION_EXPIRED' }));
    return () => onUnauthorized(null);
  }, [actor]);
  return null;
}

/** A signed-in user's saved language wins over the device's choice. */
function UserLocale() {
  const userLocale = AuthActor.useSelector((snapshot) => snapshot.context.user?.locale);
  const { locale, setLocale } = useLocale();
  useEffect(() => {
    if (userLocale && userLocale !== locale) setLocale(userLocale);
  }, [userLocale, locale, setLocale]);
  return null;
}
