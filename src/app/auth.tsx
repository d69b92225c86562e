import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl, defineMessages } from 'react-intl';
import { authMachine } from '../../machines/auth/auth.machine';
import { createAuthActors } from '../../machines/auth/auth.actors';
import { landingAfterAuth, loginPathFor } from '../../machines/auth/auth.navigation';
import type { AuthApi } from '../../machines/auth/auth.actors';
import { adminTokenStorage, TOKEN_KEY, tokenStorage } from '../api/tokenStorage';
import { onUnauthorized } from '../api/unauthorized';
import { showToast } from '../components/ui/toastQueue';
import { useLocale } from '../i18n/LocaleProvider';
import { createInspectedActorContext } from './inspector';

/** The app-wide auth actor; the real side effects are supplied here and nowhere else. */
export const AuthActor = createInspectedActorContext(authMachine);

const messages = defineMessages({
  sessionExpired: { id: 'auth.sessionExpired', defaultMessage: 'Votre session a expiré. Veuillez vous reconnecter.' },
});

// The API client loads on first use: a guest on /connexion downloads it only when they sign in.
const loadAuthApi = () => import('../api/authApi').then((m) => m.authApi);
const lazyAuthApi: AuthApi = {
  getMe: async (signal) => (await loadAuthApi()).getMe(signal),
  login: async (credentials, signal) => (await loadAuthApi()).login(credentials, signal),
  register: async (registration, signal) => (await loadAuthApi()).register(registration, signal),
  registerPerk: async (registration, signal) => (await loadAuthApi()).registerPerk(registration, signal),
  logout: async (signal) => (await loadAuthApi()).logout(signal),
};

export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  currentPath(): string;
  currentSearch(): string;
}

export function AuthProvider({ navigator, children }: { navigator: Navigator; children: ReactNode }) {
  const intl = useIntl();
  // The machine is built once; the notice reads the current language through this ref.
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const logic = useMemo(
    () =>
      authMachine.provide({
        actors: createAuthActors(lazyAuthApi, tokenStorage),
        actions: {
          storeToken: (_, { token }) => tokenStorage.set(token),
          // Signing out of a switched session forgets the platform admin's kept session too (issue 16).
          forgetToken: () => {
            tokenStorage.clear();
            adminTokenStorage.clear();
          },
          recordLastLogin: () => void import('../api/authApi').then((m) => m.recordLastLogin()).catch(() => undefined),
          navigateAfterAuth: (_, { origin }) => void navigator.navigate(landingAfterAuth(origin, navigator.currentSearch()), { replace: true }),
          navigateToLogin: (_, { ended }) => void navigator.navigate(loginPathFor(ended, navigator.currentPath()), { replace: true }),
          announceSessionExpired: () => showToast({ title: intlRef.current.formatMessage(messages.sessionExpired), variant: 'error' }),
        },
      }),
    [navigator],
  );
  return (
    <AuthActor.Provider logic={logic}>
      <UnauthorizedBridge />
      <UserLocale />
      {children}
    </AuthActor.Provider>
  );
}

/**
 * Feeds the auth machine what happens outside it: a call answered 401 ends the session (spec error
 * catalogue), and another tab signing in or out changes the stored token.
 */
function UnauthorizedBridge() {
  const actor = AuthActor.useActorRef();
  useEffect(() => {
    onUnauthorized(() => actor.send({ type: 'SESSION_EXPIRED' }));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY) actor.send({ type: 'TOKEN_CHANGED', present: tokenStorage.get() !== null });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      onUnauthorized(null);
      window.removeEventListener('storage', onStorage);
    };
  }, [actor]);
  return null;
}

/**
 * A user's saved language applies when they sign in or save their profile; switching the language
 * on this device afterwards is not undone (the effect does not depend on the current locale).
 */
function UserLocale() {
  const userLocale = AuthActor.useSelector((snapshot) => snapshot.context.user?.locale);
  const { setLocale } = useLocale();
  useEffect(() => {
    if (userLocale) setLocale(userLocale);
  }, [userLocale, setLocale]);
  return null;
}
