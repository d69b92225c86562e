import { assign, fromPromise, setup } from 'xstate';
import type { Credentials, Failure, Registration, Session, SessionEnd, SessionOrigin, User } from './auth.types';

export interface AuthContext {
  user: User | null;
  error: Failure | null;
  origin: SessionOrigin | null;
  ended: SessionEnd | null;
}

export type AuthEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'REGISTER'; registration: Registration }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'RETRY' }
  | { type: 'CLEAR_ERROR' };

const notProvided = (name: string) => () => {
  throw new Error(`auth machine: "${name}" must be supplied with machine.provide()`);
};

/**
 * The session of a back-office user.
 *
 *   checking ──(stored token valid)──> authenticated ──LOGOUT──> loggingOut ──> guest
 *      │  └──(no token / refused)──> guest.idle ──LOGIN──> guest.loggingIn ──> authenticated
 *      └──(server unreachable)──> unavailable ──RETRY──> checking        └──REGISTER──> guest.registering
 *   authenticated ──SESSION_EXPIRED (a 401 anywhere)──> guest
 *
 * The API, token storage, navigation and notices are injected with `provide`; the app renders
 * routes only once `checking` is left.
 */
export const authMachine = setup({
  types: {} as { context: AuthContext; events: AuthEvent },
  actors: {
    /** Reads the stored token and answers the user it belongs to, or null when there is none or it is refused. */
    restoreSession: fromPromise<User | null>(notProvided('restoreSession')),
    login: fromPromise<Session, Credentials>(notProvided('login')),
    register: fromPromise<Session, Registration>(notProvided('register')),
    /** Revokes the token on the server; failures are ignored (the token is forgotten locally anyway). */
    logout: fromPromise<void>(notProvided('logout')),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    recordLastLogin: () => {},
    navigateAfterAuth: (_, _params: { origin: SessionOrigin }) => {},
    navigateToLogin: (_, _params: { ended: SessionEnd }) => {},
    announceSessionExpired: () => {},
  },
}).createMachine({
  id: 'auth',
  context: { user: null, error: null, origin: null, ended: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'authenticated',
            actions: [assign({ user: ({ event }) => event.output, origin: 'restored' }), 'recordLastLogin'],
          },
          { target: 'guest', actions: 'forgetToken' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      on: { RETRY: 'checking' },
    },
    guest: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOGIN: 'loggingIn',
            REGISTER: 'registering',
            CLEAR_ERROR: { actions: assign({ error: null }) },
          },
        },
        loggingIn: {
          entry: assign({ error: null }),
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
            onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure }) },
          },
        },
        registering: {
          entry: assign({ error: null }),
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
            onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error as Failure }) },
          },
        },
      },
    },
    authenticated: {
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
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    /** A transient step so a failed and a successful revoke end the same way. */
    loggedOut: {
      always: {
        target: 'guest',
        actions: ['forgetToken', assign({ user: null, origin: null, ended: 'loggedOut' }), { type: 'navigateToLogin', params: { ended: 'loggedOut' } }],
      },
    },
  },
});
