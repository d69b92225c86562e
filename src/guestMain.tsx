import { StrictMode, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { useIntl } from 'react-intl';
import { landingAfterAuth, loginPathFor } from '../machines/auth/auth.navigation';
import { TOKEN_KEY, tokenStorage } from './api/tokenStorage';
import { AuthFormsContext } from './app/authForms';
import { reportUncaught } from './app/failureReporter';
import { createGuestAuth, type HandOver } from './app/guestAuth';
import { handOverSession } from './app/handOver';
import { LazyToastRegion } from './app/LazyToastRegion';
import { PageDialogHost, PageDialogProvider } from './app/pageDialog';
import { PageNavigationContext } from './app/pageNavigation';
import { navigateTo, useSchoolLocation } from './app/schoolHistory';
import { ToastFailureOutlets } from './app/ToastFailureOutlets';
import { listenForUncaughtErrors } from './app/uncaughtErrors';
import { recordVisit } from './app/visitAttribution';
import { consentConfigured, LazyConsentBanner } from './components/consent/LazyConsent';
import { commonMessages } from './i18n/commonMessages';
import { LocaleProvider } from './i18n/LocaleProvider';
import { BlankLayoutFrame } from './layouts/BlankLayoutFrame';
import { LoginPage } from './pages/auth/LoginPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import './styles/tokens.css';
import './styles/base.css';

/*
 * The back office's guest entry (guest.html; issue 9: /connexion's first load under 120 KB gzip). The server sends it
 * for the sign-in and sign-up pages (server/http/guestPages.ts); their forms render here without React Router,
 * React Aria nor xstate. The auth machine loads with the visitor's first interaction (src/app/guestAuth.ts); once a
 * session opens, or the visitor follows a link to another page, the signed-in app (src/main.tsx, index.html's entry)
 * replaces this one in the same page, with the session.
 */

const container = document.getElementById('root')!;

listenForUncaughtErrors(window, reportUncaught);
recordVisit();

/** The pages this entry draws; any other address is the signed-in app's. Matched as React Router would. */
const pages: Record<string, ComponentType> = { '/connexion': LoginPage, '/inscription': RegisterPage };
const pageAt = (pathname: string) => pages[pathname.toLowerCase().replace(/(.)\/+$/, '$1')];

let root: ReturnType<typeof createRoot> | null = null;
const handOver: HandOver = (target, snapshot) => {
  if (target) window.history.replaceState(window.history.state, '', target);
  root?.unmount();
  handOverSession(snapshot);
  void import('./main');
};

const auth = createGuestAuth({
  landing: (origin) => landingAfterAuth(origin, location.search),
  handOver,
  // Both follow a session's end, which never happens here: the signed-in app takes over as soon as one opens.
  navigateToLogin: (ended) => navigateTo(loginPathFor(ended, location.pathname + location.search), { replace: true }),
  announceSessionExpired: () => undefined,
});

/** The page at the address; another address (a link to the reset page, say) hands over to the signed-in app. */
function GuestPages() {
  const intl = useIntl();
  const { pathname, search } = useSchoolLocation();
  const Page = pageAt(pathname);
  const navigation = useMemo(() => ({ search, navigate: (to: string) => navigateTo(to) }), [search]);
  useEffect(() => {
    if (!Page) handOver(null);
  }, [Page]);
  // The machine's code loads at the first sign of use, so sending the form rarely waits for it.
  useEffect(() => {
    const warm = () => auth.warmUp();
    const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
    for (const type of events) window.addEventListener(type, warm, { once: true, passive: true, capture: true });
    // Another tab signing in: the session is used here too (as the signed-in app's auth machine does).
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY) auth.send({ type: 'TOKEN_CHANGED', present: tokenStorage.get() !== null });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      for (const type of events) window.removeEventListener(type, warm, { capture: true });
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return (
    <PageNavigationContext.Provider value={navigation}>
      <ToastFailureOutlets networkLost={commonMessages.networkLost} />
      <BlankLayoutFrame>{Page ? <Page /> : null}</BlankLayoutFrame>
      <PageDialogHost />
      {consentConfigured ? (
        <Suspense fallback={null}>
          <LazyConsentBanner permitted />
        </Suspense>
      ) : null}
      <LazyToastRegion closeLabel={intl.formatMessage(commonMessages.close)} />
    </PageNavigationContext.Provider>
  );
}

// A stored session (or an address this entry does not draw) is the signed-in app's at once: it checks the session
// and sends a signed-in user where a guest page would.
if (tokenStorage.get() || !pageAt(location.pathname)) {
  handOver(null);
} else {
  root = createRoot(container);
  root.render(
    <StrictMode>
      <LocaleProvider>
        <AuthFormsContext.Provider value={auth}>
          <PageDialogProvider>
            <GuestPages />
          </PageDialogProvider>
        </AuthFormsContext.Provider>
      </LocaleProvider>
    </StrictMode>,
  );
}
