import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl, defineMessages } from 'react-intl';
import type { Snapshot } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine';
import { landingAfterAuth, loginPathFor } from '../../machines/auth/auth.navigation';
import { TOKEN_KEY, tokenStorage } from '../api/tokenStorage';
import { onUnauthorized } from '../api/unauthorized';
import { showToast } from '../components/ui/toastQueue';
import { useLocale } from '../i18n/LocaleProvider';
import { AuthFormsContext, authFormsOf } from './authForms';
import { authLogic } from './authLogic';
import { createInspectedActorContext } from './inspector';

/** The app-wide auth actor; the real side effects are supplied here and nowhere else. */
export const AuthActor = createInspectedActorContext(authMachine);

const messages = defineMessages({
  sessionExpired: { id: 'auth.sessionExpired', defaultMessage: 'Votre session a expiré. Veuillez vous reconnecter.' },
});

export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown;
  currentPath(): string;
  currentSearch(): string;
}

/**
 * `snapshot`: a session the guest entry opened (src/guestMain.tsx), handed over when the signed-in app replaces it,
 * so the app starts signed in without asking the server again.
 */
export function AuthProvider({ navigator, snapshot, children }: { navigator: Navigator; snapshot?: Snapshot<unknown>; children: ReactNode }) {
  const intl = useIntl();
  // The machine is built once; the notice reads the current language through this ref.
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const logic = useMemo(
    () =>
      authLogic({
        navigateAfterAuth: (origin) => void navigator.navigate(landingAfterAuth(origin, navigator.currentSearch()), { replace: true }),
        navigateToLogin: (ended) => void navigator.navigate(loginPathFor(ended, navigator.currentPath()), { replace: true }),
        announceSessionExpired: () => showToast({ title: intlRef.current.formatMessage(messages.sessionExpired), variant: 'error' }),
      }),
    [navigator],
  );
  // Read once: the actor is created with the first render's options.
  const [options] = useState(() => (snapshot ? { snapshot } : undefined));
  return (
    <AuthActor.Provider logic={logic} options={options}>
      <UnauthorizedBridge />
      <UserLocale />
      <FormsPort>{children}</FormsPort>
    </AuthActor.Provider>
  );
}

/** The sign-in and sign-up forms read and drive this actor (src/app/authForms.ts). */
function FormsPort({ children }: { children: ReactNode }) {
  const actor = AuthActor.useActorRef();
  const forms = useMemo(() => authFormsOf(actor), [actor]);
  return <AuthFormsContext.Provider value={forms}>{children}</AuthFormsContext.Provider>;
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
