import type { SnapshotFrom } from 'xstate';
import type { LearnerAuthForm, learnerAuthMachine } from './learnerAuth.machine';

type LearnerAuthSnapshot = SnapshotFrom<typeof learnerAuthMachine>;

/** The view-model the learner area's pages read; derived from the snapshot, never stored twice. */
export const selectLearnerAuthView = (snapshot: LearnerAuthSnapshot) => ({
  isReady: !snapshot.matches('checking'),
  isUnavailable: snapshot.matches('unavailable'),
  isSignedIn: snapshot.matches('signedIn'),
  isGuest: snapshot.matches('guest'),
  isLoggingIn: snapshot.matches({ guest: 'loggingIn' }),
  isRegistering: snapshot.matches({ guest: 'registering' }),
  isLoggingOut: snapshot.matches('loggingOut') || snapshot.matches('loggedOut'),
  learner: snapshot.context.learner,
  ended: snapshot.context.ended,
});

/** The last failure of one form only: a login error never shows on the sign-up page. */
export const selectLearnerFormError = (form: LearnerAuthForm) => (snapshot: LearnerAuthSnapshot) =>
  snapshot.context.errorOf === form ? snapshot.context.error : null;
