/**
 * Model-based tests of machines/auth (ARCHITECTURE rule 7): paths generated with xstate/graph over
 * every state and every transition (delayed ones included), each walked against a REAL actor whose
 * API actors are controllable fakes, whose clock is simulated and whose side-effect actions are
 * recorded; plus hand-pinned transitions, the selectors and the navigation helpers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, toPromise, type EventObject } from 'xstate';
import { authMachine, REQUEST_TIMEOUT_MS, type AuthEvent } from '../machines/auth/auth.machine';
import { createAuthActors, type AuthApi } from '../machines/auth/auth.actors';
import type { Failure } from '../shared/failure';
import { landingAfterAuth, loginPathFor, safeRedirect } from '../machines/auth/auth.navigation';
import { selectAuthView, selectFormError } from '../machines/auth/auth.selectors';
import {
  AUTH_INVOKE_IDS,
  AUTH_TRANSIENT_STATES,
  authEvents,
  fixtures,
  type AuthDelayedEvent,
  type AuthInvokeId,
  type AuthModelEvent,
  type AuthModelEventType,
  type AuthPath,
  type AuthRestingState,
  type AuthSnapshot,
  type AuthStep,
} from './auth.fixtures';
import {
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  parseDelayedEvent,
} from './support/graph';
import { createActorHarness, flush, type Invocation as HarnessInvocation } from './support/harness';
import { expectEveryStateCovered, restingStates, walkPath } from './support/walkPaths';

// ─── Harness: a real actor, fake API actors settled by the test, recorded side effects ───────────

type AuthActionName = 'storeToken' | 'forgetToken' | 'recordLastLogin' | 'navigateAfterAuth' | 'navigateToLogin' | 'announceSessionExpired';
interface ActionCall {
  action: AuthActionName;
  params?: unknown;
}
type Invocation = HarnessInvocation<AuthInvokeId>;

/** The named delays of the chart, in ms (written here, not read from the machine's `delays`). */
const DELAYS = { REQUEST_TIMEOUT: 15_000 } satisfies Record<string, number>;
type AuthDelayName = keyof typeof DELAYS;

function createAuthHarness() {
  const calls: ActionCall[] = [];
  const record =
    (action: AuthActionName) =>
    (_: unknown, params?: unknown): void => {
      calls.push(params === undefined ? { action } : { action, params });
    };
  const harness = createActorHarness<typeof authMachine, AuthInvokeId>(authMachine, {
    actors: ['restoreSession', 'login', 'register', 'logout', 'refreshUser'],
    actions: {
      storeToken: record('storeToken'),
      forgetToken: record('forgetToken'),
      recordLastLogin: record('recordLastLogin'),
      navigateAfterAuth: record('navigateAfterAuth'),
      navigateToLogin: record('navigateToLogin'),
      announceSessionExpired: record('announceSessionExpired'),
    },
    clock: new SimulatedClock(),
  });
  return Object.assign(harness, { calls });
}
type AuthHarness = ReturnType<typeof createAuthHarness>;

// ─── Executors: one per event type (a new event without an executor does not compile) ───────────

type Executor = (harness: AuthHarness, step: AuthStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as AuthEvent);
const settle =
  (id: AuthInvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event);
/** A delayed transition: the clock moves on by exactly the delay the chart names. */
const elapse: Executor = (h, { event }) => {
  const delayed = parseDelayedEvent(event.type);
  if (!delayed || !(delayed.delay in DELAYS)) throw new Error(`${event.type}: not a known delayed transition`);
  return h.elapse(DELAYS[delayed.delay as AuthDelayName]);
};

const executors = {
  'xstate.init': (h) => h.start(),
  LOGIN: send,
  REGISTER: send,
  LOGOUT: send,
  SESSION_EXPIRED: send,
  USER_UPDATED: send,
  EMAIL_VERIFIED: send,
  TOKEN_CHANGED: send,
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
  'xstate.done.actor.refreshUser': settle('refreshUser'),
  'xstate.error.actor.refreshUser': settle('refreshUser'),
  'xstate.after.REQUEST_TIMEOUT.auth.checking': elapse,
  'xstate.after.REQUEST_TIMEOUT.auth.loggingOut': elapse,
} satisfies Record<AuthModelEventType, Executor>;

// ─── Oracles, written from the chart (not computed from the machine) ────────────────────────────

const LOGGED_OUT_EFFECTS: ActionCall[] = [{ action: 'forgetToken' }, { action: 'navigateToLogin', params: { ended: 'loggedOut' } }];

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
    // A revoke that answers, fails or takes too long: the token is forgotten all the same.
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
    case 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut':
      return LOGGED_OUT_EFFECTS;
    case 'SESSION_EXPIRED':
      return from?.matches('authenticated')
        ? [{ action: 'forgetToken' }, { action: 'announceSessionExpired' }, { action: 'navigateToLogin', params: { ended: 'expired' } }]
        : [];
    case 'TOKEN_CHANGED':
      // Another tab signed out: this one follows, without forgetting a token that is already gone.
      return from?.matches('authenticated') && !event.present ? [{ action: 'navigateToLogin', params: { ended: 'loggedOut' } }] : [];
    default:
      return [];
  }
}

/** The API calls a step must start, with their input. */
function expectedInvocations(from: AuthSnapshot | undefined, step: AuthStep): Invocation[] {
  const { event } = step;
  const restore: Invocation = { id: 'restoreSession', input: undefined };
  if (event.type === 'xstate.init') return [restore];
  if (!from) return [];
  if (event.type === 'RETRY' && from.matches('unavailable')) return [restore];
  if (event.type === 'LOGIN' && from.matches({ guest: 'idle' })) return [{ id: 'login', input: event.credentials }];
  if (event.type === 'REGISTER' && from.matches({ guest: 'idle' })) return [{ id: 'register', input: event.registration }];
  if (event.type === 'LOGOUT' && from.matches('authenticated')) return [{ id: 'logout', input: undefined }];
  if (event.type === 'EMAIL_VERIFIED' && from.matches({ authenticated: 'idle' })) return [{ id: 'refreshUser', input: undefined }];
  // Another tab signed in: whose token is stored now is checked again.
  if (event.type === 'TOKEN_CHANGED' && event.present && (from.matches('guest') || from.matches('authenticated'))) return [restore];
  return [];
}

/** The running API calls a step must cancel (the state that invoked them is left before they answer). */
function expectedAborts(from: AuthSnapshot | undefined, step: AuthStep): AuthInvokeId[] {
  const { event } = step;
  if (!from) return [];
  switch (event.type) {
    case 'xstate.after.REQUEST_TIMEOUT.auth.checking':
      return ['restoreSession'];
    case 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut':
      return ['logout'];
    case 'TOKEN_CHANGED':
      if (from.matches({ guest: 'loggingIn' }) && event.present) return ['login'];
      if (from.matches({ guest: 'registering' }) && event.present) return ['register'];
      return from.matches({ authenticated: 'refreshing' }) ? ['refreshUser'] : [];
    case 'SESSION_EXPIRED':
    case 'LOGOUT':
      return from.matches({ authenticated: 'refreshing' }) ? ['refreshUser'] : [];
    default:
      return [];
  }
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
  'authenticated.idle': view({ isAuthenticated: true }),
  'authenticated.refreshing': view({ isAuthenticated: true }),
  loggingOut: view({ isLoggingOut: true }),
} satisfies Record<AuthRestingState, ReturnType<typeof selectAuthView>>;

// ─── Paths ───────────────────────────────────────────────────────────────────────────────────────

const generated = generatePaths<typeof authMachine, AuthModelEvent>(authMachine, { events: authEvents });
/** Shortest paths to every state + one path per transition, without paths contained in longer ones. */
const paths: AuthPath[] = dropPrefixPaths([...generated.shortest, ...generated.transitions]);

/** What the reference model keeps: the resting state and the context the chart gives it. */
interface AuthExpected {
  state: AuthRestingState;
  context: AuthSnapshot['context'];
}
const START: AuthExpected = { state: 'checking', context: { user: null, error: null, errorOf: null, origin: null, ended: null } };

/**
 * The reference model: the chart of auth.machine.ts written again by hand (its doc comment and the
 * spec), advanced from the previous expected state, never from the actor's snapshot.
 */
function authReference(previous: AuthExpected | undefined, { event }: AuthStep): AuthExpected {
  if (!previous) return START;
  const { state, context } = previous;
  const to = (next: AuthRestingState, patch: Partial<AuthExpected['context']> = {}): AuthExpected => ({ state: next, context: { ...context, ...patch } });
  // Entering a session (from this tab or another) starts with no leftover failure or end.
  const signedIn = (user: AuthExpected['context']['user'], origin: AuthExpected['context']['origin']) =>
    to('authenticated.idle', { user, origin, error: null, errorOf: null, ended: null });
  const signedOut = (ended: 'loggedOut' | 'expired') => to('guest.idle', { user: null, origin: null, ended });
  const authenticated = state === 'authenticated.idle' || state === 'authenticated.refreshing';
  const guest = state === 'guest.idle' || state === 'guest.loggingIn' || state === 'guest.registering';
  switch (event.type) {
    case 'xstate.init':
      return START;
    case 'xstate.done.actor.restoreSession':
      return event.output === null ? to('guest.idle') : signedIn(event.output, 'restored');
    case 'xstate.error.actor.restoreSession':
    case 'xstate.after.REQUEST_TIMEOUT.auth.checking':
      return to('unavailable');
    case 'RETRY':
      return state === 'unavailable' ? to('checking') : previous;
    case 'LOGIN':
      return state === 'guest.idle' ? to('guest.loggingIn', { error: null, errorOf: null }) : previous;
    case 'REGISTER':
      return state === 'guest.idle' ? to('guest.registering', { error: null, errorOf: null }) : previous;
    case 'CLEAR_ERROR':
      return state === 'guest.idle' ? to('guest.idle', { error: null, errorOf: null }) : previous;
    case 'xstate.done.actor.login':
      return signedIn(event.output.user, 'loggedIn');
    case 'xstate.error.actor.login':
      return to('guest.idle', { error: event.error as Failure, errorOf: 'login' });
    case 'xstate.done.actor.register':
      return signedIn(event.output.user, 'registered');
    case 'xstate.error.actor.register':
      return to('guest.idle', { error: event.error as Failure, errorOf: 'register' });
    case 'LOGOUT':
      return authenticated ? to('loggingOut') : previous;
    // However the revoke ends, the session ends the same way.
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
    case 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut':
      return signedOut('loggedOut');
    case 'SESSION_EXPIRED':
      return authenticated ? signedOut('expired') : previous;
    case 'USER_UPDATED':
      return authenticated ? to(state, { user: event.user }) : previous;
    case 'EMAIL_VERIFIED':
      return state === 'authenticated.idle' ? to('authenticated.refreshing') : previous;
    case 'xstate.done.actor.refreshUser':
      return to('authenticated.idle', { user: event.output });
    case 'xstate.error.actor.refreshUser':
      return to('authenticated.idle');
    case 'TOKEN_CHANGED':
      if (guest) return event.present ? to('checking') : previous;
      if (authenticated) return event.present ? to('checking', { user: null, origin: null }) : signedOut('loggedOut');
      return previous;
  }
}

const walk = (path: AuthPath) =>
  walkPath(path, {
    harness: createAuthHarness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ calls: h.calls.length, invocations: h.invocations.length, aborted: h.aborted.length }),
    model: authReference,
    check: ({ harness: h, step, from, actual, before, expected, where }) => {
      expect(actual.status, where).toBe('active');
      expect(leafStates(actual.value), `${where}: the reference model`).toEqual([expected.state]);
      expect(actual.context, `${where}: the reference model`).toEqual(expected.context);
      expect(selectAuthView(actual), where).toEqual(viewByState[expected.state]);
      expect(h.calls.slice(before.calls), `${where}: side effects`).toEqual(expectedCalls(from, step));
      expect(h.invocations.slice(before.invocations), `${where}: API calls`).toEqual(expectedInvocations(from, step));
      expect(h.aborted.slice(before.aborted), `${where}: cancelled API calls`).toEqual(expectedAborts(from, step));
    },
  });

const variantKey = (event: EventObject) => JSON.stringify(event);

describe('auth machine: generated paths', () => {
  it('the model lists every event, invoke and delay of the machine', () => {
    expect([...invokeIds(authMachine)].sort()).toEqual([...AUTH_INVOKE_IDS].sort());
    const explored = new Set(flattenEvents(authEvents).map((e) => e.type));
    for (const type of authMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
    const delayed = authMachine.events.filter((type) => parseDelayedEvent(type) !== null);
    expect(delayed.sort()).toEqual(['xstate.after.REQUEST_TIMEOUT.auth.checking', 'xstate.after.REQUEST_TIMEOUT.auth.loggingOut'] satisfies Array<AuthDelayedEvent['type']>);
    expect(REQUEST_TIMEOUT_MS, 'the chart says 15 s').toBe(DELAYS.REQUEST_TIMEOUT);
  });

  it('paths cover every state of the machine definition (transient ones included)', () => {
    expectEveryStateCovered(authMachine, [{ paths }], { transient: AUTH_TRANSIENT_STATES });
    expect([...restingStates(paths)].sort()).toEqual(Object.keys(viewByState).sort());
  });

  it('paths take every event type of the machine', () => {
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of authMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
  });

  it('paths take every explored variant (TOKEN_CHANGED present and absent, …) in a state where it changes something', () => {
    const effective = new Set(
      paths.flatMap((path) =>
        path.steps
          .filter((step, i) => i > 0 && JSON.stringify(path.steps[i - 1]!.state.value) !== JSON.stringify(step.state.value))
          .map((step) => variantKey(step.event)),
      ),
    );
    for (const event of flattenEvents(authEvents)) {
      if (event.type === 'USER_UPDATED' || event.type === 'CLEAR_ERROR') continue; // they change the context only
      expect(effective, `no path takes ${variantKey(event)} to another state`).toContain(variantKey(event));
    }
  });

  it('delayed transitions are only explored where their timer runs', () => {
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        const delayed = parseDelayedEvent(step.event.type);
        if (!delayed) return;
        const before = path.steps[i - 1]!.state;
        expect(before.matches(delayed.stateId.replace(/^auth\./, '') as never), describePath(path)).toBe(true);
      });
    }
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
  signedInElsewhere: { type: 'TOKEN_CHANGED', present: true },
  signedOutElsewhere: { type: 'TOKEN_CHANGED', present: false },
} as const;
const AUTHENTICATED = { authenticated: 'idle' } as const;
const GUEST = { guest: 'idle' } as const;

async function startedHarness() {
  const h = createAuthHarness();
  h.start();
  return h;
}
/** Signed in from a restored session, side effects and API calls so far forgotten. */
async function signedIn() {
  const h = await startedHarness();
  await h.settle('restoreSession', ev.restored);
  h.calls.length = 0;
  h.invocations.length = 0;
  return h;
}
async function guest() {
  const h = await startedHarness();
  await h.settle('restoreSession', ev.refused);
  h.calls.length = 0;
  h.invocations.length = 0;
  return h;
}

describe('auth machine: pinned transitions', () => {
  it('restores a valid stored session: authenticated.idle, origin restored, last login recorded', async () => {
    const h = await startedHarness();
    expect(h.snapshot().value).toBe('checking');
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: fixtures.restoredUser });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toMatchObject({ user: fixtures.restoredUser, origin: 'restored', ended: null });
    expect(h.calls).toEqual([{ action: 'recordLastLogin' }]);
  });

  it('a refused (or missing) token makes a guest and forgets the token', async () => {
    const h = await startedHarness();
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: null });
    expect(h.snapshot().value).toEqual(GUEST);
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
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
  });

  it('a refused login keeps the error (tagged "login") and returns to guest.idle; CLEAR_ERROR clears it', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    expect(h.snapshot().value).toEqual({ guest: 'loggingIn' });
    expect(h.invocations.at(-1)).toEqual({ id: 'login', input: fixtures.credentials });
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    expect(h.snapshot().value).toEqual(GUEST);
    expect(h.snapshot().context).toMatchObject({ error: fixtures.badPassword, errorOf: 'login' });
    expect(h.calls).toEqual([]);
    h.send({ type: 'CLEAR_ERROR' });
    expect(h.snapshot().value).toEqual(GUEST);
    expect(h.snapshot().context).toMatchObject({ error: null, errorOf: null });
  });

  it('a new attempt clears the previous error while it runs', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    h.send(ev.REGISTER);
    expect(h.snapshot().value).toEqual({ guest: 'registering' });
    expect(h.snapshot().context).toMatchObject({ error: null, errorOf: null });
  });

  it('a successful login stores the token, then navigates', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.done.actor.login', output: fixtures.loginSession });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toMatchObject({ user: fixtures.loginSession.user, origin: 'loggedIn', ended: null, error: null, errorOf: null });
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
    expect(h.snapshot().value).toEqual(GUEST);
    expect(h.snapshot().context).toEqual(before.context);
    h.send(ev.LOGIN);
    h.send({ type: 'SESSION_EXPIRED' });
    expect(h.snapshot().value).toEqual({ guest: 'loggingIn' });
    expect(h.calls).toEqual([]);
  });

  it('SESSION_EXPIRED while authenticated forgets the token, announces it and goes to login', async () => {
    const h = await signedIn();
    h.send({ type: 'SESSION_EXPIRED' });
    expect(h.snapshot().value).toEqual(GUEST);
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
    expect(h.snapshot().value).toEqual(GUEST);
    expect(h.snapshot().context).toMatchObject({ user: null, origin: null, ended: 'loggedOut' });
    expect(h.calls).toEqual(LOGGED_OUT_EFFECTS);
  });

  it('USER_UPDATED replaces the user and nothing else', async () => {
    const h = await signedIn();
    const before = h.snapshot().context;
    h.send({ type: 'USER_UPDATED', user: fixtures.renamedUser });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toEqual({ ...before, user: fixtures.renamedUser });
    expect(h.calls).toEqual([]);
  });
});

describe('auth machine: REQUEST_TIMEOUT (simulated clock)', () => {
  it('checking gives up after exactly 15000 ms, not before: unavailable, the call cancelled, the token kept', async () => {
    const h = await startedHarness();
    await h.elapse(REQUEST_TIMEOUT_MS - 1);
    expect(h.snapshot().value).toBe('checking');
    expect(h.aborted).toEqual([]);
    await h.elapse(1);
    expect(h.snapshot().value).toBe('unavailable');
    expect(h.aborted).toEqual(['restoreSession']);
    expect(h.isPending('restoreSession')).toBe(false);
    expect(h.calls, 'no forgetToken: the server may just be slow').toEqual([]);
    expect(selectAuthView(h.snapshot())).toEqual(viewByState.unavailable);
  });

  it('an answer before the timeout cancels the timer', async () => {
    const h = await startedHarness();
    await h.elapse(REQUEST_TIMEOUT_MS - 1);
    await h.settle('restoreSession', ev.restored);
    await h.elapse(REQUEST_TIMEOUT_MS * 2);
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
  });

  it('RETRY after a timeout starts a fresh 15 s wait', async () => {
    const h = await startedHarness();
    await h.elapse(REQUEST_TIMEOUT_MS);
    await h.elapse(REQUEST_TIMEOUT_MS / 2);
    h.send({ type: 'RETRY' });
    await h.elapse(REQUEST_TIMEOUT_MS - 1);
    expect(h.snapshot().value).toBe('checking');
    await h.elapse(1);
    expect(h.snapshot().value).toBe('unavailable');
    expect(h.invocations.map((i) => i.id)).toEqual(['restoreSession', 'restoreSession']);
  });

  it('loggingOut gives up after 15000 ms: guest, forgetToken + navigateToLogin, the revoke cancelled', async () => {
    const h = await signedIn();
    h.send({ type: 'LOGOUT' });
    await h.elapse(REQUEST_TIMEOUT_MS - 1);
    expect(h.snapshot().value).toBe('loggingOut');
    expect(h.calls).toEqual([]);
    await h.elapse(1);
    expect(h.snapshot().value).toEqual(GUEST);
    expect(h.snapshot().context).toMatchObject({ user: null, origin: null, ended: 'loggedOut' });
    expect(h.calls).toEqual([{ action: 'forgetToken' }, { action: 'navigateToLogin', params: { ended: 'loggedOut' } }]);
    expect(h.aborted).toEqual(['logout']);
  });
});

describe('auth machine: EMAIL_VERIFIED', () => {
  it('refreshes the user: authenticated.refreshing, then idle with the reloaded user', async () => {
    const h = await signedIn();
    const before = h.snapshot().context;
    h.send({ type: 'EMAIL_VERIFIED' });
    expect(h.snapshot().value).toEqual({ authenticated: 'refreshing' });
    expect(selectAuthView(h.snapshot())).toEqual(viewByState['authenticated.idle']);
    expect(h.invocations).toEqual([{ id: 'refreshUser', input: undefined }]);
    await h.settle('refreshUser', { type: 'xstate.done.actor.refreshUser', output: fixtures.verifiedUser });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toEqual({ ...before, user: fixtures.verifiedUser });
    expect(h.calls).toEqual([]);
  });

  it('a failed refresh keeps the old user (the verification itself succeeded)', async () => {
    const h = await signedIn();
    const before = h.snapshot().context;
    h.send({ type: 'EMAIL_VERIFIED' });
    await h.settle('refreshUser', { type: 'xstate.error.actor.refreshUser', error: fixtures.networkDown });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toEqual(before);
    expect(h.snapshot().context.user).toEqual(fixtures.restoredUser);
    expect(h.calls).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('a second EMAIL_VERIFIED while refreshing does not start a second call', async () => {
    const h = await signedIn();
    h.send({ type: 'EMAIL_VERIFIED' });
    h.send({ type: 'EMAIL_VERIFIED' });
    expect(h.invocations.map((i) => i.id)).toEqual(['refreshUser']);
  });

  it('is ignored unless signed in (a guest follows the link too)', async () => {
    const g = await guest();
    g.send({ type: 'EMAIL_VERIFIED' });
    expect(g.snapshot().value).toEqual(GUEST);
    const c = await startedHarness();
    c.send({ type: 'EMAIL_VERIFIED' });
    expect(c.snapshot().value).toBe('checking');
    expect([...g.invocations, ...c.invocations.slice(1)]).toEqual([]);
  });

  it('signing out while refreshing cancels the refresh', async () => {
    const h = await signedIn();
    h.send({ type: 'EMAIL_VERIFIED' });
    h.send({ type: 'LOGOUT' });
    expect(h.snapshot().value).toBe('loggingOut');
    expect(h.aborted).toEqual(['refreshUser']);
  });
});

/** How to bring a fresh harness to each resting state. */
const reach = {
  checking: startedHarness,
  unavailable: async () => {
    const h = await startedHarness();
    await h.settle('restoreSession', { type: 'xstate.error.actor.restoreSession', error: fixtures.networkDown });
    return h;
  },
  'guest.idle': guest,
  'guest.loggingIn': async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    return h;
  },
  'guest.registering': async () => {
    const h = await guest();
    h.send(ev.REGISTER);
    return h;
  },
  'authenticated.idle': signedIn,
  'authenticated.refreshing': async () => {
    const h = await signedIn();
    h.send({ type: 'EMAIL_VERIFIED' });
    return h;
  },
  loggingOut: async () => {
    const h = await signedIn();
    h.send({ type: 'LOGOUT' });
    return h;
  },
} satisfies Record<AuthRestingState, () => Promise<AuthHarness>>;

interface TokenChangedCase {
  to: AuthRestingState;
  calls: ActionCall[];
  starts: AuthInvokeId[];
  cancels: AuthInvokeId[];
  context?: Partial<AuthSnapshot['context']>;
}
const ignored: TokenChangedCase = { to: 'checking', calls: [], starts: [], cancels: [] }; // `to` replaced by the state itself
/** TOKEN_CHANGED (another tab signed in / out) in every resting state, from the chart. */
const tokenChanged: Record<AuthRestingState, { present: TokenChangedCase | null; absent: TokenChangedCase | null }> = {
  checking: { present: null, absent: null },
  unavailable: { present: null, absent: null },
  'guest.idle': { present: { to: 'checking', calls: [], starts: ['restoreSession'], cancels: [] }, absent: null },
  'guest.loggingIn': { present: { to: 'checking', calls: [], starts: ['restoreSession'], cancels: ['login'] }, absent: null },
  'guest.registering': { present: { to: 'checking', calls: [], starts: ['restoreSession'], cancels: ['register'] }, absent: null },
  'authenticated.idle': {
    present: { to: 'checking', calls: [], starts: ['restoreSession'], cancels: [], context: { user: null, origin: null } },
    absent: {
      to: 'guest.idle',
      calls: [{ action: 'navigateToLogin', params: { ended: 'loggedOut' } }],
      starts: [],
      cancels: [],
      context: { user: null, origin: null, ended: 'loggedOut' },
    },
  },
  'authenticated.refreshing': {
    present: { to: 'checking', calls: [], starts: ['restoreSession'], cancels: ['refreshUser'], context: { user: null, origin: null } },
    absent: {
      to: 'guest.idle',
      calls: [{ action: 'navigateToLogin', params: { ended: 'loggedOut' } }],
      starts: [],
      cancels: ['refreshUser'],
      context: { user: null, origin: null, ended: 'loggedOut' },
    },
  },
  // Signing out here already: whatever the other tab did, this one finishes its own revoke.
  loggingOut: { present: null, absent: null },
};

describe('auth machine: TOKEN_CHANGED (another tab)', () => {
  const cases = (Object.keys(tokenChanged) as AuthRestingState[]).flatMap((state) =>
    (['present', 'absent'] as const).map((presence) => [state, presence, tokenChanged[state][presence] ?? { ...ignored, to: state }] as const),
  );
  it.each(cases)('in %s, token %s', async (state, presence, expected) => {
    const h = await reach[state]();
    expect(leafStates(h.snapshot().value)).toEqual([state]);
    const before = h.snapshot().context;
    const [calls, invocations, aborted] = [h.calls.length, h.invocations.length, h.aborted.length];
    h.send(presence === 'present' ? ev.signedInElsewhere : ev.signedOutElsewhere);
    await flush();
    expect(leafStates(h.snapshot().value)).toEqual([expected.to]);
    expect(h.snapshot().context).toEqual({ ...before, ...expected.context });
    expect(h.calls.slice(calls)).toEqual(expected.calls);
    expect(h.invocations.slice(invocations).map((i) => i.id)).toEqual(expected.starts);
    expect(h.aborted.slice(aborted)).toEqual(expected.cancels);
    expect(h.errors).toEqual([]);
  });

  it('signed in elsewhere while authenticated: the stored token is checked and its user restored', async () => {
    const h = await signedIn();
    h.send(ev.signedInElsewhere);
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: fixtures.loggedInUser });
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toMatchObject({ user: fixtures.loggedInUser, origin: 'restored' });
    expect(h.calls).toEqual([{ action: 'recordLastLogin' }]);
  });

  it('signed in elsewhere while a guest: the other session is used', async () => {
    const h = await guest();
    h.send(ev.signedInElsewhere);
    await h.settle('restoreSession', ev.restored);
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    expect(h.snapshot().context).toMatchObject({ user: fixtures.restoredUser, origin: 'restored' });
  });

  // Found by the model paths: a login error used to survive a session started in another tab and
  // reappear after the next logout. Entering `authenticated` now clears it.
  it('a login error does not survive a session started in another tab', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    h.send(ev.signedInElsewhere);
    await h.settle('restoreSession', ev.restored);
    expect(h.snapshot().value).toEqual(AUTHENTICATED);
    h.send({ type: 'LOGOUT' });
    await h.settle('logout', { type: 'xstate.done.actor.logout', output: undefined });
    expect(h.snapshot().value).toEqual(GUEST);
    expect(selectFormError('login')(h.snapshot())).toBeNull();
  });
});

describe('auth selectors: selectFormError', () => {
  it('a login failure shows on the login form only', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    expect(selectFormError('login')(h.snapshot())).toEqual(fixtures.badPassword);
    expect(selectFormError('register')(h.snapshot())).toBeNull();
  });

  it('a registration failure shows on the sign-up form only', async () => {
    const h = await guest();
    h.send(ev.REGISTER);
    await h.settle('register', { type: 'xstate.error.actor.register', error: fixtures.emailTaken });
    expect(selectFormError('register')(h.snapshot())).toEqual(fixtures.emailTaken);
    expect(selectFormError('login')(h.snapshot())).toBeNull();
  });

  it('neither form shows an error while a new attempt runs, nor after CLEAR_ERROR', async () => {
    const h = await guest();
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    h.send({ type: 'CLEAR_ERROR' });
    expect([selectFormError('login')(h.snapshot()), selectFormError('register')(h.snapshot())]).toEqual([null, null]);
    h.send(ev.LOGIN);
    await h.settle('login', { type: 'xstate.error.actor.login', error: fixtures.badPassword });
    h.send(ev.REGISTER);
    expect([selectFormError('login')(h.snapshot()), selectFormError('register')(h.snapshot())]).toEqual([null, null]);
  });
});

// ─── The perk sign-up (issue 15): the same step, the partner's route ──────────────────────────────

describe('auth: a sign-up with a perk code', () => {
  it('is the registering step with the code passed on; a refused code fails on the perk field of the sign-up form', async () => {
    const h = await guest();
    h.send({ type: 'REGISTER', registration: fixtures.perkRegistration });
    expect(h.snapshot().value).toEqual({ guest: 'registering' });
    expect(h.invocations.at(-1)).toEqual({ id: 'register', input: fixtures.perkRegistration });
    await h.settle('register', { type: 'xstate.error.actor.register', error: fixtures.perkCodeRefused });
    expect(h.snapshot().value).toEqual({ guest: 'idle' });
    expect(selectFormError('register')(h.snapshot())?.fieldErrors).toEqual({ perk_code: [expect.any(String)] });
    expect(selectFormError('login')(h.snapshot())).toBeNull();
    expect(h.calls).toEqual([]);
    // Another try (a corrected code) clears the error while it runs, and signs in like any sign-up.
    h.send({ type: 'REGISTER', registration: { ...fixtures.perkRegistration, perk_code: 'PARTENAIRE-DEMO-2' } });
    expect(selectFormError('register')(h.snapshot())).toBeNull();
    await h.settle('register', { type: 'xstate.done.actor.register', output: fixtures.registerSession });
    expect(h.snapshot().context).toMatchObject({ origin: 'registered', user: fixtures.registerSession.user });
  });

  /** The real actors over a fake API that records which route each sign-up took. */
  async function signUpThroughActors(registration: typeof fixtures.registration | typeof fixtures.perkRegistration) {
    const routes: { route: 'register' | 'registerPerk'; body: unknown }[] = [];
    const api: AuthApi = {
      getMe: () => Promise.reject(new Error('unused')),
      login: () => Promise.reject(new Error('unused')),
      register: async (body) => (routes.push({ route: 'register', body }), fixtures.registerSession),
      registerPerk: async (body) => (routes.push({ route: 'registerPerk', body }), fixtures.registerSession),
      logout: () => Promise.resolve(),
    };
    const actor = createActor(createAuthActors(api, { get: () => null, set: () => {}, clear: () => {} }).register, { input: registration });
    actor.start();
    await expect(toPromise(actor)).resolves.toEqual(fixtures.registerSession);
    return routes;
  }

  it('goes to POST /perks/register with a code and to POST /register without one', async () => {
    expect(await signUpThroughActors(fixtures.perkRegistration)).toEqual([{ route: 'registerPerk', body: fixtures.perkRegistration }]);
    expect(await signUpThroughActors(fixtures.registration)).toEqual([{ route: 'register', body: fixtures.registration }]);
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
    // normalised into "//evil.test" (or "/\\evil.test"): same origin while parsed, another site once used as a path
    ['/.//evil.test', null],
    ['/%2e//evil.test', null],
    ['/%2E//evil.test', null],
    ['/./\\evil.test', null],
    ['/a/..//evil.test', null],
    ['/mon-compte?x=1#h', '/mon-compte?x=1#h'],
    ['/./mon-compte', '/mon-compte'],
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
    expect(landingAfterAuth('loggedIn', '?redirect=%2F.%2F%2Fevil.test')).toBe('/');
    expect(landingAfterAuth('loggedIn', '?redirect=%2F%252e%2F%2Fevil.test')).toBe('/');
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
