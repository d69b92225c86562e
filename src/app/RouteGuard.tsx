import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { defineMessages, useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { landingAfterAuth, loginPathFor } from '../../machines/auth/auth.navigation';
import { showToast } from '../components/ui/toastQueue';
import { decideAccess, type Viewer } from './access';
import { AuthActor } from './auth';
import { withChunkTimeout } from './chunkLoad';
import type { AppRoute } from './routes';

// Only signed-in pages on another plan show it: loaded on demand, so the sign-in page does not download it.
const PlanLockPanel = lazy(() => withChunkTimeout(() => import('../components/PlanLock')).then((m) => ({ default: m.PlanLockPanel })));

const messages = defineMessages({
  noAccess: { id: 'guard.noAccess', defaultMessage: "Vous n'avez pas accès à cette page !" },
  communityDisabled: { id: 'guard.communityDisabled', defaultMessage: "La communauté n'est pas activée sur votre espace." },
});

/** The viewer the guards judge, from the auth snapshot (null for a guest). */
export function useViewer(): Viewer | null {
  return AuthActor.useSelector((snapshot) => {
    const user = snapshot.context.user;
    // While signing out the user is still there: the frame stays until the login page replaces it.
    if (!user || !(snapshot.matches('authenticated') || snapshot.matches('loggingOut'))) return null;
    return {
      role: user.role,
      isAdmin: user.is_admin,
      plan: user.store.plan,
      communityEnabled: user.store.community_options.enabled,
      capabilities: user.store.enterprise_capabilities,
    };
  }, shallowEqual);
}

/**
 * Applies spec section 6 to one route. Redirect targets are the same functions the auth machine's
 * navigation uses (auth.navigation.ts), so a guard and the machine never disagree on one transition.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  const viewer = useViewer();
  const { origin, ended, leaving } = AuthActor.useSelector(
    (s) => ({ origin: s.context.origin, ended: s.context.ended, leaving: s.matches('loggingOut') }),
    shallowEqual,
  );
  // While signing out the page stays put; the machine then goes to the login page itself.
  if (leaving) return children;
  const decision = decideAccess(route, viewer);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'login':
      return <Navigate to={loginPathFor(ended, location.pathname + location.search + location.hash)} replace />;
    case 'home':
      return <Navigate to={landingAfterAuth(origin, location.search)} replace />;
    case 'denied':
      return <WarnAndGoHome message={messages.noAccess} />;
    case 'communityDisabled':
      return <WarnAndGoHome message={messages.communityDisabled} />;
    case 'planLocked':
      return (
        <Suspense fallback={null}>
          <PlanLockPanel plans={decision.plans} />
        </Suspense>
      );
  }
}

/**
 * For a signed-in frame (layout) reached without a session: the login page with `redirect`, like the
 * page guards would (a layout cannot wait for its page: it needs the user to draw itself).
 */
export function GuestRedirect() {
  const location = useLocation();
  const { ended, leaving } = AuthActor.useSelector((s) => ({ ended: s.context.ended, leaving: s.matches('loggingOut') }), shallowEqual);
  if (leaving) return null;
  return <Navigate to={loginPathFor(ended, location.pathname + location.search + location.hash)} replace />;
}

function WarnAndGoHome({ message }: { message: { id: string; defaultMessage: string } }) {
  const intl = useIntl();
  const warned = useRef(false);
  // A notice is a side effect: shown once after render (the ref keeps StrictMode's second run quiet).
  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    showToast({ title: intl.formatMessage(message), variant: 'error' });
  }, [intl, message]);
  return <Navigate to="/" replace />;
}
