/**
 * Model-based tests of machines/learnerAuth (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition (the four calls' answers, the 15 s timers of the start-up check and the sign-out), walked against a
 * REAL actor whose calls are controllable fakes and whose timers run on xstate's SimulatedClock, each step checked
 * against a reference model written here from the chart (state, learner, the failure of which form, how the
 * session ended) and the side effects it must have (token stored or forgotten, navigation). Plus pinned transitions.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createLearnerAuthActors } from '../machines/learnerAuth/learnerAuth.actors';
import { LEARNER_REQUEST_TIMEOUT_MS, learnerAuthMachine, type LearnerAuthEvent } from '../machines/learnerAuth/learnerAuth.machine';
import { selectLearnerAuthView, selectLearnerFormError } from '../machines/learnerAuth/learnerAuth.selectors';
import type { Learner, LearnerSession } from '../machines/learnerAuth/learnerAuth.types';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  type DelayedEvent,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type InvokeId = 'restoreSession' | 'login' | 'register' | 'logout';
type ModelEvent =
  | LearnerAuthEvent
  | DoneActorEvent<'restoreSession', Learner | null>
  | ErrorActorEvent<'restoreSession'>
  | DoneActorEvent<'login', LearnerSession>
  | ErrorActorEvent<'login'>
  | DoneActorEvent<'register', LearnerSession>
  | ErrorActorEvent<'register'>
  | DoneActorEvent<'logout', undefined>
  | ErrorActorEvent<'logout'>
  | DelayedEvent<'REQUEST_TIMEOUT', 'learnerAuth.checking'>
  | DelayedEvent<'REQUEST_TIMEOUT', 'learnerAuth.loggingOut'>;
type Snapshot = SnapshotFrom<typeof learnerAuthMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;

// The back office's wait, written out here (README: the learner area behaves like the back office).
const TIMEOUT_MS = 15_000;

const learner = (firstname: string): Learner => ({
  uuid: '00000000-0000-4000-8000-0000000000a1',
  email: 'lea@example.test',
  firstname,
  lastname: null,
  display_name: firstname,
  picture: null,
  locale: 'fr',
  activated: false,
  created_at: '2026-01-01T00:00:00.000Z',
});
const lea = learner('Léa');
const session = (token: string, who: Learner): LearnerSession => ({ token, expires_at: '2026-01-02T00:00:00.000Z', learner: who });
const wrong: Failure = { status: 422, code: 'INVALID_CREDENTIALS', message: 'Adresse e-mail ou mot de passe incorrect.', fieldErrors: { password: ['x'] } };
const offline: Failure = { status: null, code: 'NETWORK', message: 'Réseau indisponible', fieldErrors: {} };

const AFTER_CHECK = { type: 'xstate.after.REQUEST_TIMEOUT.learnerAuth.checking' } as const;
const AFTER_LOGOUT = { type: 'xstate.after.REQUEST_TIMEOUT.learnerAuth.loggingOut' } as const;

const events = {
  LOGIN: [{ type: 'LOGIN', credentials: { email: 'lea@example.test', password: 'pw-123456', staySignedIn: false } }],
  REGISTER: [{ type: 'REGISTER', registration: { email: 'lea@example.test', password: 'pw-123456', firstname: 'Léa' } }],
  SESSION_OPENED: [{ type: 'SESSION_OPENED', session: session('tok-activated', { ...lea, activated: true }) }],
  LOGOUT: [{ type: 'LOGOUT' }],
  SESSION_EXPIRED: [{ type: 'SESSION_EXPIRED' }],
  USER_UPDATED: [{ type: 'USER_UPDATED', learner: learner('Inès') }],
  RETRY: [{ type: 'RETRY' }],
  CLEAR_ERROR: [{ type: 'CLEAR_ERROR' }],
  TOKEN_CHANGED: [
    { type: 'TOKEN_CHANGED', present: false },
    { type: 'TOKEN_CHANGED', present: true },
  ],
  'xstate.done.actor.restoreSession': [
    { type: 'xstate.done.actor.restoreSession', output: lea },
    { type: 'xstate.done.actor.restoreSession', output: null },
  ],
  'xstate.error.actor.restoreSession': [{ type: 'xstate.error.actor.restoreSession', error: offline }],
  'xstate.done.actor.login': [{ type: 'xstate.done.actor.login', output: session('tok-login', lea) }],
  'xstate.error.actor.login': [{ type: 'xstate.error.actor.login', error: wrong }],
  'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: session('tok-register', lea) }],
  'xstate.error.actor.register': [{ type: 'xstate.error.actor.register', error: wrong }],
  'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
  'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: offline }],
  [AFTER_CHECK.type]: [AFTER_CHECK],
  [AFTER_LOGOUT.type]: [AFTER_LOGOUT],
} satisfies EventVariants<ModelEvent>;

// ─── The reference model, from the chart ─────────────────────────────────────────────────────────

type Resting = 'checking' | 'unavailable' | 'guest.idle' | 'guest.loggingIn' | 'guest.registering' | 'signedIn' | 'loggingOut';
interface Expected {
  state: Resting;
  learner: Learner | null;
  errorOf: 'login' | 'register' | null;
  ended: 'loggedOut' | 'expired' | null;
  /** Side effects of the step, in order. */
  effects: string[];
}

const signedIn = (who: Learner, effects: string[]): Expected => ({ state: 'signedIn', learner: who, errorOf: null, ended: null, effects });

function model(previous: Expected | undefined, step: Step): Expected {
  const { event } = step;
  if (event.type === 'xstate.init' || !previous) return { state: 'checking', learner: null, errorOf: null, ended: null, effects: [] };
  const p = { ...previous, effects: [] as string[] };
  const at = (...states: Resting[]) => states.includes(p.state);
  switch (event.type) {
    case 'SESSION_OPENED':
      return signedIn(event.session.learner, [`store:${event.session.token}`]);
    case 'xstate.done.actor.restoreSession':
      return event.output ? signedIn(event.output, []) : { ...p, state: 'guest.idle', effects: ['forget'] };
    case 'xstate.error.actor.restoreSession':
    case AFTER_CHECK.type:
      return { ...p, state: 'unavailable' };
    case 'RETRY':
      return at('unavailable') ? { ...p, state: 'checking' } : p;
    case 'LOGIN':
      return at('guest.idle') ? { ...p, state: 'guest.loggingIn', errorOf: null } : p;
    case 'REGISTER':
      return at('guest.idle') ? { ...p, state: 'guest.registering', errorOf: null } : p;
    case 'CLEAR_ERROR':
      return at('guest.idle') ? { ...p, errorOf: null } : p;
    case 'xstate.done.actor.login':
      return signedIn(event.output.learner, [`store:${event.output.token}`, 'navigate:loggedIn']);
    case 'xstate.done.actor.register':
      return signedIn(event.output.learner, [`store:${event.output.token}`, 'navigate:registered']);
    case 'xstate.error.actor.login':
      return { ...p, state: 'guest.idle', errorOf: 'login' };
    case 'xstate.error.actor.register':
      return { ...p, state: 'guest.idle', errorOf: 'register' };
    case 'USER_UPDATED':
      return at('signedIn') ? { ...p, learner: event.learner } : p;
    case 'SESSION_EXPIRED':
      return at('signedIn') ? { ...p, state: 'guest.idle', learner: null, ended: 'expired', effects: ['forget', 'login:expired'] } : p;
    case 'LOGOUT':
      return at('signedIn') ? { ...p, state: 'loggingOut' } : p;
    case 'TOKEN_CHANGED':
      if (at('guest.idle', 'guest.loggingIn', 'guest.registering')) return event.present ? { ...p, state: 'checking', errorOf: null } : p;
      if (!at('signedIn')) return p;
      return event.present ? { ...p, state: 'checking', learner: null } : { ...p, state: 'guest.idle', learner: null, ended: 'loggedOut', effects: ['login:loggedOut'] };
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
    case AFTER_LOGOUT.type:
      return { ...p, state: 'guest.idle', learner: null, ended: 'loggedOut', effects: ['forget', 'login:loggedOut'] };
  }
}

// ─── Harness, executors, paths ───────────────────────────────────────────────────────────────────

function createHarness() {
  const effects: string[] = [];
  // The other tabs: what the real watchOtherTabs would send back (storage events), reachable while it runs.
  const tabs: { sendBack: ((event: LearnerAuthEvent) => void) | null } = { sendBack: null };
  const watched = learnerAuthMachine.provide({
    actors: {
      watchOtherTabs: fromCallback<LearnerAuthEvent>(({ sendBack }) => {
        tabs.sendBack = sendBack;
        return () => void (tabs.sendBack = null);
      }),
    },
  });
  const harness = createActorHarness<typeof learnerAuthMachine, InvokeId>(watched, {
    actors: ['restoreSession', 'login', 'register', 'logout'],
    actions: {
      storeToken: (_: unknown, { token }: { token: string }) => void effects.push(`store:${token}`),
      forgetToken: () => void effects.push('forget'),
      navigateAfterAuth: (_: unknown, { origin }: { origin: string }) => void effects.push(`navigate:${origin}`),
      navigateToLogin: (_: unknown, { ended }: { ended: string }) => void effects.push(`login:${ended}`),
    },
    clock: new SimulatedClock(),
  });
  return Object.assign(harness, { effects, tabs });
}
type Harness = ReturnType<typeof createHarness>;
type Executor = (harness: Harness, step: Step) => void | Promise<void>;

const send: Executor = (h, { event }) => h.send(event as LearnerAuthEvent);
const settle =
  (id: InvokeId): Executor =>
  (h, { event }) =>
    h.settle(id, event);
const executors = {
  'xstate.init': (h) => h.start(),
  LOGIN: send,
  REGISTER: send,
  SESSION_OPENED: send,
  LOGOUT: send,
  SESSION_EXPIRED: send,
  USER_UPDATED: send,
  RETRY: send,
  CLEAR_ERROR: send,
  TOKEN_CHANGED: (h, { event }) => {
    expect(h.tabs.sendBack, 'watchOtherTabs runs').not.toBeNull();
    h.tabs.sendBack!(event as LearnerAuthEvent);
  },
  'xstate.done.actor.restoreSession': settle('restoreSession'),
  'xstate.error.actor.restoreSession': settle('restoreSession'),
  'xstate.done.actor.login': settle('login'),
  'xstate.error.actor.login': settle('login'),
  'xstate.done.actor.register': settle('register'),
  'xstate.error.actor.register': settle('register'),
  'xstate.done.actor.logout': settle('logout'),
  'xstate.error.actor.logout': settle('logout'),
  [AFTER_CHECK.type]: (h) => h.wait(TIMEOUT_MS),
  [AFTER_LOGOUT.type]: (h) => h.wait(TIMEOUT_MS),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], Executor>;

const generated = generatePaths<typeof learnerAuthMachine, ModelEvent>(learnerAuthMachine, { events });
const paths = dropPrefixPaths([...generated.shortest, ...generated.transitions]) as Path[];

const stateOf = (snapshot: Snapshot): Resting =>
  (typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([k, v]) => `${k}.${String(v)}`)[0]) as Resting;

const walk = (path: Path) =>
  walkPath(path, {
    harness: createHarness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ effectsBefore: h.effects.length }),
    model: (previous: Expected | undefined, step) => model(previous, step),
    check: ({ harness: h, actual, expected, before: { effectsBefore }, where }) => {
      expect(stateOf(actual), `${where}: state`).toBe(expected.state);
      expect(actual.context.learner, `${where}: learner`).toEqual(expected.learner);
      expect(actual.context.errorOf, `${where}: failure of`).toBe(expected.errorOf);
      expect(actual.context.ended, `${where}: ended`).toBe(expected.ended);
      expect(h.effects.slice(effectsBefore), `${where}: side effects`).toEqual(expected.effects);
      const view = selectLearnerAuthView(actual);
      expect(view.isSignedIn, where).toBe(expected.state === 'signedIn');
      expect(view.isReady, where).toBe(expected.state !== 'checking');
    },
  });

describe('learner auth machine: generated paths', () => {
  it('the model lists every event, invoke and timer of the machine', () => {
    expect(invokeIds(learnerAuthMachine).sort()).toEqual(['login', 'logout', 'register', 'restoreSession']);
    // The machine-long watcher of the other tabs, invoked at the root (its event is TOKEN_CHANGED, explored below).
    expect(learnerAuthMachine.root.invoke.map((invoke) => invoke.id)).toEqual(['otherTabs']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of learnerAuthMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
    expect(LEARNER_REQUEST_TIMEOUT_MS).toBe(TIMEOUT_MS);
  });

  it('paths cover every state and take every event type', () => {
    expect([...allLeafStates(learnerAuthMachine)].sort()).toEqual(
      ['checking', 'guest.idle', 'guest.loggingIn', 'guest.registering', 'loggedOut', 'loggingOut', 'signedIn', 'unavailable'].sort(),
    );
    expectEveryStateCovered(learnerAuthMachine, [{ paths }], { transient: ['loggedOut'] });
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of learnerAuthMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('learner auth machine: pinned transitions', () => {
  it('a login failure shows on the login form only, and a new attempt clears it', async () => {
    const h = createHarness();
    h.start();
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: null });
    h.send({ type: 'LOGIN', credentials: { email: 'lea@example.test', password: 'nope-nope', staySignedIn: false } });
    await h.settle('login', { type: 'xstate.error.actor.login', error: wrong });
    expect(selectLearnerFormError('login')(h.snapshot())).toEqual(wrong);
    expect(selectLearnerFormError('register')(h.snapshot())).toBeNull();
    h.send({ type: 'REGISTER', registration: { email: 'lea@example.test', password: 'pw-123456', firstname: 'Léa' } });
    expect(selectLearnerFormError('login')(h.snapshot())).toBeNull();
    expect(h.inputs('register')).toEqual([{ email: 'lea@example.test', password: 'pw-123456', firstname: 'Léa' }]);
  });

  it('leaving (stopping the actor) aborts the running sign-out', async () => {
    const h = createHarness();
    h.start();
    await h.settle('restoreSession', { type: 'xstate.done.actor.restoreSession', output: lea });
    h.send({ type: 'LOGOUT' });
    h.actor.stop();
    expect(h.aborted).toEqual(['logout']);
  });
});

describe('createLearnerAuthActors', () => {
  it('watchOtherTabs sends TOKEN_CHANGED for each change another tab makes, and stops following when stopped', () => {
    let listener: ((present: boolean) => void) | null = null;
    let stopped = 0;
    const api = { getMe: async () => lea, login: async () => session('t', lea), register: async () => session('t', lea), logout: async () => undefined };
    const actors = createLearnerAuthActors(api, () => true, (onChange) => {
      listener = onChange;
      return () => void stopped++;
    });
    const received: LearnerAuthEvent[] = [];
    const parent = createActor(
      learnerAuthMachine.provide({ actors: { ...actors, restoreSession: fromCallback(() => undefined) as never } }),
      { inspect: (e) => void (e.type === '@xstate.event' && e.event.type === 'TOKEN_CHANGED' && received.push(e.event as LearnerAuthEvent)) },
    );
    parent.start();
    listener!(false);
    listener!(true);
    expect(received).toEqual([{ type: 'TOKEN_CHANGED', present: false }, { type: 'TOKEN_CHANGED', present: true }]);
    parent.stop();
    expect(stopped).toBe(1);
  });

  const run = async (hasToken: boolean, getMe: () => Promise<Learner>) => {
    const api = { getMe, login: async () => session('t', lea), register: async () => session('t', lea), logout: async () => undefined };
    const actor = createActor(createLearnerAuthActors(api, () => hasToken, () => () => undefined).restoreSession);
    const done = new Promise<unknown>((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: (error) => resolve({ error }) }));
    actor.start();
    return done;
  };
  it('restores nobody without a token or with a refused one, the learner otherwise; other failures are thrown', async () => {
    expect(await run(false, async () => lea)).toBeNull();
    expect(await run(true, async () => lea)).toEqual(lea);
    expect(await run(true, async () => Promise.reject({ ...wrong, status: 401 }))).toBeNull();
    expect(await run(true, async () => Promise.reject(offline))).toEqual({ error: offline });
  });
});
