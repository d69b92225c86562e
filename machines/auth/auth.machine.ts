import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Credentials, Registration, Session, SessionEnd, SessionOrigin, User } from './auth.types';
import type { Failure } from '../../shared/failure';

/** Which form a failure belongs to, so the sign-up page never shows the login page's error. */
export type AuthForm = 'login' | 'register';

export interface AuthContext {
  user: User | null;
  error: Failure | null;
  errorOf: AuthForm | null;
  origin: SessionOrigin | null;
  ended: SessionEnd | null;
}

export type AuthEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'REGISTER'; registration: Registration }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'EMAIL_VERIFIED' }
  | { type: 'TOKEN_CHANGED'; present: boolean }
  | { type: 'RETRY' }
  | { type: 'CLEAR_ERROR' };

/** How long the start-up check and the sign-out wait for the server before giving up. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The session of a back-office user.
 *
 *   checking ──(stored token valid)──> authenticated ──LOGOUT──> loggingOut ──> guest
 *      │  └──(no token / refused)──> guest.idle ──LOGIN──> guest.loggingIn ──> authenticated
 *      └──(server unreachable or too slow)──> unavailable ──RETRY──> checking
 *                                            guest.idle ──REGISTER──> guest.registering ──> authenticated
 *   authenticated ──SESSION_EXPIRED (a 401 anywhere)──> guest
 *   authenticated ──TOKEN_CHANGED (another tab signed out / in)──> guest | checking
 *   authenticated.idle ──EMAIL_VERIFIED──> authenticated.refreshing ──> authenticated.idle
 *
 * The API, token storage, navigation and notices are injected with `provide`; the app renders
 * routes only once `checking` is left.
 */
export const authMachine = setup({
  types: {} as { context: AuthContext; events: AuthEvent },
  actors: {
    /** Reads the stored token and answers the user it belongs to, or null when there is none or it is refused. */
    restoreSession: notProvidedPromise<User | null>('auth', 'restoreSession'),
    login: notProvidedPromise<Session, Credentials>('auth', 'login'),
    register: notProvidedPromise<Session, Registration>('auth', 'register'),
    /** Revokes the token on the server; failures are ignored (the token is forgotten locally anyway). */
    logout: notProvidedPromise<void>('auth', 'logout'),
    /** Reloads the signed-in user (after the e-mail is verified elsewhere in the app). */
    refreshUser: notProvidedPromise<User>('auth', 'refreshUser'),
  },
  actions: {
    storeToken: notProvided<{ token: string }>('auth', 'storeToken'),
    forgetToken: notProvided('auth', 'forgetToken'),
    recordLastLogin: notProvided('auth', 'recordLastLogin'),
    navigateAfterAuth: notProvided<{ origin: SessionOrigin }>('auth', 'navigateAfterAuth'),
    navigateToLogin: notProvided<{ ended: SessionEnd }>('auth', 'navigateToLogin'),
    announceSessionExpired: notProvided('auth', 'announceSessionExpired'),
  },
  guards: {
    hasUser: ({ event }) => (event as { output?: User | null }).output != null,
    tokenPresent: ({ event }) => (event as Extract<AuthEvent, { type: 'TOKEN_CHANGED' }>).present,
  },
  delays: {
    REQUEST_TIMEOUT: REQUEST_TIMEOUT_MS,
  },
}).createMachine({
  id: 'auth',
  context: { user: null, error: null, errorOf: null, origin: null, ended: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: 'hasUser',
            target: 'authenticated',
            actions: [assign({ user: ({ event }) => event.output, origin: 'restored' }), 'recordLastLogin'],
          },
          { target: 'guest', actions: 'forgetToken' },
        ],
        onError: { target: 'unavailable' },
      },
      after: { REQUEST_TIMEOUT: 'unavailable' },
    },
    unavailable: {
      on: { RETRY: 'checking' },
    },
    guest: {
      initial: 'idle',
      on: {
        // Another tab signed in: use its session.
        TOKEN_CHANGED: { guard: 'tokenPresent', target: 'checking' },
      },
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
            input: ({ event }) => (event as Extract<AuthEvent, { type: 'LOGIN' }>).credentials,
            onDone: {
              target: '#auth.authenticated',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ user: ({ event }) => event.output.user, origin: 'loggedIn', ended: null }),
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
            input: ({ event }) => (event as Extract<AuthEvent, { type: 'REGISTER' }>).registration,
            onDone: {
              target: '#auth.authenticated',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ user: ({ event }) => event.output.user, origin: 'registered', ended: null }),
                { type: 'navigateAfterAuth', params: { origin: 'registered' } },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure, errorOf: 'register' }) },
          },
        },
      },
    },
    authenticated: {
      initial: 'idle',
      // A session, however it began (this tab or another), starts with no leftover failure or end.
      entry: assign({ error: null, errorOf: null, ended: null }),
      on: {
        LOGOUT: 'loggingOut',
        USER_UPDATED: { actions: assign({ user: ({ event }) => event.user }) },
        SESSION_EXPIRED: {
          target: 'guest',
          actions: [
            'forgetToken',
            assign({ user: null, origin: null, ended: 'expired' }),
            'announceSessionExpired',
            { type: 'navigateToLogin', params: { ended: 'expired' } },
          ],
        },
        TOKEN_CHANGED: [
          // Another tab signed in (maybe as someone else): check whose token is stored now.
          { guard: 'tokenPresent', target: 'checking', actions: assign({ user: null, origin: null }) },
          // Another tab signed out: so does this one.
          {
            target: 'guest',
            actions: [assign({ user: null, origin: null, ended: 'loggedOut' }), { type: 'navigateToLogin', params: { ended: 'loggedOut' } }],
          },
        ],
      },
      states: {
        idle: {
          on: { EMAIL_VERIFIED: 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'refreshUser',
            src: 'refreshUser',
            onDone: { target: 'idle', actions: assign({ user: ({ event }) => event.output }) },
            // The verification itself succeeded; a failed refresh only delays the reminder's removal.
            onError: 'idle',
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
      after: { REQUEST_TIMEOUT: 'loggedOut' },
    },
    /** A transient step so a failed, slow and successful revoke all end the same way. */
    loggedOut: {
      always: {
        target: 'guest',
        actions: ['forgetToken', assign({ user: null, origin: null, ended: 'loggedOut' }), { type: 'navigateToLogin', params: { ended: 'loggedOut' } }],
      },
    },
  },
});
