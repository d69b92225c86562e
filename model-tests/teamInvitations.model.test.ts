/**
 * Model-based tests of machines/teamInvitations (the team page's invitations, issue 15): xstate/graph paths over
 * every state and transition, walked against a REAL actor whose calls are controllable fakes, each step checked
 * against an oracle written by hand from the chart; plus pinned transitions (no invite without a seat, a refused
 * invitation keeps the dialog) and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createTeamInvitationsActors } from '../machines/teamInvitations/teamInvitations.actors';
import {
  teamInvitationsMachine,
  type InvitationList,
  type TeamInvitation,
  type TeamInvitationsContext,
  type TeamInvitationsEvent,
} from '../machines/teamInvitations/teamInvitations.machine';
import { selectTeamInvitationsView } from '../machines/teamInvitations/teamInvitations.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  visitedStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { walkPath } from './support/walkPaths';

type Calls = 'load' | 'create' | 'resend' | 'update' | 'remove';
type ModelEvent =
  | TeamInvitationsEvent
  | DoneActorEvent<'load', InvitationList>
  | ErrorActorEvent<'load'>
  | DoneActorEvent<'create', TeamInvitation>
  | ErrorActorEvent<'create'>
  | DoneActorEvent<'resend', TeamInvitation>
  | ErrorActorEvent<'resend'>
  | DoneActorEvent<'update', TeamInvitation>
  | ErrorActorEvent<'update'>
  | DoneActorEvent<'remove', undefined>
  | ErrorActorEvent<'remove'>;
type Snapshot = SnapshotFrom<typeof teamInvitationsMachine>;
type Path = ModelPath<Snapshot, ModelEvent>;
type Step = ModelStep<Snapshot, ModelEvent>;
type State = 'loading' | 'failed' | 'idle' | 'inviting' | 'creating' | 'resending' | 'updating' | 'confirmingDelete' | 'deleting';

const at = '2026-11-27T10:00:00.000Z';
const pending: TeamInvitation = { uuid: 'a1', email: 'lea@example.test', role: 'TEACHER', status: 'PENDING', invited_by: null, created_at: at, sent_at: at, expires_at: at };
const withSeat: InvitationList = { data: [pending], seats: { total: 3, used: 1, left: 2 } };
const full: InvitationList = { data: [pending], seats: { total: 1, used: 1, left: 0 } };
const refused: Failure = { status: 409, code: 'CONFLICT', message: 'Cette adresse a déjà une invitation en cours.', fieldErrors: { email: ['déjà invitée'] } };

const done = <N extends Calls, O>(name: N, output: O) => ({ type: `xstate.done.actor.${name}`, output }) as const;
const error = <N extends Calls>(name: N) => ({ type: `xstate.error.actor.${name}`, error: refused }) as const;

const events = {
  RETRY: [{ type: 'RETRY' }],
  OPEN: [{ type: 'OPEN' }],
  CLOSE: [{ type: 'CLOSE' }],
  EDIT: [
    { type: 'EDIT', email: 'pas-une-adresse' },
    { type: 'EDIT', email: ' marc@example.test ', role: 'ANALYST' },
  ],
  SUBMIT: [{ type: 'SUBMIT' }],
  RESEND: [{ type: 'RESEND', uuid: 'a1' }, { type: 'RESEND', uuid: 'unknown' }],
  SET_ROLE: [{ type: 'SET_ROLE', uuid: 'a1', role: 'STAFF' }],
  DELETE: [{ type: 'DELETE', uuid: 'a1' }],
  CONFIRM: [{ type: 'CONFIRM' }],
  CANCEL: [{ type: 'CANCEL' }],
  'xstate.done.actor.load': [done('load', withSeat), done('load', full)],
  'xstate.error.actor.load': [error('load')],
  'xstate.done.actor.create': [done('create', pending)],
  'xstate.error.actor.create': [error('create')],
  'xstate.done.actor.resend': [done('resend', pending)],
  'xstate.error.actor.resend': [error('resend')],
  'xstate.done.actor.update': [done('update', pending)],
  'xstate.error.actor.update': [error('update')],
  'xstate.done.actor.remove': [done('remove', undefined)],
  'xstate.error.actor.remove': [error('remove')],
} satisfies EventVariants<ModelEvent>;

// ─── Oracle, from the chart ──
const INITIAL: TeamInvitationsContext = { invitations: [], seats: null, email: '', role: 'TEACHER', problem: null, target: null, targetRole: null, failure: null, notice: null };
const isAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

function expectedAfter(from: Snapshot | undefined, { event }: Step): { value: State; context: TeamInvitationsContext } {
  if (event.type === 'xstate.init' || !from) return { value: 'loading', context: INITIAL };
  const c = { ...from.context };
  const value = from.value as State;
  const known = 'uuid' in event && c.invitations.some((i) => i.uuid === event.uuid);
  switch (value) {
    case 'loading':
      if (event.type === 'xstate.done.actor.load') return { value: 'idle', context: { ...c, invitations: event.output.data, seats: event.output.seats } };
      if (event.type === 'xstate.error.actor.load') return { value: 'failed', context: { ...c, failure: event.error as Failure } };
      break;
    case 'failed':
      if (event.type === 'RETRY') return { value: 'loading', context: { ...c, failure: null } };
      break;
    case 'idle':
      if (event.type === 'OPEN' && (c.seats?.left ?? 0) > 0) return { value: 'inviting', context: { ...c, email: '', role: 'TEACHER', problem: null, failure: null, notice: null } };
      if (event.type === 'RESEND' && known) return { value: 'resending', context: { ...c, target: event.uuid, failure: null, notice: null } };
      if (event.type === 'SET_ROLE' && known) return { value: 'updating', context: { ...c, target: event.uuid, targetRole: event.role, failure: null, notice: null } };
      if (event.type === 'DELETE' && known) return { value: 'confirmingDelete', context: { ...c, target: event.uuid, failure: null, notice: null } };
      break;
    case 'inviting':
      if (event.type === 'EDIT') return { value, context: { ...c, email: event.email ?? c.email, role: event.role ?? c.role, problem: null } };
      if (event.type === 'SUBMIT') return isAddress(c.email) ? { value: 'creating', context: { ...c, failure: null } } : { value, context: { ...c, problem: 'email' } };
      if (event.type === 'CLOSE') return { value: 'idle', context: { ...c, failure: null, problem: null } };
      break;
    case 'creating':
      if (event.type === 'xstate.done.actor.create') return { value: 'loading', context: { ...c, notice: 'created' } };
      if (event.type === 'xstate.error.actor.create') return { value: 'inviting', context: { ...c, failure: event.error as Failure } };
      break;
    case 'resending':
      if (event.type === 'xstate.done.actor.resend') return { value: 'loading', context: { ...c, notice: 'resent', target: null } };
      if (event.type === 'xstate.error.actor.resend') return { value: 'idle', context: { ...c, failure: event.error as Failure, target: null } };
      break;
    case 'updating':
      if (event.type === 'xstate.done.actor.update') return { value: 'loading', context: { ...c, notice: 'updated', target: null, targetRole: null } };
      if (event.type === 'xstate.error.actor.update') return { value: 'idle', context: { ...c, failure: event.error as Failure, target: null, targetRole: null } };
      break;
    case 'confirmingDelete':
      if (event.type === 'CONFIRM') return { value: 'deleting', context: { ...c, failure: null } };
      if (event.type === 'CANCEL') return { value: 'idle', context: { ...c, target: null, failure: null } };
      break;
    case 'deleting':
      if (event.type === 'xstate.done.actor.remove') return { value: 'loading', context: { ...c, notice: 'deleted', target: null } };
      if (event.type === 'xstate.error.actor.remove') return { value: 'confirmingDelete', context: { ...c, failure: event.error as Failure } };
      break;
  }
  return { value, context: c };
}

/** The call a step starts, with its input. */
function expectedCall(from: Snapshot | undefined, to: { value: State; context: TeamInvitationsContext }): [Calls, unknown] | null {
  const before = from?.value as State | undefined;
  if (to.value === before) return null;
  switch (to.value) {
    case 'loading':
      return ['load', undefined];
    case 'creating':
      return ['create', { email: to.context.email.trim(), role: to.context.role }];
    case 'resending':
      return ['resend', { uuid: to.context.target }];
    case 'updating':
      return ['update', { uuid: to.context.target, role: to.context.targetRole }];
    case 'deleting':
      return ['remove', { uuid: to.context.target }];
    default:
      return null;
  }
}

const CALLS: Calls[] = ['load', 'create', 'resend', 'update', 'remove'];
const createHarness = () => createActorHarness<typeof teamInvitationsMachine, Calls>(teamInvitationsMachine, { actors: CALLS });
type Harness = ReturnType<typeof createHarness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as TeamInvitationsEvent);
const settle =
  (name: Calls): Executor =>
  (h, { event }) =>
    h.settle(name, event as never);
const executors = {
  'xstate.init': (h) => h.start(),
  RETRY: send,
  OPEN: send,
  CLOSE: send,
  EDIT: send,
  SUBMIT: send,
  RESEND: send,
  SET_ROLE: send,
  DELETE: send,
  CONFIRM: send,
  CANCEL: send,
  'xstate.done.actor.load': settle('load'),
  'xstate.error.actor.load': settle('load'),
  'xstate.done.actor.create': settle('create'),
  'xstate.error.actor.create': settle('create'),
  'xstate.done.actor.resend': settle('resend'),
  'xstate.error.actor.resend': settle('resend'),
  'xstate.done.actor.update': settle('update'),
  'xstate.error.actor.update': settle('update'),
  'xstate.done.actor.remove': settle('remove'),
  'xstate.error.actor.remove': settle('remove'),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof teamInvitationsMachine, ModelEvent>(teamInvitationsMachine, { events });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

const counts = (h: Harness) => Object.fromEntries(CALLS.map((name) => [name, h.inputs(name).length])) as Record<Calls, number>;

const walk = (path: Path) =>
  walkPath(path, {
    harness: () => createHarness(),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => counts(h),
    check: ({ harness: h, step, from, actual, before, where }) => {
      const expected = expectedAfter(from, step);
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expected);
      const started = CALLS.flatMap((name) => h.inputs(name).slice(before[name]).map((input) => [name, input]));
      const call = expectedCall(from, expected);
      expect(started, `${where}: calls`).toEqual(call ? [call] : []);
      const view = selectTeamInvitationsView(actual);
      expect(view.dialogOpen, where).toBe(expected.value === 'inviting' || expected.value === 'creating');
      expect(view.noSeatLeft, where).toBe(expected.context.seats?.left === 0);
    },
  });

describe('team invitations machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(teamInvitationsMachine).sort()).toEqual([...CALLS].sort());
    const explored = new Set(flattenEvents<ModelEvent>(events).map((e) => e.type));
    for (const t of teamInvitationsMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('paths cover every state and take every event type', () => {
    const all = [...allLeafStates(teamInvitationsMachine)].sort();
    expect(all).toEqual(['confirmingDelete', 'creating', 'deleting', 'failed', 'idle', 'inviting', 'loading', 'resending', 'updating']);
    const visited = new Set(paths.flatMap((path) => [...visitedStates(teamInvitationsMachine, path)]));
    expect([...visited].sort()).toEqual(all);
    const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const t of teamInvitationsMachine.events) expect(taken, `no path takes ${t}`).toContain(t);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('team invitations machine: pinned transitions', () => {
  async function loaded(list: InvitationList) {
    const h = createHarness();
    h.start();
    await h.settle('load', done('load', list));
    return h;
  }

  it('no seat left: OPEN does nothing (the page offers paid seats instead)', async () => {
    const h = await loaded(full);
    expect(h.snapshot().can({ type: 'OPEN' })).toBe(false);
    expect(selectTeamInvitationsView(h.snapshot())).toMatchObject({ noSeatLeft: true, dialogOpen: false });
  });

  it('a refused invitation keeps the dialog and its fields, with the failure; a fixed one reloads the list', async () => {
    const h = await loaded(withSeat);
    h.send({ type: 'OPEN' });
    h.send({ type: 'EDIT', email: 'lea@example.test', role: 'ADMIN' });
    h.send({ type: 'SUBMIT' });
    await h.settle('create', error('create'));
    expect(selectTeamInvitationsView(h.snapshot())).toMatchObject({ dialogOpen: true, email: 'lea@example.test', role: 'ADMIN', failure: refused });
    h.send({ type: 'EDIT', email: 'marc@example.test' });
    h.send({ type: 'SUBMIT' });
    expect(h.inputs('create').at(-1)).toEqual({ email: 'marc@example.test', role: 'ADMIN' });
    await h.settle('create', done('create', pending));
    expect(h.snapshot().value).toBe('loading');
    await h.settle('load', done('load', withSeat));
    expect(selectTeamInvitationsView(h.snapshot())).toMatchObject({ notice: 'created', dialogOpen: false, failure: null });
  });

  it('an action on an invitation not in the list is ignored', async () => {
    const h = await loaded(withSeat);
    for (const event of [{ type: 'RESEND', uuid: 'zz' }, { type: 'DELETE', uuid: 'zz' }, { type: 'SET_ROLE', uuid: 'zz', role: 'STAFF' }] as const) {
      expect(h.snapshot().can(event)).toBe(false);
    }
  });
});

describe('createTeamInvitationsActors', () => {
  itForwardsOneCall({
    what: 'the invitation to cancel',
    make: (call) =>
      createTeamInvitationsActors({
        list: () => Promise.reject(new Error('unused')),
        create: () => Promise.reject(new Error('unused')),
        resend: () => Promise.reject(new Error('unused')),
        update: () => Promise.reject(new Error('unused')),
        remove: (uuid, signal) => call(uuid, signal),
      }).remove,
    input: { uuid: 'a1' },
    arg: 'a1',
    failure: refused,
    lateFailure: refused,
  });
});
