/**
 * Model-based tests of machines/auth (ARCHITECTURE rule 7): paths generated with xstate/graph over
 * every state and every transition, each walked against a REAL actor whose API actors are
 * controllable fakes and whose side-effect actions are recorded; plus hand-pinned transitions and
 * the navigation helpers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor, type EventObject, type NonReducibleUnknown } from 'xstate';
import { authMachine, type AuthEvent } from '../machines/auth/auth.machine';
import { landingAfterAuth, loginPathFor, safeRedirect } from '../machines/auth/auth.navigation';
import { selectAuthView } from '../machines/auth/auth.selectors';
import type { Credentials, Registration, Session, User } from '../machines/auth/auth.types';
import {
  AUTH_INVOKE_IDS,
  AUTH_TRANSIENT_STATES,
  authEvents,
  fixtures,
  type AuthInvokeId,
  type AuthModelEvent,
  type AuthModelEventType,
  type AuthPath,
  type AuthRestingState,
  type AuthSnapshot,
  type AuthStep,
} from './auth.fixtures';
import { allLeafStates, describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, leafStates, visitedStates } from './support/graph';

// ─── Harness: a real actor, fake API actors settled by the test, recorded side effects ───────────

type AuthActionName = 'storeToken' | 'forgetToken' | 'recordLastLogin' | 'navigateAfterAuth' | 'navigateToLogin' | 'announceSessionExpired';
interface ActionCall {
  action: AuthActionName;
  params?: unknown;
}
interface Invocation {
  id: AuthInvokeId;
  input: unknown;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function createAuthHarness() {
  const calls: ActionCall[] = [];
  const invocations: Invocation[] = [];
  const errors: unknown[] = [];
  /** The pending call of each running fake actor, settled by the `xstate.done|error.actor.<id>` executor. */
  const pending = new Map<AuthInvokeId, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

  const controllable = <TOutput, TInput = NonReducibleUnknown>(id: AuthInvokeId) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          invocations.push({ id, input });
          pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  const record =
    (action: AuthActionName) =>
    (_: unknown, params?: unknown): void => {
      calls.push(params === undefined ? { action } : { action, params });
    };

  const machine = authMachine.provide({
    actors: {
      restoreSession: controllable<User | null>('restoreSession'),
      login: controllable<Session, Credentials>('login'),
      register: controllable<Session, Registration>('register'),
      logout: controllable<void>('logout'),
    },
    actions: {
      storeToken: record('storeToken'),
      forgetToken: record('forgetToken'),
      recordLastLogin: record('recordLastLogin'),
      navigateAfterAuth: record('navigateAfterAuth'),
      navigateToLogin: record('navigateToLogin'),
      announceSessionExpired: record('announceSessionExpired'),
    },
  });

  let actor: Actor<typeof machine> | undefined;
  const harness = {
    calls,
    invocations,
    errors,
    start() {
      actor = createActor(machine);
      actor.subscribe({ error: (error) => errors.push(error) });
      actor.start();
    },
    get actor() {
      if (!actor) throw new Error('the path did not start the actor');
      return actor;
    },
    snapshot: () => harness.actor.getSnapshot(),
    send(event: AuthEvent) {
      harness.actor.send(event);
    },
    /** Answers the running fake actor `id` as the path's done/error event says. */
    async settle(id: AuthInvokeId, event: EventObject & { output?: unknown; error?: unknown }) {
      const call = pending.get(id);
      if (!call) throw new Error(`${event.type}: no "${id}" call is pending`);
      pending.delete(id);
      if (event.type.startsWith('xstate.error.')) call.reject(event.error);
      else call.resolve(event.output);
      await flush();
    },
  };
  return harness;
}
type AuthHarness = ReturnType<typeof createAuthHarness>;

// ─── Executors: one per event type (a new event without an executor does not compile) ───────────

type Executor = (harness: AuthHarness, step: AuthStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as AuthEvent);
const settle =
  (id: AuthInvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event);

const executors = {
  'xstate.init': (h) => h.start(),
  LOGIN: send,
  REGISTER: send,
  LOGOUT: send,
  SESSION_EXPIRED: send,
  USER_UPDATED: send,
  RETRY: send,
  CLEAR_ERROR: send,
  'xstate.done.actor.restoreSession': settle('restoreSession'),
  'xstate.error.actor.restoreSession': settle('restoreSession'),
  'xstate.done.actor.login': settle('login'),
  'xstate.error.actor.login': settle('login'),
  'xstate.done.actor.register': settle('register'),
  'xstate.error.actor.register': settle('register'),
  'xstate.done.actor.logout': settle('logout'),
  'xstate.error.actor.logout': settle('logout'),
} satisfies Record<AuthModelEventType, Executor>;

// ─── Oracles, written from the chart (not computed from the machine) ────────────────────────────

/** The side effects a step must cause, in order. */
function expectedCalls(from: AuthSnapshot | undefined, step: AuthStep): ActionCall[] {
  const { event } = step;
  switch (event.type) {
    case 'xstate.done.actor.restoreSession':
      return event.output === null ? [{ action: 'forgetToken' }] : [{ action: 'recordLastLogin' }];
    case 'xstate.done.actor.login':
      return [
        { action: 'storeToken', params: { token: event.output.token } },
        { action: 'navigateAfterAuth', params: { origin: 'loggedIn' } },
      ];
    case 'xstate.done.actor.register':
      return [
        { action: 'storeToken', params: { token: event.output.token } },
        { action: 'navigateAfterAuth', params: { origin: 'registered' } },
      ];
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      return [{ action: 'forgetToken' }, { action: 'navigateToLogin', params: { ended: 'loggedOut' } }];
    case 'SESSION_EXPIRED':
      return from?.matches('authenticated')
        ? [{ action: 'forgetToken' }, { action: 'announceSessionExpired' }, { action: 'navigateToLogin', params: { ended: 'expired' } }]
        : [];
    default:
      return [];
  }
}

/** The API calls a step must start, with their input. */
function expectedInvocations(from: AuthSnapshot | undefined, step: AuthStep): Invocation[] {
  const { event } = step;
  if (event.type === 'xstate.init') return [{ id: 'restoreSession', input: undefined }];
  if (!from) return [];
  if (event.type === 'RETRY' && from.matches('unavailable')) return [{ id: 'restoreSession', input: undefined }];
  if (event.type === 'LOGIN' && from.matches({ guest: 'idle' })) return [{ id: 'login', input: event.credentials }];
  if (event.type === 'REGISTER' && from.matches({ guest: 'idle' })) return [{ id: 'register', input: event.registration }];
  if (event.type === 'LOGOUT' && from.matches('authenticated')) return [{ id: 'logout', input: undefined }];
  return [];
}

const view = (flags: Partial<ReturnType<typeof selectAuthView>>): ReturnType<typeof selectAuthView> => ({
  isReady: true,
  isUnavailable: false,
  isAuthenticated: false,
  isGuest: false,
  isLoggingIn: false,
  isRegistering: false,
  isLoggingOut: false,
  ...flags,
});
/** What the views read in each resting state (selectors are checked on every step). */
const viewByState = {
  checking: view({ isReady: false }),
  unavailable: view({ isUnavailable: true }),
  'guest.idle': view({ isGuest: true }),
  'guest.loggingIn': view({ isGuest: true, isLoggingIn: true }),
  'guest.registering': view({ isGuest: true, isRegistering: true }),
  authenticated: view({ isAuthenticated: true }),
  loggingOut: view({ isLoggingOut: true }),
} satisfies Record<AuthRestingState, ReturnType<typeof selectAuthView>>;

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

const generated = generatePaths<typeof authMachine, AuthModelEvent>(authMachine, { events: authEvents });
/** Shortest paths to every state + one path per transition, without paths contained in longer ones. */
const paths: AuthPath[] = dropPrefixPaths([...generated.shortest, ...generated.transitions]);

async function walk(path: AuthPath) {
  const h = createAuthHarness();
  let from: AuthSnapshot | undefined;
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index} (${step.event.type})`;
    const callsBefore = h.calls.length;
    const invocationsBefore = h.invocations.length;
    await executors[step.event.type](h, step);

    const actual = h.snapshot();
    expect(actual.status, where).toBe('active');
    expect(actual.value, where).toEqual(step.state.value);
    expect(actual.context, where).toEqual(step.state.context);
    const [leaf] = leafStates(actual.value) as AuthRestingState[];
    expect(selectAuthView(actual), where).toEqual(viewByState[leaf!]);
    expect(h.calls.slice(callsBefore), `${where}: side effects`).toEqual(expectedCalls(from, step));
    expect(h.invocations.slice(invocationsBefore), `${where}: API calls`).toEqual(expectedInvocations(from, step));
    expect(h.errors, where).toEqual([]);
    from = actual;
  }
}

describe('auth machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect([...invokeIds(authMachine)].sort()).toEqual([...AUTH_INVOKE_IDS].sort());
    const explored = new Set(flattenEvents(authEvents).map((e) => e.type));
    for (const type of authMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state of the machine definition (transient ones included)', () => {
    const visited = new Set(paths.flatMap((path) => [...visitedStates(authMachine, path)]));
    expect([...visited].sort()).toEqual([...allLeafStates(authMachine)].sort());
    const resting = new Set(paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value))));
    expect([...resting, ...AUTH_TRANSIENT_STATES].sort()).toEqual([...allLeafStates(authMachine)].sort());
  });

  it('paths take every event type of the machine', () => {
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of authMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

const ev = {
  LOGIN: authEvents.LOGIN[0]!,
  REGISTER: authEvents.REGISTER[0]!,
  restored: authEvents['xstate.done.actor.restoreSession'][0]!,
  refused: authEvents['xstate.done.actor.restoreSession'][1]!,
};
async function startedHarness() {
  const h = createAuthHarness();
  h.start();
  return h;
}
async function signedIn() {
  const h = await startedHarness();
  await h.settle('restoreSession', ev.restored);
  h.calls.length = 0;
  return h;
}
async function guest() {
  const h = await startedHarness();
  await h.settle('restoreSession', ev.refused);
  h.calls.length = 0;
  return h;
}

describe('auth machine: pinned transitions', () => {
  it('restores a valid stored session: authenticated, origin restored, last login recorded', async () => {
    const h = await startedHarness();
    expect(h.snapshot().value).toBe('checking');
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: fixtures.restoredUser });
    expect(h.snapshot().value).toBe('authenticated');
    expect(h.snapshot().context).toMatchObject({ user: fixtures.restoredUser, origin: 'restored', ended: null });
    expect(h.calls).toEqual([{ action: 'recordLastLogin' }]);
  });

  it('a refused (or missing) token makes a guest and forgets the token', async () => {
    const h = await startedHarness();
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: null });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context.user).toBeNull();
    expect(h.calls).toEqual([{ action: 'forgetToken' }]);
  });

  it('an unreachable server is "unavailable" (token kept); RETRY checks again', async () => {
    const h = await startedHarness();
    await h.settle('restoreSession', { type: 'xstate.error.actor.restoreSession', error: fixtures.networkDown });
    expect(h.snapshot().value).toBe('unavailable');
    expect(h.calls).toEqual([]);
    h.send({ type: 'RETRY' });
    expect(h.snapshot().value).toBe('checking');
    expect(h.invocations.map((i) => i.id)).toEqual(['restoreSession', 'restoreSession']);
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: fixtures.restoredUser });
    expect(h.snapshot().value).toBe('authenticated');
  });

  it('a refused login keeps the error and returns to guest.idle; CLEAR_ERROR clears it', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    expect(h.snapshot().value).toEqual({ guest: 'loggingIn' });
    expect(h.invocations.at(-1)).toEqual({ id: 'login', input: fixtures.credentials });
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context.error).toEqual(fixtures.badPassword);
    expect(h.calls).toEqual([]);
    h.send({ type: 'CLEAR_ERROR' });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context.error).toBeNull();
  });

  it('a new attempt clears the previous error while it runs', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    h.send(ev.REGISTER);
    expect(h.snapshot().value).toEqual({ guest: 'registering' });
    expect(h.snapshot().context.error).toBeNull();
  });

  it('a successful login stores the token, then navigates', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.done.actor.login', output: fixtures.loginSession });
    expect(h.snapshot().value).toBe('authenticated');
    expect(h.snapshot().context).toMatchObject({ user: fixtures.loginSession.user, origin: 'loggedIn', ended: null, error: null });
    expect(h.calls).toEqual([
      { action: 'storeToken', params: { token: 'token-from-login' } },
      { action: 'navigateAfterAuth', params: { origin: 'loggedIn' } },
    ]);
  });

  it('a registration signs in with origin "registered"', async () => {
    const h = await guest();
    h.send(ev.REGISTER);
    expect(h.invocations.at(-1)).toEqual({ id: 'register', input: fixtures.registration });
    await h.settle('register', { type: 'xstate.done.actor.register', output: fixtures.registerSession });
    expect(h.snapshot().context).toMatchObject({ origin: 'registered', user: fixtures.registerSession.user });
    expect(h.calls).toEqual([
      { action: 'storeToken', params: { token: 'token-from-register' } },
      { action: 'navigateAfterAuth', params: { origin: 'registered' } },
    ]);
  });

  it('SESSION_EXPIRED is ignored while a guest (idle, logging in, registering)', async () => {
    const h = await guest();
    const before = h.snapshot();
    h.send({ type: 'SESSION_EXPIRED' });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context).toEqual(before.context);
    h.send(ev.LOGIN);
    h.send({ type: 'SESSION_EXPIRED' });
    expect(h.snapshot().value).toEqual({ guest: 'loggingIn' });
    expect(h.calls).toEqual([]);
  });

  it('SESSION_EXPIRED while authenticated forgets the token, announces it and goes to login', async () => {
    const h = await signedIn();
    h.send({ type: 'SESSION_EXPIRED' });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context).toMatchObject({ user: null, origin: null, ended: 'expired' });
    expect(h.calls).toEqual([
      { action: 'forgetToken' },
      { action: 'announceSessionExpired' },
      { action: 'navigateToLogin', params: { ended: 'expired' } },
    ]);
  });

  it('logout ends in guest even when the revoke fails', async () => {
    const h = await signedIn();
    h.send({ type: 'LOGOUT' });
    expect(h.snapshot().value).toBe('loggingOut');
    await h.settle('logout', { type: 'xstate.error.actor.logout', error: fixtures.serverError });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(h.snapshot().context).toMatchObject({ user: null, origin: null, ended: 'loggedOut' });
    expect(h.calls).toEqual([{ action: 'forgetToken' }, { action: 'navigateToLogin', params: { ended: 'loggedOut' } }]);
  });

  it('USER_UPDATED replaces the user and nothing else', async () => {
    const h = await signedIn();
    const before = h.snapshot().context;
    h.send({ type: 'USER_UPDATED', user: fixtures.renamedUser });
    expect(h.snapshot().value).toBe('authenticated');
    expect(h.snapshot().context).toEqual({ ...before, user: fixtures.renamedUser });
    expect(h.calls).toEqual([]);
  });
});

// ─── auth.navigation.ts ──────────────────────────────────────────────────────────────────────────

describe('auth navigation', () => {
  it.each([
    ['/', '/'],
    ['/mon-compte?onglet=profil#haut', '/mon-compte?onglet=profil#haut'],
    ['//evil.test', null],
    ['//evil.test/path', null],
    ['https://evil.test', null],
    ['javascript:alert(1)', null],
    ['/\\evil.test', null],
    ['\\\\evil.test', null],
    ['evil.test', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('safeRedirect(%j) → %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  // URL parsing (WHATWG, browsers) strips ASCII tab / CR / LF, so "/\t/evil.test" IS "//evil.test",
  // a protocol-relative URL to another site: safeRedirect must refuse it like "//evil.test".
  it.each(['/\t/evil.test', '/\n/evil.test', '/\r/evil.test'])('safeRedirect(%j) is refused: it leaves the site once parsed', (value) => {
    expect(new URL(value, 'http://localhost').origin).not.toBe('http://localhost'); // the premise
    expect(safeRedirect(value)).toBeNull();
  });

  it('landingAfterAuth honours a same-site redirect query, else home', () => {
    expect(landingAfterAuth('loggedIn', '?redirect=%2Fmon-compte')).toBe('/mon-compte');
    expect(landingAfterAuth('restored', '?redirect=%2Fmon-compte%3Fa%3D1')).toBe('/mon-compte?a=1');
    expect(landingAfterAuth('loggedIn', '?redirect=%2F%2Fevil.test')).toBe('/');
    expect(landingAfterAuth('loggedIn', '?redirect=https%3A%2F%2Fevil.test')).toBe('/');
    expect(landingAfterAuth('loggedIn', '')).toBe('/');
    expect(landingAfterAuth(null, '?other=1')).toBe('/');
  });

  it('landingAfterAuth sends a new account to the questionnaire, whatever the redirect', () => {
    expect(landingAfterAuth('registered', '')).toBe('/?questionnaire=1');
    expect(landingAfterAuth('registered', '?redirect=%2Fmon-compte')).toBe('/?questionnaire=1');
  });

  it('loginPathFor carries the page unless the user chose to log out', () => {
    expect(loginPathFor('loggedOut', '/mon-compte')).toBe('/connexion');
    expect(loginPathFor('expired', '/mon-compte')).toBe('/connexion?redirect=%2Fmon-compte');
    expect(loginPathFor(null, '/')).toBe('/connexion?redirect=%2F');
    expect(loginPathFor(null, '/mon-compte?a=1&b=2#x')).toBe('/connexion?redirect=%2Fmon-compte%3Fa%3D1%26b%3D2%23x');
    // round trip: what loginPathFor carries, landingAfterAuth gives back
    const search = loginPathFor('expired', '/mon-compte/securite?x=1').split('?')[1]!;
    expect(landingAfterAuth('loggedIn', `?${search}`)).toBe('/mon-compte/securite?x=1');
  });
});
