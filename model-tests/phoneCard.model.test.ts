/**
 * Model-based tests of machines/phoneCard (ARCHITECTURE rule 7): xstate/graph paths over every state
 * and transition, for each input variant (asked; PERCENT plan; phone stored), each walked against a
 * REAL actor whose `save` actor is a controllable fake; plus hand-pinned transitions (hidden inputs,
 * the validation problems, the trimmed save, failure then retry, no CLOSE while saving) and the
 * actor factory.
 *
 * The context is small (the typed value comes from a handful of CHANGE variants), so paths are
 * generated over the full snapshot (value + context): every generated step is the real one.
 */
import { itForwardsOneCall } from './support/actorFactory';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createPhoneCardActors } from '../machines/phoneCard/phoneCard.actors';
import { phoneCardMachine, type PhoneCardEvent, type PhoneCardInput, type SavePhoneInput } from '../machines/phoneCard/phoneCard.machine';
import { selectPhoneCardView } from '../machines/phoneCard/phoneCard.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventVariants,
  type InitEvent,
  type ModelPath,
  type ModelStep,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type PhoneCardModelEvent = PhoneCardEvent | DoneActorEvent<'save', undefined> | ErrorActorEvent<'save'>;
type PhoneCardSnapshot = SnapshotFrom<typeof phoneCardMachine>;
type PhoneCardPath = ModelPath<PhoneCardSnapshot, PhoneCardModelEvent>;
type PhoneCardStep = ModelStep<PhoneCardSnapshot, PhoneCardModelEvent>;
type RestingState = 'editing' | 'saving' | 'saved' | 'closed' | 'hidden';
const TRANSIENT_STATES = ['starting'] as const;
const FINAL_STATES: readonly RestingState[] = ['closed', 'hidden'];

const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };

const change = (value: string) => ({ type: 'CHANGE', value }) as const;
const SUBMIT = { type: 'SUBMIT' } as const;
const CLOSE = { type: 'CLOSE' } as const;
const saved = { type: 'xstate.done.actor.save', output: undefined } as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.save', error }) as const;

const phoneCardEvents = {
  // Blank, too short, all zeros, valid with padding to trim.
  CHANGE: [change('   '), change('+123'), change('+0000000'), change(' +33612345678 ')],
  SUBMIT: [SUBMIT],
  CLOSE: [CLOSE],
  'xstate.done.actor.save': [saved],
  'xstate.error.actor.save': [failed(serverDown)],
} satisfies EventVariants<PhoneCardModelEvent>;

// ─── Oracles (hand-written from issue 4 and the contract pattern) ────────────────────────────────

const CONTRACT = /^\+(?!0+$)[0-9]{7,15}$/;
const problemOf = (value: string) => (value.trim() === '' ? 'required' : CONTRACT.test(value.trim()) ? null : 'format');
const asked = (input: PhoneCardInput) => input.plan !== 'PERCENT' && !input.phone?.trim();

/** The state value and context after a step, hand-written from the chart. */
function expectedAfter(from: PhoneCardSnapshot | undefined, step: PhoneCardStep, input: PhoneCardInput) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) {
    const context = { plan: input.plan, storedPhone: input.phone, value: '', problem: null, failure: null };
    return { value: asked(input) ? 'editing' : 'hidden', context };
  }
  const value = from.value as RestingState;
  const context = { ...from.context };
  switch (value) {
    case 'editing':
      if (event.type === 'CHANGE') return { value, context: { ...context, value: event.value, problem: null } };
      if (event.type === 'CLOSE') return { value: 'closed', context };
      if (event.type === 'SUBMIT') {
        const problem = problemOf(context.value);
        return problem ? { value, context: { ...context, problem } } : { value: 'saving', context: { ...context, problem: null, failure: null } };
      }
      break;
    case 'saving':
      if (event.type === 'xstate.done.actor.save') return { value: 'saved', context };
      if (event.type === 'xstate.error.actor.save') return { value: 'editing', context: { ...context, failure: event.error as Failure } };
      break;
    case 'saved':
      if (event.type === 'CLOSE') return { value: 'closed', context };
      break;
  }
  return { value, context };
}

/** What `save` must be called with on a step. */
function expectedSaves(from: PhoneCardSnapshot | undefined, step: PhoneCardStep): SavePhoneInput[] {
  if (step.event.type !== 'SUBMIT' || !from?.matches('editing') || problemOf(from.context.value) !== null) return [];
  return [{ phone: from.context.value.trim() }];
}

const viewFlags = {
  editing: { isVisible: true, isEditing: true, isSaving: false, isSaved: false },
  saving: { isVisible: true, isEditing: false, isSaving: true, isSaved: false },
  saved: { isVisible: true, isEditing: false, isSaving: false, isSaved: true },
  closed: { isVisible: false, isEditing: false, isSaving: false, isSaved: false },
  hidden: { isVisible: false, isEditing: false, isSaving: false, isSaved: false },
} satisfies Record<RestingState, Record<string, boolean>>;

function expectedView(snapshot: PhoneCardSnapshot) {
  const state = snapshot.value as RestingState;
  const editing = state === 'editing';
  return {
    ...viewFlags[state],
    value: snapshot.context.value,
    problem: editing ? snapshot.context.problem : null,
    failure: editing ? snapshot.context.failure : null,
  };
}

// ─── Harness: a real actor, the fake `save` settled by the test ──────────────────────────────────

function createPhoneCardHarness(input: PhoneCardInput) {
  return createActorHarness<typeof phoneCardMachine, 'save'>(phoneCardMachine, { actors: ['save'], input });
}
type PhoneCardHarness = ReturnType<typeof createPhoneCardHarness>;

type Executor = (harness: PhoneCardHarness, step: PhoneCardStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as PhoneCardEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  CHANGE: send,
  SUBMIT: send,
  CLOSE: send,
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<PhoneCardModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'asked (PRO, no phone stored)', input: { plan: 'PRO', phone: null } },
  { name: 'PERCENT plan', input: { plan: 'PERCENT', phone: null } },
  { name: 'phone stored (PERK)', input: { plan: 'PERK', phone: '+33612345678' } },
] as const satisfies ReadonlyArray<{ name: string; input: PhoneCardInput }>;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof phoneCardMachine, PhoneCardModelEvent>(phoneCardMachine, {
    events: phoneCardEvents,
    input: variant.input,
  });
  return { ...variant, paths: dropPrefixPaths([...shortest, ...transitions] as PhoneCardPath[]) };
});

const walk = (path: PhoneCardPath, input: PhoneCardInput) =>
  walkPath(path, {
    harness: () => createPhoneCardHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ savesBefore: h.inputs('save').length }),
    check: ({ harness: h, step, from, actual, before: { savesBefore }, where }) => {
      const [leaf] = leafStates(actual.value) as RestingState[];
      expect(actual.status, where).toBe(FINAL_STATES.includes(leaf!) ? 'done' : 'active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectPhoneCardView(actual), where).toEqual(expectedView(actual));
      expect(h.inputs('save').slice(savesBefore), `${where}: save input`).toEqual(expectedSaves(from, step));
    },
  });

describe('phone card machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(phoneCardMachine)).toEqual(['save']);
    const explored = new Set(flattenEvents(phoneCardEvents).map((e) => e.type));
    for (const type of phoneCardMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (all variants together) cover every state of the machine definition', () => {
    const all = [...allLeafStates(phoneCardMachine)].sort();
    expect(all).toEqual(['closed', 'editing', 'hidden', 'saved', 'saving', 'starting']);
    expectEveryStateCovered(phoneCardMachine, generated, { transient: TRANSIENT_STATES });
  });

  it('paths take every event type, show both problems and a failure, and close from editing and saved', () => {
    const [fresh] = generated;
    const taken = new Set(fresh!.paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of phoneCardMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
    const steps = fresh!.paths.flatMap((path) => path.steps);
    const problems = new Set(steps.map((s) => selectPhoneCardView(s.state).problem));
    expect([...problems].sort()).toEqual(['format', 'required', null].sort());
    expect(steps.some((s) => selectPhoneCardView(s.state).failure !== null)).toBe(true);
    const closedFrom = new Set(
      fresh!.paths.flatMap((path) => path.steps.flatMap((s, i) => (s.state.matches('closed') && i > 0 && !path.steps[i - 1]!.state.matches('closed') ? [String(path.steps[i - 1]!.state.value)] : []))),
    );
    expect([...closedFrom].sort()).toEqual(['editing', 'saved']);
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

function started(input: PhoneCardInput = { plan: 'PRO', phone: null }) {
  const h = createPhoneCardHarness(input);
  h.start();
  return h;
}

describe('phone card machine: pinned transitions', () => {
  it('PERCENT → hidden (final: not visible, takes no events, no call)', () => {
    for (const phone of [null, '+33612345678']) {
      const h = started({ plan: 'PERCENT', phone });
      expect(h.snapshot().value).toBe('hidden');
      expect(h.snapshot().status).toBe('done');
      expect(selectPhoneCardView(h.snapshot()).isVisible).toBe(false);
      for (const event of [change('+33612345678'), SUBMIT, CLOSE]) expect(h.snapshot().can(event)).toBe(false);
      expect(h.invocations).toEqual([]);
    }
  });

  it('a stored phone → hidden, on every paid plan', () => {
    for (const plan of ['PERK', 'PRO', 'EXPERT'] as const) {
      const h = started({ plan, phone: '+33612345678' });
      expect(h.snapshot().value).toBe('hidden');
      expect(selectPhoneCardView(h.snapshot()).isVisible).toBe(false);
    }
  });

  it('a paid plan without a phone (null or blank) → editing, empty, nothing flagged', () => {
    for (const input of [{ plan: 'PERK', phone: null }, { plan: 'EXPERT', phone: null }, { plan: 'PRO', phone: '  ' }] as const) {
      const h = started(input);
      expect(h.snapshot().value).toBe('editing');
      expect(selectPhoneCardView(h.snapshot())).toEqual({ isVisible: true, isEditing: true, isSaving: false, isSaved: false, value: '', problem: null, failure: null });
    }
  });

  it("'' → required; typing clears the problem", () => {
    const h = started();
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('editing');
    expect(selectPhoneCardView(h.snapshot()).problem).toBe('required');
    h.send(change('  '));
    expect(selectPhoneCardView(h.snapshot()).problem).toBeNull();
    h.send(SUBMIT);
    expect(selectPhoneCardView(h.snapshot()).problem).toBe('required');
    expect(h.invocations).toEqual([]);
  });

  it("'+123' → format; '+0000000' → format", () => {
    for (const value of ['+123', '+0000000']) {
      const h = started();
      h.send(change(value));
      h.send(SUBMIT);
      expect(h.snapshot().value).toBe('editing');
      expect(selectPhoneCardView(h.snapshot())).toMatchObject({ value, problem: 'format' });
      expect(h.invocations).toEqual([]);
    }
  });

  it("'  +33612345678 ' saves the trimmed value → saved (visible, closable) → CLOSE → closed", async () => {
    const h = started();
    h.send(change('  +33612345678 '));
    h.send(SUBMIT);
    expect(selectPhoneCardView(h.snapshot())).toMatchObject({ isSaving: true, isEditing: false, problem: null });
    expect(h.inputs('save')).toEqual([{ phone: '+33612345678' }]);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('saved');
    expect(h.snapshot().status).toBe('active');
    expect(selectPhoneCardView(h.snapshot())).toMatchObject({ isVisible: true, isSaved: true, failure: null });
    expect(h.snapshot().can(SUBMIT)).toBe(false);
    expect(h.snapshot().can(change('+1234567'))).toBe(false);
    h.send(CLOSE);
    expect(h.snapshot().value).toBe('closed');
    expect(h.snapshot().status).toBe('done');
    expect(selectPhoneCardView(h.snapshot()).isVisible).toBe(false);
    expect(h.errors).toEqual([]);
  });

  it('save failure: back to editing with the failure and the value; SUBMIT again retries (failure cleared) → saved', async () => {
    const h = started();
    h.send(change('+33612345678'));
    h.send(SUBMIT);
    await h.settle('save', failed(offline));
    expect(h.snapshot().value).toBe('editing');
    expect(selectPhoneCardView(h.snapshot())).toMatchObject({ isEditing: true, value: '+33612345678', failure: offline, problem: null });
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('saving');
    expect(h.snapshot().context.failure).toBeNull();
    await h.settle('save', failed(serverDown));
    expect(selectPhoneCardView(h.snapshot()).failure).toEqual(serverDown);
    h.send(SUBMIT);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('saved');
    expect(h.inputs('save')).toEqual([{ phone: '+33612345678' }, { phone: '+33612345678' }, { phone: '+33612345678' }]);
    expect(h.errors).toEqual([]);
  });

  it('CLOSE, CHANGE and SUBMIT are ignored while saving (the call is not aborted)', async () => {
    const h = started();
    h.send(change('+33612345678'));
    h.send(SUBMIT);
    expect(h.snapshot().can(CLOSE)).toBe(false);
    h.send(CLOSE);
    h.send(change('+1'));
    h.send(SUBMIT);
    expect(h.snapshot().value).toBe('saving');
    expect(h.snapshot().context.value).toBe('+33612345678');
    expect(h.inputs('save')).toHaveLength(1);
    expect(h.aborted).toEqual([]);
    expect(h.isPending('save')).toBe(true);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('saved');
  });

  it('CLOSE from editing closes without saving, even with a problem shown', () => {
    const h = started();
    h.send(change('+12'));
    h.send(SUBMIT);
    h.send(CLOSE);
    expect(h.snapshot().value).toBe('closed');
    expect(h.snapshot().status).toBe('done');
    expect(selectPhoneCardView(h.snapshot())).toMatchObject({ isVisible: false, problem: null });
    expect(h.invocations).toEqual([]);
  });

  it('the events are CHANGE, SUBMIT, CLOSE and the save answers', () => {
    expect([...phoneCardMachine.events].sort()).toEqual(['CHANGE', 'CLOSE', 'SUBMIT', 'xstate.done.actor.save', 'xstate.error.actor.save'].sort());
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createPhoneCardActors', () => {
  itForwardsOneCall({
    what: 'the phone',
    make: (call) => createPhoneCardActors({ savePhone: call }).save,
    input: { phone: '+33612345678' },
    arg: '+33612345678',
    failure: serverDown,
    lateFailure: offline,
  });
});
