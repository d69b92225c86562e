import type { SnapshotFrom } from 'xstate';
import type { AuthForm, authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The view-model every screen reads; derived from the snapshot, never stored twice. */
export const selectAuthView = (snapshot: AuthSnapshot) => ({
  isReady: !snapshot.matches('checking'),
  isUnavailable: snapshot.matches('unavailable'),
  isAuthenticated: snapshot.matches('authenticated'),
  isGuest: snapshot.matches('guest'),
  isLoggingIn: snapshot.matches({ guest: 'loggingIn' }),
  isRegistering: snapshot.matches({ guest: 'registering' }),
  isLoggingOut: snapshot.matches('loggingOut'),
});

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user;
export const selectError = (snapshot: AuthSnapshot) => snapshot.context.error;
/** The last failure of one form only: a login error never shows on the sign-up page. */
export const selectFormError = (form: AuthForm) => (snapshot: AuthSnapshot) =>
  snapshot.context.errorOf === form ? snapshot.context.error : null;
export const selectOrigin = (snapshot: AuthSnapshot) => snapshot.context.origin;
export const selectEnded = (snapshot: AuthSnapshot) => snapshot.context.ended;
