/**
 * Model-based tests of machines/request (ARCHITECTURE rule 7): xstate/graph paths over every state
 * and transition, with and without `initialInput`, walked against a real actor whose `submit`
 * actor is a controllable fake; plus hand-pinned transitions.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { requestMachine, type RequestEvent } from '../machines/request/request.machine';
import { selectRequestView } from '../machines/request/request.selectors';
import {
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

type RequestModelEvent = RequestEvent | DoneActorEvent<'submit', { message?: string } | undefined> | ErrorActorEvent<'submit'>;
type RequestSnapshot = SnapshotFrom<typeof requestMachine>;
type RequestPath = ModelPath<RequestSnapshot, RequestModelEvent>;
type RequestStep = ModelStep<RequestSnapshot, RequestModelEvent>;
type RequestRestingState = 'idle' | 'submitting' | 'succeeded';
const REQUEST_TRANSIENT_STATES = ['starting'] as const;

const invalidEmail: Failure = { status: 422, code: 'VALIDATION', message: 'Données invalides', fieldErrors: { email: ['Adresse invalide'] } };
const formInput = { email: 'trainer@demo.test' };
const linkInput = { email: 'trainer@demo.test', token: 'activation-token' };

const requestEvents = {
  SUBMIT: [{ type: 'SUBMIT', input: formInput }],
  RESET: [{ type: 'RESET' }],
  CLEAR_ERROR: [{ type: 'CLEAR_ERROR' }],
  'xstate.done.actor.submit': [
    { type: 'xstate.done.actor.submit', output: { message: 'Un e-mail vient de vous être envoyé.' } },
    { type: 'xstate.done.actor.submit', output: undefined },
  ],
  'xstate.error.actor.submit': [{ type: 'xstate.error.actor.submit', error: invalidEmail }],
} satisfies EventVariants<RequestModelEvent>;

// ─── Harness: a real actor, the fake `submit` settled by the test ────────────────────────────────

function createRequestHarness(input: { initialInput?: unknown } | undefined) {
  return createActorHarness<typeof requestMachine, 'submit'>(requestMachine, { actors: ['submit'], input });
}
type RequestHarness = ReturnType<typeof createRequestHarness>;

type Executor = (harness: RequestHarness, step: RequestStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as RequestEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  SUBMIT: send,
  RESET: send,
  CLEAR_ERROR: send,
  'xstate.done.actor.submit': (h, { event }) => h.settle('submit', event),
  'xstate.error.actor.submit': (h, { event }) => h.settle('submit', event),
} satisfies Record<RequestModelEvent['type'] | InitEvent['type'], Executor>;

/** What `submit` must be called with on a step (hand-written from the chart). */
function expectedSubmissions(from: RequestSnapshot | undefined, step: RequestStep, initialInput: unknown): unknown[] {
  const { event } = step;
  if (event.type === 'xstate.init') return initialInput === undefined ? [] : [initialInput];
  if (event.type === 'SUBMIT' && (from?.matches('idle') || from?.matches('succeeded'))) return [event.input];
  return [];
}

const viewFlags = {
  idle: { isSubmitting: false, hasSucceeded: false },
  submitting: { isSubmitting: true, hasSucceeded: false },
  succeeded: { isSubmitting: false, hasSucceeded: true },
} satisfies Record<RequestRestingState, { isSubmitting: boolean; hasSucceeded: boolean }>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'without initialInput', input: undefined },
  { name: 'with initialInput (a followed link)', input: { initialInput: linkInput } },
] as const;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths(requestMachine, { events: requestEvents, input: variant.input });
  return { ...variant, shortest, paths: dropPrefixPaths([...shortest, ...transitions]) as RequestPath[] };
});

/** What the reference model keeps: the resting state and the context the chart gives it. */
interface RequestExpected {
  state: RequestRestingState;
  context: RequestSnapshot['context'];
}

/**
 * The reference model: the request chart written again by hand (starting submits at once with
 * `initialInput`; a new attempt forgets the previous outcome), advanced from the previous expected
 * state, never from the actor's snapshot.
 */
const requestReference =
  (initialInput: unknown) =>
  (previous: RequestExpected | undefined, { event }: RequestStep): RequestExpected => {
    if (!previous) {
      const context = { error: null, message: null, initialInput };
      return { state: initialInput === undefined ? 'idle' : 'submitting', context };
    }
    const { state, context } = previous;
    const to = (next: RequestRestingState, patch: Partial<RequestExpected['context']> = {}): RequestExpected => ({ state: next, context: { ...context, ...patch } });
    switch (event.type) {
      case 'xstate.init':
        return previous;
      case 'SUBMIT':
        return state === 'submitting' ? previous : to('submitting', { error: null, message: null });
      case 'CLEAR_ERROR':
        return state === 'idle' ? to('idle', { error: null }) : previous;
      case 'RESET':
        return state === 'succeeded' ? to('idle', { message: null }) : previous;
      case 'xstate.done.actor.submit':
        return to('succeeded', { message: event.output?.message ?? null });
      case 'xstate.error.actor.submit':
        return to('idle', { error: event.error as Failure });
    }
  };

const walk = (path: RequestPath, input: { initialInput?: unknown } | undefined) =>
  walkPath(path, {
    harness: () => createRequestHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => h.inputs('submit').length,
    model: requestReference(input?.initialInput),
    check: ({ harness: h, step, from, actual, before, expected, where }) => {
      expect(actual.status, where).toBe('active');
      expect(actual.value, `${where}: the reference model`).toBe(expected.state);
      expect(actual.context, `${where}: the reference model`).toEqual(expected.context);
      expect(selectRequestView(actual), where).toEqual({ ...viewFlags[expected.state], error: expected.context.error, message: expected.context.message });
      expect(h.inputs('submit').slice(before), `${where}: submit input`).toEqual(expectedSubmissions(from, step, input?.initialInput));
    },
  });

describe('request machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(requestMachine)).toEqual(['submit']);
    const explored = new Set(flattenEvents(requestEvents).map((e) => e.type));
    for (const type of requestMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (both variants together) cover every state of the machine definition', () => {
    expectEveryStateCovered(requestMachine, generated, { transient: REQUEST_TRANSIENT_STATES });
  });

  it('each variant alone reaches every resting state and takes every event type', () => {
    for (const { paths } of generated) {
      const resting = new Set(paths.flatMap((path) => path.steps.flatMap((s) => leafStates(s.state.value))));
      expect([...resting].sort()).toEqual(Object.keys(viewFlags).sort());
      const taken = new Set(paths.flatMap((path) => path.steps.map((s) => s.event.type)));
      for (const type of requestMachine.events) expect(taken).toContain(type);
    }
  });

  for (const { name, input, paths } of generated) {
    describe(name, () => {
      it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
        await walk(path, input);
      });
    });
  }
});

// ─── Hand-pinned transitions ─────────────────────────────────────────────────────────────────────

const done = (message?: string) => ({ type: 'xstate.done.actor.submit', output: message === undefined ? undefined : { message } }) as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.submit', error }) as const;

describe('request machine: pinned transitions', () => {
  it('starts idle without initialInput; submits initialInput at once with it', async () => {
    const plain = createRequestHarness(undefined);
    plain.start();
    expect(plain.snapshot().value).toBe('idle');
    expect(plain.inputs('submit')).toEqual([]);

    const link = createRequestHarness({ initialInput: linkInput });
    link.start();
    expect(link.snapshot().value).toBe('submitting');
    expect(link.inputs('submit')).toEqual([linkInput]);
    await link.settle('submit', done('Votre adresse e-mail est confirmée.'));
    expect(link.snapshot().value).toBe('succeeded');
    expect(link.snapshot().context.message).toBe('Votre adresse e-mail est confirmée.');
  });

  it('an error is kept in context back in idle, then cleared when the next submit starts', async () => {
    const h = createRequestHarness(undefined);
    h.start();
    h.send({ type: 'SUBMIT', input: formInput });
    await h.settle('submit', failed(invalidEmail));
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context.error).toEqual(invalidEmail);
    expect(selectRequestView(h.snapshot()).error).toEqual(invalidEmail);
    h.send({ type: 'SUBMIT', input: { email: 'fixed@demo.test' } });
    expect(h.snapshot().value).toBe('submitting');
    expect(h.snapshot().context.error).toBeNull();
    expect(h.inputs('submit')).toEqual([formInput, { email: 'fixed@demo.test' }]);
  });

  it('CLEAR_ERROR clears the error in idle', async () => {
    const h = createRequestHarness(undefined);
    h.start();
    h.send({ type: 'SUBMIT', input: formInput });
    await h.settle('submit', failed(invalidEmail));
    h.send({ type: 'CLEAR_ERROR' });
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context.error).toBeNull();
  });

  it('SUBMIT from succeeded submits again with the new input', async () => {
    const h = createRequestHarness(undefined);
    h.start();
    h.send({ type: 'SUBMIT', input: formInput });
    await h.settle('submit', done('Enregistré'));
    h.send({ type: 'SUBMIT', input: { email: 'again@demo.test' } });
    expect(h.snapshot().value).toBe('submitting');
    expect(h.inputs('submit')).toEqual([formInput, { email: 'again@demo.test' }]);
    await h.settle('submit', done());
    expect(h.snapshot().value).toBe('succeeded');
    expect(h.snapshot().context.message).toBeNull();
  });

  it('RESET from succeeded goes back to idle and drops the message', async () => {
    const h = createRequestHarness({ initialInput: linkInput });
    h.start();
    await h.settle('submit', done('ok'));
    h.send({ type: 'RESET' });
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context).toMatchObject({ message: null, error: null });
    h.send({ type: 'SUBMIT', input: formInput });
    expect(h.inputs('submit')).toEqual([linkInput, formInput]);
  });

  it('SUBMIT is ignored while submitting (no second call)', () => {
    const h = createRequestHarness(undefined);
    h.start();
    h.send({ type: 'SUBMIT', input: formInput });
    h.send({ type: 'SUBMIT', input: { email: 'double@demo.test' } });
    expect(h.inputs('submit')).toEqual([formInput]);
  });

  // succeeded ──SUBMIT──> submitting ──error──> idle must not keep the previous success message.
  it('a failed resubmit after a success forgets the old success message', async () => {
    const h = createRequestHarness(undefined);
    h.start();
    h.send({ type: 'SUBMIT', input: formInput });
    await h.settle('submit', done('Enregistré'));
    h.send({ type: 'SUBMIT', input: formInput });
    await h.settle('submit', failed(invalidEmail));
    expect(selectRequestView(h.snapshot())).toMatchObject({ error: invalidEmail, message: null });
  });
});
