import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { landingAfterAuth, loginPathFor } from '../../machines/auth/auth.navigation';
import { shallowEqual } from '@xstate/react';
import { AuthActor } from './auth';
import type { Guard } from './routes';

/**
 * Redirects by the auth snapshot. It computes the same targets as the machine's navigation
 * (auth.navigation.ts), so the two never disagree when both act on one transition.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const location = useLocation();
  const state = AuthActor.useSelector((snapshot) => ({
    signedIn: snapshot.matches('authenticated'),
    leaving: snapshot.matches('loggingOut'),
    origin: snapshot.context.origin,
    ended: snapshot.context.ended,
  }), shallowEqual);
  if (guard === 'auth' && !state.signedIn && !state.leaving) {
    return <Navigate to={loginPathFor(state.ended, location.pathname + location.search + location.hash)} replace />;
  }
  if (guard === 'guest' && state.signedIn) {
    return <Navigate to={landingAfterAuth(state.origin, location.search)} replace />;
  }
  return children;
}
