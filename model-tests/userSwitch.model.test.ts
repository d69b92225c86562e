/**
 * Model-based tests of machines/userSwitch (ARCHITECTURE rule 7): a platform admin's switch to a user and the way
 * back. Generated paths over every state, from both starts (the operations page's instance and the banner's, started
 * while an admin's session is kept aside), walked against a real actor whose `switchToUser` and
 * `endSwitchedSession` are controllable fakes and whose `enterSession` / `restoreAdmin` are recorded; the oracle is
 * the chart, written again here.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { userSwitchMachine, type UserSwitchEvent } from '../machines/userSwitch/userSwitch.machine';
import { selectUserSwitchView } from '../machines/userSwitch/userSwitch.selectors';
import { describePath, dropPrefixPaths, generatePaths, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ModelEvent =
  | UserSwitchEvent
  | DoneActorEvent<'switchToUser', { token: string }>
  | ErrorActorEvent<'switchToUser'>
  | DoneActorEvent<'endSwitchedSession', undefined>
  | ErrorActorEvent<'endSwitchedSession'>;
type Snapshot = SnapshotFrom<typeof userSwitchMachine>;
type Step = ModelStep<Snapshot, ModelEvent>;

const TOKEN = 'switched-session-token';
const owner = { uuid: 'u-1', email: 'owner@example.test' };
const notFound: Failure = { status: 404, code: 'NOT_FOUND', message: 'Introuvable', fieldErrors: {} };
const events = {
  SWITCH: [{ type: 'SWITCH', target: owner }],
  RETURN: [{ type: 'RETURN' }],
  'xstate.done.actor.switchToUser': [{ type: 'xstate.done.actor.switchToUser', output: { token: TOKEN } }],
  'xstate.error.actor.switchToUser': [{ type: 'xstate.error.actor.switchToUser', error: notFound }],
  'xstate.done.actor.endSwitchedSession': [{ type: 'xstate.done.actor.endSwitchedSession', output: undefined }],
  'xstate.error.actor.endSwitchedSession': [{ type: 'xstate.error.actor.endSwitchedSession', error: notFound }],
} satisfies EventVariants<ModelEvent>;

interface Expected {
  state: string;
  failure: Failure | null;
  entered: string[];
  restored: number;
}

/** The chart, from the state before the step: where it goes, what it keeps, which effects run. */
function expected(from: Snapshot | undefined, { event }: Step, resumed: boolean): Expected {
  if (!from) return { state: resumed ? 'switched' : 'idle', failure: null, entered: [], restored: 0 };
  const at = String(from.value);
  const stay = { state: at, failure: at === 'idle' ? from.context.failure : null, entered: [], restored: 0 };
  if (at === 'idle' && event.type === 'SWITCH') return { state: 'switching', failure: null, entered: [], restored: 0 };
  if (at === 'switching' && event.type === 'xstate.done.actor.switchToUser') return { state: 'switched', failure: null, entered: [TOKEN], restored: 0 };
  if (at === 'switching' && event.type === 'xstate.error.actor.switchToUser') return { state: 'idle', failure: notFound, entered: [], restored: 0 };
  if (at === 'switched' && event.type === 'RETURN') return { state: 'returning', failure: null, entered: [], restored: 0 };
  // The switched session is over whether the server ended it or not: the admin gets their account back.
  if (at === 'returning' && (event.type === 'xstate.done.actor.endSwitchedSession' || event.type === 'xstate.error.actor.endSwitchedSession')) {
    return { state: 'idle', failure: from.context.failure, entered: [], restored: 1 };
  }
  return stay;
}

const createHarness = (resumed: boolean) => {
  const entered: string[] = [];
  let restored = 0;
  const harness = createActorHarness<typeof userSwitchMachine, 'switchToUser' | 'endSwitchedSession'>(userSwitchMachine, {
    actors: ['switchToUser', 'endSwitchedSession'],
    actions: { enterSession: (_: unknown, params: { token: string }) => void entered.push(params.token), restoreAdmin: () => void restored++ },
    input: { switched: resumed },
  });
  return Object.assign(harness, { entered, restored: () => restored });
};
type Harness = ReturnType<typeof createHarness>;
const executors = {
  'xstate.init': (h) => h.start(),
  SWITCH: (h, { event }) => h.send(event as UserSwitchEvent),
  RETURN: (h) => h.send({ type: 'RETURN' }),
  'xstate.done.actor.switchToUser': (h, { event }) => h.settle('switchToUser', event),
  'xstate.error.actor.switchToUser': (h, { event }) => h.settle('switchToUser', event),
  'xstate.done.actor.endSwitchedSession': (h, { event }) => h.settle('endSwitchedSession', event),
  'xstate.error.actor.endSwitchedSession': (h, { event }) => h.settle('endSwitchedSession', event),
} satisfies Record<ModelEvent['type'] | InitEvent['type'], (h: Harness, step: Step) => unknown>;

const pathsFrom = (resumed: boolean) => {
  const generated = generatePaths<typeof userSwitchMachine, ModelEvent>(userSwitchMachine, { events, input: { switched: resumed } });
  return dropPrefixPaths([...generated.shortest, ...generated.transitions]) as ModelPath<Snapshot, ModelEvent>[];
};
const starts = [false, true].map((resumed) => ({ resumed, paths: pathsFrom(resumed) }));

describe('user switch machine: generated paths', () => {
  it('cover every state from the two starts', () => {
    expectEveryStateCovered(
      userSwitchMachine,
      starts.map(({ resumed, paths }) => ({ paths, input: { switched: resumed } })),
      // `starting` only picks the first state from the input (an eventless transition).
      { transient: ['starting'] },
    );
  });

  const cases = starts.flatMap(({ resumed, paths }) => paths.map((path, i) => [`${resumed ? 'resumed' : 'fresh'} #${i + 1} ${describePath(path)}`, resumed, path] as const));
  it.each(cases)('%s', async (_, resumed, path) => {
    await walkPath(path, {
      harness: () => createHarness(resumed),
      execute: (h, step) => executors[step.event.type](h, step),
      mark: (h) => ({ entered: h.entered.length, restored: h.restored() }),
      check: ({ harness: h, step, from, actual, before, where }) => {
        const want = expected(from, step, resumed);
        expect(String(actual.value), where).toBe(want.state);
        const view = selectUserSwitchView(actual);
        expect(view.failure, `${where}: failure shown`).toEqual(want.state === 'idle' ? want.failure : null);
        expect(view.isSwitched, where).toBe(want.state === 'switched');
        expect(h.entered.slice(before.entered), `${where}: session entered`).toEqual(want.entered);
        expect(h.restored() - before.restored, `${where}: admin restored`).toBe(want.restored);
      },
    });
  });
});

describe('user switch machine: pinned transitions', () => {
  it('asks the server for the target, shows the busy row, and enters the session it answers', async () => {
    const h = createHarness(false);
    h.start();
    h.send({ type: 'SWITCH', target: owner });
    expect(h.inputs('switchToUser')).toEqual([owner]);
    expect(selectUserSwitchView(h.snapshot())).toMatchObject({ isSwitching: true, busyUuid: 'u-1' });
    h.send({ type: 'SWITCH', target: { uuid: 'u-2', email: 'other@example.test' } });
    expect(h.inputs('switchToUser')).toHaveLength(1);
    await h.settle('switchToUser', { type: 'xstate.done.actor.switchToUser', output: { token: TOKEN } });
    expect(h.entered).toEqual([TOKEN]);
  });

  it('a refused switch enters nothing and shows why; the next one starts clean', async () => {
    const h = createHarness(false);
    h.start();
    h.send({ type: 'SWITCH', target: owner });
    await h.settle('switchToUser', { type: 'xstate.error.actor.switchToUser', error: notFound });
    expect(selectUserSwitchView(h.snapshot())).toMatchObject({ isSwitching: false, failure: notFound });
    h.send({ type: 'SWITCH', target: owner });
    expect(selectUserSwitchView(h.snapshot()).failure).toBeNull();
    expect(h.entered).toEqual([]);
  });
});
