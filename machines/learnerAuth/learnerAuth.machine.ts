import { assign, setup } from 'xstate';
import { notProvided, notProvidedCallback, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { Learner, LearnerCredentials, LearnerRegistration, LearnerSession, LearnerSessionEnd, LearnerSessionOrigin } from './learnerAuth.types';

/** Which form a failure belongs to, so the sign-up page never shows the login page's error. */
export type LearnerAuthForm = 'login' | 'register';

export interface LearnerAuthContext {
  learner: Learner | null;
  error: Failure | null;
  errorOf: LearnerAuthForm | null;
  ended: LearnerSessionEnd | null;
}

export type LearnerAuthEvent =
  | { type: 'LOGIN'; credentials: LearnerCredentials }
  | { type: 'REGISTER'; registration: LearnerRegistration }
  /** A session opened elsewhere in the learner area (an activation link signs the learner in). */
  | { type: 'SESSION_OPENED'; session: LearnerSession }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'USER_UPDATED'; learner: Learner }
  | { type: 'RETRY' }
  | { type: 'CLEAR_ERROR' }
  /** Another tab of this school signed in (`present`) or out: sent by the injected `watchOtherTabs`. */
  | { type: 'TOKEN_CHANGED'; present: boolean };

/** How long the start-up check and the sign-out wait for the server before giving up (as the back office's). */
export const LEARNER_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The session of a learner in ONE school's learner area (one actor per school: tokens are per school). The
 * back office's session is machines/auth; the learner's has its own user type, its own token and no
 * back-office steps (last login, e-mail verification reminder), so it is a chart of its own.
 *
 *   checking ──(stored token valid)──> signedIn ──LOGOUT──> loggingOut ──> (loggedOut) ──> guest
 *      │  └──(no token / refused)──> guest.idle ──LOGIN──> guest.loggingIn ──> signedIn
 *      └──(server unreachable or too slow)──> unavailable ──RETRY──> checking
 *                                            guest.idle ──REGISTER──> guest.registering ──> signedIn
 *   guest | signedIn ──SESSION_OPENED (activation link)──> signedIn
 *   signedIn ──SESSION_EXPIRED (a 401 from a learner call)──> guest
 *   signedIn ──TOKEN_CHANGED (another tab signed out / in)──> guest | checking;  guest ──TOKEN_CHANGED (signed in)──> checking
 *
 * The API, token storage and navigation are injected with `provide` (src/app/school.tsx).
 */
export const learnerAuthMachine = setup({
  types: {} as { context: LearnerAuthContext; events: LearnerAuthEvent },
  actors: {
    /** Reads the school's stored token and answers its learner, or null when there is none or it is refused. */
    restoreSession: notProvidedPromise<Learner | null>('learnerAuth', 'restoreSession'),
    login: notProvidedPromise<LearnerSession, LearnerCredentials>('learnerAuth', 'login'),
    register: notProvidedPromise<LearnerSession, LearnerRegistration>('learnerAuth', 'register'),
    /** Revokes the token on the server; failures are ignored (the token is forgotten locally anyway). */
    logout: notProvidedPromise<void>('learnerAuth', 'logout'),
    /** Runs as long as the machine: tells it when another tab of the same school stores or forgets the token. */
    watchOtherTabs: notProvidedCallback<LearnerAuthEvent>('learnerAuth', 'watchOtherTabs'),
  },
  actions: {
    storeToken: notProvided<{ token: string }>('learnerAuth', 'storeToken'),
    forgetToken: notProvided('learnerAuth', 'forgetToken'),
    navigateAfterAuth: notProvided<{ origin: LearnerSessionOrigin }>('learnerAuth', 'navigateAfterAuth'),
    navigateToLogin: notProvided<{ ended: LearnerSessionEnd }>('learnerAuth', 'navigateToLogin'),
  },
  guards: {
    hasLearner: ({ event }) => (event as { output?: Learner | null }).output != null,
    tokenPresent: ({ event }) => (event as Extract<LearnerAuthEvent, { type: 'TOKEN_CHANGED' }>).present,
  },
  delays: {
    REQUEST_TIMEOUT: LEARNER_REQUEST_TIMEOUT_MS,
  },
}).createMachine({
  id: 'learnerAuth',
  context: { learner: null, error: null, errorOf: null, ended: null },
  initial: 'checking',
  invoke: { id: 'otherTabs', src: 'watchOtherTabs' },
  on: {
    SESSION_OPENED: {
      target: '.signedIn',
      actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.session.token }) }, assign({ learner: ({ event }) => event.session.learner })],
    },
  },
  states: {
    checking: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: 'hasLearner', target: 'signedIn', actions: assign({ learner: ({ event }) => event.output }) },
          { target: 'guest', actions: 'forgetToken' },
        ],
        onError: 'unavailable',
      },
      after: { REQUEST_TIMEOUT: 'unavailable' },
    },
    unavailable: {
      on: { RETRY: 'checking' },
    },
    guest: {
      initial: 'idle',
      // Another tab signed in (maybe as someone else): check whose token is stored now.
      on: { TOKEN_CHANGED: { guard: 'tokenPresent', target: 'checking', actions: assign({ error: null, errorOf: null }) } },
      states: {
        idle: {
          on: {
            LOGIN: 'loggingIn',
            REGISTER: 'registering',
            CLEAR_ERROR: { actions: assign({ error: null, errorOf: null }) },
          },
        },
        loggingIn: {
          entry: assign({ error: null, errorOf: null }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => (event as Extract<LearnerAuthEvent, { type: 'LOGIN' }>).credentials,
            onDone: {
              target: '#learnerAuth.signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ learner: ({ event }) => event.output.learner }),
                { type: 'navigateAfterAuth', params: { origin: 'loggedIn' } },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure, errorOf: 'login' }) },
          },
        },
        registering: {
          entry: assign({ error: null, errorOf: null }),
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => (event as Extract<LearnerAuthEvent, { type: 'REGISTER' }>).registration,
            onDone: {
              target: '#learnerAuth.signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ learner: ({ event }) => event.output.learner }),
                { type: 'navigateAfterAuth', params: { origin: 'registered' } },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure, errorOf: 'register' }) },
          },
        },
      },
    },
    signedIn: {
      // A session, however it began, starts with no leftover failure or end.
      entry: assign({ error: null, errorOf: null, ended: null }),
      on: {
        LOGOUT: 'loggingOut',
        USER_UPDATED: { actions: assign({ learner: ({ event }) => event.learner }) },
        SESSION_EXPIRED: {
          target: 'guest',
          actions: ['forgetToken', assign({ learner: null, ended: 'expired' }), { type: 'navigateToLogin', params: { ended: 'expired' } }],
        },
        TOKEN_CHANGED: [
          { guard: 'tokenPresent', target: 'checking', actions: assign({ learner: null }) },
          // Another tab signed out (its token is gone already): so does this one.
          { target: 'guest', actions: [assign({ learner: null, ended: 'loggedOut' }), { type: 'navigateToLogin', params: { ended: 'loggedOut' } }] },
        ],
      },
    },
    loggingOut: {
      invoke: { id: 'logout', src: 'logout', onDone: 'loggedOut', onError: 'loggedOut' },
      after: { REQUEST_TIMEOUT: 'loggedOut' },
    },
    /** A transient step so a failed, slow and successful revoke all end the same way. */
    loggedOut: {
      always: {
        target: 'guest',
        actions: ['forgetToken', assign({ learner: null, ended: 'loggedOut' }), { type: 'navigateToLogin', params: { ended: 'loggedOut' } }],
      },
    },
  },
});
