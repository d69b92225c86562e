/**
 * Model-based tests of machines/communityActivation (ARCHITECTURE rule 7): xstate/graph paths over every
 * state and transition, for a manager on PRO, a manager on a smaller plan and a teacher, each walked
 * against a REAL actor whose `setEnabled` is a controllable fake and whose `enabled` / `disabled` actions are
 * recorded; plus hand-pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createCommunityActivationActors } from '../machines/communityActivation/communityActivation.actors';
import {
  communityActivationMachine,
  type CommunityActivationEvent,
  type CommunityActivationInput,
} from '../machines/communityActivation/communityActivation.machine';
import { selectCommunityActivationView } from '../machines/communityActivation/communityActivation.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type ActivationModelEvent = CommunityActivationEvent | DoneActorEvent<'setEnabled', undefined> | ErrorActorEvent<'setEnabled'>;
type ActivationSnapshot = SnapshotFrom<typeof communityActivationMachine>;
type ActivationPath = ModelPath<ActivationSnapshot, ActivationModelEvent>;
type ActivationStep = ModelStep<ActivationSnapshot, ActivationModelEvent>;
type State = 'closed' | 'offering' | 'enabling' | 'confirmingDisable' | 'disabling';

const refused: Failure = { status: 403, code: 'PLAN_REQUIRED', message: 'Cette fonctionnalité nécessite une offre supérieure.', fieldErrors: {} };
const done = { type: 'xstate.done.actor.setEnabled', output: undefined } as const;
const failed = { type: 'xstate.error.actor.setEnabled', error: refused } as const;

const events = {
  OPEN: [{ type: 'OPEN' }],
  ENABLE: [{ type: 'ENABLE' }],
  ASK_DISABLE: [{ type: 'ASK_DISABLE' }],
  CONFIRM: [{ type: 'CONFIRM' }],
  CLOSE: [{ type: 'CLOSE' }],
  'xstate.done.actor.setEnabled': [done],
  'xstate.error.actor.setEnabled': [failed],
} satisfies EventVariants<ActivationModelEvent>;

const viewers = [
  { name: 'an owner on PRO', input: { planAllows: true, canManage: true } },
  { name: 'an owner on a plan below PRO', input: { planAllows: false, canManage: true } },
  { name: 'a teacher', input: { planAllows: true, canManage: false } },
] as const satisfies ReadonlyArray<{ name: string; input: CommunityActivationInput }>;

// ─── Oracles, from the chart ─────────────────────────────────────────────────────────────────────

function expectedAfter(from: ActivationSnapshot | undefined, step: ActivationStep, input: CommunityActivationInput): { value: State; failure: Failure | null } {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) return { value: 'closed', failure: null };
  const value = from.value as State;
  const failure = from.context.failure;
  switch (value) {
    case 'closed':
      if (event.type === 'OPEN') return { value: 'offering', failure: null };
      if (event.type === 'ASK_DISABLE' && input.canManage) return { value: 'confirmingDisable', failure: null };
      break;
    case 'offering':
      if (event.type === 'ENABLE' && input.planAllows && input.canManage) return { value: 'enabling', failure: null };
      if (event.type === 'CLOSE') return { value: 'closed', failure };
      break;
    case 'enabling':
      if (event.type === 'xstate.done.actor.setEnabled') return { value: 'closed', failure: null };
      if (event.type === 'xstate.error.actor.setEnabled') return { value: 'offering', failure: refused };
      break;
    case 'confirmingDisable':
      if (event.type === 'CONFIRM') return { value: 'disabling', failure: null };
      if (event.type === 'CLOSE') return { value: 'closed', failure };
      break;
    case 'disabling':
      if (event.type === 'xstate.done.actor.setEnabled') return { value: 'closed', failure: null };
      if (event.type === 'xstate.error.actor.setEnabled') return { value: 'confirmingDisable', failure: refused };
      break;
  }
  return { value, failure };
}

const expectedView = (value: State, context: ActivationSnapshot['context']) => {
  const modalOpen = value === 'offering' || value === 'enabling';
  const confirmOpen = value === 'confirmingDisable' || value === 'disabling';
  return {
    modalOpen,
    offer: !context.canManage ? 'askOwner' : context.planAllows ? 'launch' : 'upgrade',
    isEnabling: value === 'enabling',
    confirmOpen,
    isDisabling: value === 'disabling',
    failure: modalOpen || confirmOpen ? context.failure : null,
  };
};

// ─── Harness ───────────────────────────────────────────────────────────────────────────────────

function createHarness(input: CommunityActivationInput) {
  const effects: string[] = [];
  const h = createActorHarness<typeof communityActivationMachine, 'setEnabled'>(communityActivationMachine, {
    actors: ['setEnabled'],
    actions: { enabled: () => void effects.push('enabled'), disabled: () => void effects.push('disabled') },
    input,
  });
  return Object.assign(h, { effects });
}
type Harness = ReturnType<typeof createHarness>;
type Executor = (h: Harness, step: ActivationStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as CommunityActivationEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  OPEN: send,
  ENABLE: send,
  ASK_DISABLE: send,
  CONFIRM: send,
  CLOSE: send,
  'xstate.done.actor.setEnabled': (h, { event }) => h.settle('setEnabled', event),
  'xstate.error.actor.setEnabled': (h, { event }) => h.settle('setEnabled', event),
} satisfies Record<ActivationModelEvent['type'] | InitEvent['type'], Executor>;

const runs = viewers.map(({ name, input }) => {
  const { shortest, transitions } = generatePaths<typeof communityActivationMachine, ActivationModelEvent>(communityActivationMachine, { events, input });
  return { name, input, paths: dropPrefixPaths([...shortest, ...transitions] as ActivationPath[]) };
});

describe('community activation machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(communityActivationMachine)).toEqual(['setEnabled', 'setEnabled']);
    const explored = new Set(flattenEvents<ActivationModelEvent>(events).map((e) => e.type));
    for (const t of communityActivationMachine.events) expect(explored, `event ${t} is not explored`).toContain(t);
  });

  it('the paths of the three viewers reach and rest in every state', () => {
    expectEveryStateCovered(communityActivationMachine, runs);
  });

  describe.each(runs)('$name', ({ input, paths }) => {
    it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
      await walkPath(path, {
        harness: () => createHarness(input),
        execute: (h, step) => executors[step.event.type](h, step),
        mark: (h) => ({ calls: h.inputs('setEnabled').length, effects: h.effects.length }),
        check: ({ harness: h, step, from, actual, before, where }) => {
          const expected = expectedAfter(from, step, input);
          expect({ value: actual.value, failure: actual.context.failure }, `${where}: the chart`).toEqual(expected);
          expect(selectCommunityActivationView(actual), where).toEqual(expectedView(actual.value as State, actual.context));
          const state = from?.value as State | undefined;
          const call = step.event.type === 'ENABLE' && state === 'offering' && actual.value === 'enabling' ? [{ enabled: true }] : step.event.type === 'CONFIRM' && state === 'confirmingDisable' ? [{ enabled: false }] : [];
          expect(h.inputs('setEnabled').slice(before.calls), `${where}: calls`).toEqual(call);
          const effect =
            step.event.type === 'xstate.done.actor.setEnabled' ? [state === 'enabling' ? 'enabled' : 'disabled'] : [];
          expect(h.effects.slice(before.effects), `${where}: effects`).toEqual(effect);
        },
      });
    });
  });
});

describe('community activation machine: pinned transitions', () => {
  it('an owner on PRO launches: the store is switched on, then `enabled` (onboarding) runs once', async () => {
    const h = createHarness({ planAllows: true, canManage: true });
    h.start();
    h.send({ type: 'OPEN' });
    expect(selectCommunityActivationView(h.snapshot())).toMatchObject({ modalOpen: true, offer: 'launch' });
    h.send({ type: 'ENABLE' });
    expect(h.inputs('setEnabled')).toEqual([{ enabled: true }]);
    expect(h.snapshot().can({ type: 'CLOSE' })).toBe(false);
    await h.settle('setEnabled', done);
    expect(h.snapshot().value).toBe('closed');
    expect(h.effects).toEqual(['enabled']);
  });

  it('below PRO the modal offers the plans and ENABLE does nothing', () => {
    const h = createHarness({ planAllows: false, canManage: true });
    h.start();
    h.send({ type: 'OPEN' });
    expect(selectCommunityActivationView(h.snapshot()).offer).toBe('upgrade');
    h.send({ type: 'ENABLE' });
    expect(h.snapshot().value).toBe('offering');
    expect(h.inputs('setEnabled')).toEqual([]);
  });

  it('a refused switch keeps the modal open with the reason; a retry clears it', async () => {
    const h = createHarness({ planAllows: true, canManage: true });
    h.start();
    h.send({ type: 'OPEN' });
    h.send({ type: 'ENABLE' });
    await h.settle('setEnabled', failed);
    expect(selectCommunityActivationView(h.snapshot())).toMatchObject({ modalOpen: true, failure: refused });
    h.send({ type: 'ENABLE' });
    expect(selectCommunityActivationView(h.snapshot()).failure).toBeNull();
  });

  it('disabling asks first; cancel changes nothing; confirm switches off and runs `disabled`', async () => {
    const h = createHarness({ planAllows: true, canManage: true });
    h.start();
    h.send({ type: 'ASK_DISABLE' });
    expect(selectCommunityActivationView(h.snapshot()).confirmOpen).toBe(true);
    h.send({ type: 'CLOSE' });
    expect(h.inputs('setEnabled')).toEqual([]);
    h.send({ type: 'ASK_DISABLE' });
    h.send({ type: 'CONFIRM' });
    expect(h.inputs('setEnabled')).toEqual([{ enabled: false }]);
    await h.settle('setEnabled', done);
    expect(h.effects).toEqual(['disabled']);
  });

  it('a teacher cannot ask to disable', () => {
    const h = createHarness({ planAllows: true, canManage: false });
    h.start();
    h.send({ type: 'ASK_DISABLE' });
    expect(h.snapshot().value).toBe('closed');
  });
});

describe('createCommunityActivationActors', () => {
  itForwardsOneCall({
    what: 'the switch',
    make: (call) => createCommunityActivationActors(call).setEnabled,
    input: { enabled: true },
    arg: true,
    failure: refused,
    lateFailure: refused,
  });
});
