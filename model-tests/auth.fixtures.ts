/**
 * The auth machine's model: the concrete events explored by xstate/graph, including the synthetic
 * done/error events of its five invoked promise actors and its two delayed transitions. Shared by auth.model.test.ts (real actor,
 * fake API) and auth.browser.spec.ts (the built app, real server).
 */
import type { SnapshotFrom } from 'xstate';
import type { authMachine, AuthEvent } from '../machines/auth/auth.machine';
import type { Credentials, Registration, Session, User } from '../machines/auth/auth.types';
import type { Failure } from '../shared/failure';
import type { DelayedEvent, DoneActorEvent, ErrorActorEvent, EventVariants, InitEvent, ModelPath, ModelStep } from './support/graph';

/** The invoke ids of auth.machine.ts (a test checks this list against the machine definition). */
export const AUTH_INVOKE_IDS = ['restoreSession', 'login', 'register', 'logout', 'refreshUser'] as const;
export type AuthInvokeId = (typeof AUTH_INVOKE_IDS)[number];

export type AuthActorEvent =
  | DoneActorEvent<'restoreSession', User | null>
  | ErrorActorEvent<'restoreSession'>
  | DoneActorEvent<'login', Session>
  | ErrorActorEvent<'login'>
  | DoneActorEvent<'register', Session>
  | ErrorActorEvent<'register'>
  | DoneActorEvent<'logout', undefined>
  | ErrorActorEvent<'logout'>
  | DoneActorEvent<'refreshUser', User>
  | ErrorActorEvent<'refreshUser'>;

/** The `after: { REQUEST_TIMEOUT }` of `checking` and `loggingOut` (state ids `auth.<state>`). */
export type AuthDelayedEvent = DelayedEvent<'REQUEST_TIMEOUT', 'auth.checking'> | DelayedEvent<'REQUEST_TIMEOUT', 'auth.loggingOut'>;

/** Everything that can move the auth machine: its own events, its actors' answers and its timers. */
export type AuthModelEvent = AuthEvent | AuthActorEvent | AuthDelayedEvent;
export type AuthModelEventType = AuthModelEvent['type'] | InitEvent['type'];
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;
export type AuthPath = ModelPath<AuthSnapshot, AuthModelEvent>;
export type AuthStep = ModelStep<AuthSnapshot, AuthModelEvent>;

/** The states a snapshot can rest in (`loggedOut` is transient: an eventless step to `guest`). */
export type AuthRestingState =
  | 'checking'
  | 'unavailable'
  | 'guest.idle'
  | 'guest.loggingIn'
  | 'guest.registering'
  | 'authenticated.idle'
  | 'authenticated.refreshing'
  | 'loggingOut';
export const AUTH_TRANSIENT_STATES = ['loggedOut'] as const;

/** The machine never reads these fields: a minimal user is enough (and survives schema changes). */
export const fakeUser = (firstname: string, email: string): User =>
  ({ uuid: `user-${firstname.toLowerCase()}`, firstname, email }) as unknown as User;

export const fixtures = {
  credentials: { email: 'owner@demo.test', password: 'demo-password', staySignedIn: false } satisfies Credentials,
  registration: { email: 'new.trainer@demo.test', password: 'a-long-password', firstname: 'Nina', locale: 'fr' } satisfies Registration,
  /** A partner's sign-up: the same step, sent to POST /perks/register by the actor (auth.actors.ts). */
  perkRegistration: { email: 'partner.trainer@demo.test', password: 'a-long-password', firstname: 'Inès', locale: 'fr', perk_code: 'PARTENAIRE-DEMO-1' } satisfies Registration,
  restoredUser: fakeUser('Camille', 'camille@demo.test'),
  loggedInUser: fakeUser('Owner', 'owner@demo.test'),
  registeredUser: fakeUser('Nina', 'new.trainer@demo.test'),
  renamedUser: fakeUser('Renamed', 'owner@demo.test'),
  /** What refreshUser answers after EMAIL_VERIFIED (the machine only stores it). */
  verifiedUser: { ...fakeUser('Owner', 'owner@demo.test'), email_verified_at: '2030-01-01T00:00:00.000Z' } as User,
  loginSession: { token: 'token-from-login', expires_at: '2030-01-01T00:00:00.000Z', user: fakeUser('Owner', 'owner@demo.test') } satisfies Session,
  registerSession: { token: 'token-from-register', expires_at: '2030-01-01T00:00:00.000Z', user: fakeUser('Nina', 'new.trainer@demo.test') } satisfies Session,
  networkDown: { status: null, code: 'NETWORK', message: 'Failed to fetch', fieldErrors: {} } satisfies Failure,
  badPassword: { status: 401, code: 'INVALID_CREDENTIALS', message: 'Identifiants invalides', fieldErrors: { password: ['Mot de passe incorrect'] } } satisfies Failure,
  emailTaken: { status: 409, code: 'EMAIL_TAKEN', message: 'Adresse déjà utilisée', fieldErrors: { email: ['Adresse déjà utilisée'] } } satisfies Failure,
  perkCodeRefused: { status: 422, code: 'VALIDATION_FAILED', message: 'Données invalides', fieldErrors: { perk_code: ['Ce code partenaire n’existe pas ou a déjà été utilisé.'] } } satisfies Failure,
  serverError: { status: 500, code: 'INTERNAL', message: 'Erreur', fieldErrors: {} } satisfies Failure,
};

/**
 * Every concrete event the graph explores. `satisfies EventVariants<AuthModelEvent>`: a new event
 * type (or a new invoke) without variants here does not compile.
 */
export const authEvents = {
  LOGIN: [{ type: 'LOGIN', credentials: fixtures.credentials }],
  REGISTER: [{ type: 'REGISTER', registration: fixtures.registration }],
  LOGOUT: [{ type: 'LOGOUT' }],
  SESSION_EXPIRED: [{ type: 'SESSION_EXPIRED' }],
  USER_UPDATED: [{ type: 'USER_UPDATED', user: fixtures.renamedUser }],
  EMAIL_VERIFIED: [{ type: 'EMAIL_VERIFIED' }],
  TOKEN_CHANGED: [
    { type: 'TOKEN_CHANGED', present: true },
    { type: 'TOKEN_CHANGED', present: false },
  ],
  RETRY: [{ type: 'RETRY' }],
  CLEAR_ERROR: [{ type: 'CLEAR_ERROR' }],
  'xstate.done.actor.restoreSession': [
    { type: 'xstate.done.actor.restoreSession', output: fixtures.restoredUser },
    { type: 'xstate.done.actor.restoreSession', output: null },
  ],
  'xstate.error.actor.restoreSession': [{ type: 'xstate.error.actor.restoreSession', error: fixtures.networkDown }],
  'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: fixtures.loginSession }],
  'xstate.error.actor.login': [{ type: 'xstate.error.actor.login', error: fixtures.badPassword }],
  'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: fixtures.registerSession }],
  'xstate.error.actor.register': [{ type: 'xstate.error.actor.register', error: fixtures.emailTaken }],
  'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
  'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: fixtures.serverError }],
  'xstate.done.actor.refreshUser': [{ type: 'xstate.done.actor.refreshUser', output: fixtures.verifiedUser }],
  'xstate.error.actor.refreshUser': [{ type: 'xstate.error.actor.refreshUser', error: fixtures.networkDown }],
  // The graph has no clock: a delayed transition is the event its timer raises (see support/graph.ts).
  'xstate.after.REQUEST_TIMEOUT.auth.checking': [{ type: 'xstate.after.REQUEST_TIMEOUT.auth.checking' }],
  'xstate.after.REQUEST_TIMEOUT.auth.loggingOut': [{ type: 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut' }],
} satisfies EventVariants<AuthModelEvent>;
