/**
 * Model-based tests of machines/quizTaking (ARCHITECTURE rule 7): xstate/graph paths over every state and
 * transition, each walked against a REAL actor whose `submit` actor is a controllable fake and whose `answered`
 * and `dirtyChanged` actions are recorded; every step is checked against an oracle written from the issue (the
 * server scores; at least one answer per question; a retry only after a failure with attempts left; a 403 means
 * no attempt left; leaving with answers picked warns), plus pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createQuizTakingActors } from '../machines/quizTaking/quizTaking.actors';
import { quizTakingMachine, type LearnerQuiz, type QuizResult, type QuizTakingContext, type QuizTakingEvent } from '../machines/quizTaking/quizTaking.machine';
import { selectQuizTakingView } from '../machines/quizTaking/quizTaking.selectors';
import { allLeafStates, describePath, dropPrefixPaths, flattenEvents, generatePaths, invokeIds, type DoneActorEvent, type ErrorActorEvent, type EventVariants, type InitEvent, type ModelPath, type ModelStep } from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

type Model = QuizTakingEvent | DoneActorEvent<'submit', QuizResult> | ErrorActorEvent<'submit'>;
type Snapshot = SnapshotFrom<typeof quizTakingMachine>;
type Path = ModelPath<Snapshot, Model>;
type Step = ModelStep<Snapshot, Model>;

/** One SINGLE question (choices 11, 12) and one MULTIPLE (21, 22), two attempts. */
const QUIZ: LearnerQuiz = {
  min_success_rate: 50,
  max_attempts: 2,
  attempts_left: 2,
  best_score: null,
  questions: [
    { id: 1, type: 'SINGLE', question: 'Un ?', media_url: null, choices: [{ id: 11, label: 'a' }, { id: 12, label: 'b' }] },
    { id: 2, type: 'MULTIPLE', question: 'Deux ?', media_url: null, choices: [{ id: 21, label: 'c' }, { id: 22, label: 'd' }] },
  ],
};
const failed: QuizResult = { score: 0, success: false, min_success_rate: 50, attempts_left: 1, corrections: [], training_progress: 0 };
const lastFailed: QuizResult = { ...failed, attempts_left: 0 };
const passed: QuizResult = { score: 100, success: true, min_success_rate: 50, attempts_left: 1, corrections: [{ question_id: 1, correct: true, correct_choice_ids: [11], explanation: null }], training_progress: 50 };
const noAttempts: Failure = { status: 403, code: 'NO_ATTEMPTS_LEFT', message: 'Plus de tentative', fieldErrors: {} };
const down: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const events = {
  CHOOSE: [
    { type: 'CHOOSE', questionId: 1, choiceId: 11 },
    { type: 'CHOOSE', questionId: 1, choiceId: 12 },
    { type: 'CHOOSE', questionId: 2, choiceId: 21 },
    { type: 'CHOOSE', questionId: 2, choiceId: 99 },
  ],
  SUBMIT: [{ type: 'SUBMIT' }],
  RETRY: [{ type: 'RETRY' }],
  'xstate.done.actor.submit': [
    { type: 'xstate.done.actor.submit', output: failed },
    { type: 'xstate.done.actor.submit', output: lastFailed },
    { type: 'xstate.done.actor.submit', output: passed },
  ],
  'xstate.error.actor.submit': [
    { type: 'xstate.error.actor.submit', error: noAttempts },
    { type: 'xstate.error.actor.submit', error: down },
  ],
} satisfies EventVariants<Model>;

// ─── Oracle, from the rules ─────────────────────────────────────────────────────────────────

type State = 'answering' | 'submitting' | 'result' | 'exhausted';
interface Expected {
  value: State;
  context: QuizTakingContext;
}
const INITIAL: Expected = { value: 'answering', context: { quiz: QUIZ, answers: {}, result: null, attemptsLeft: 2, problem: null, failure: null } };

function model(previous: Expected | undefined, { event }: Step): Expected {
  if (!previous || event.type === 'xstate.init') return INITIAL;
  const c = { ...previous.context };
  let value = previous.value;
  if (value === 'answering') {
    if (event.type === 'CHOOSE') {
      const valid = (event.questionId === 1 && [11, 12].includes(event.choiceId)) || (event.questionId === 2 && [21, 22].includes(event.choiceId));
      if (valid) {
        const current = c.answers[event.questionId] ?? [];
        const next = event.questionId === 1 ? [event.choiceId] : current.includes(event.choiceId) ? current.filter((id) => id !== event.choiceId) : [...current, event.choiceId];
        c.answers = { ...c.answers, [event.questionId]: next };
      }
      c.problem = null;
    }
    if (event.type === 'SUBMIT') {
      if ((c.answers[1]?.length ?? 0) > 0 && (c.answers[2]?.length ?? 0) > 0) {
        value = 'submitting';
        c.problem = null;
        c.failure = null;
      } else c.problem = 'unanswered';
    }
  } else if (value === 'submitting') {
    if (event.type === 'xstate.done.actor.submit') {
      value = 'result';
      c.result = event.output;
      c.attemptsLeft = event.output.attempts_left;
    }
    if (event.type === 'xstate.error.actor.submit') {
      c.failure = event.error as Failure;
      if ((event.error as Failure).status === 403) {
        value = 'exhausted';
        c.attemptsLeft = 0;
      } else value = 'answering';
    }
  } else if (value === 'result' && event.type === 'RETRY' && c.result && !c.result.success && c.attemptsLeft !== 0) {
    value = 'answering';
    c.answers = {};
    c.result = null;
  }
  return { value, context: c };
}

// ─── Harness ────────────────────────────────────────────────────────────────────────────────────────

function harness() {
  const answered: number[] = [];
  const dirty: boolean[] = [];
  const h = createActorHarness<typeof quizTakingMachine, 'submit'>(quizTakingMachine, {
    actors: ['submit'],
    actions: { answered: () => void answered.push(1), dirtyChanged: (_: unknown, params: { dirty: boolean }) => void dirty.push(params.dirty) } as never,
    input: { quiz: QUIZ },
  });
  return Object.assign(h, { answered, dirty });
}
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as QuizTakingEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  CHOOSE: send,
  SUBMIT: send,
  RETRY: send,
  'xstate.done.actor.submit': (h, { event }) => h.settle('submit', event),
  'xstate.error.actor.submit': (h, { event }) => h.settle('submit', event),
} satisfies Record<Model['type'] | InitEvent['type'], Executor>;

const { shortest, transitions } = generatePaths<typeof quizTakingMachine, Model>(quizTakingMachine, { events, input: { quiz: QUIZ } });
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

type Mark = { submit: number; answered: number; dirty: number };
const walk = (path: Path) =>
  walkPath<Harness, Snapshot, Model, Mark, Expected>(path, {
    harness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ submit: h.inputs('submit').length, answered: h.answered.length, dirty: h.dirty.length }),
    model: (previous, step) => model(previous, step),
    check: ({ harness: h, step, actual, before, expected, previous, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expected);
      const submits = previous?.value === 'answering' && expected.value === 'submitting';
      expect(h.inputs('submit').slice(before.submit), `${where}: submit`).toEqual(
        submits ? [{ answers: [{ question_id: 1, choice_ids: previous.context.answers[1] }, { question_id: 2, choice_ids: previous.context.answers[2] }] }] : [],
      );
      expect(h.answered.length - before.answered, `${where}: answered`).toBe(step.event.type === 'xstate.done.actor.submit' ? 1 : 0);
      // The player hears of answers picked on each choice, and of none left once a result (or the end) came.
      const dirtyCalls = h.dirty.slice(before.dirty);
      if (previous?.value === 'answering' && step.event.type === 'CHOOSE') expect(dirtyCalls, where).toEqual([Object.values(expected.context.answers).some((ids) => ids.length > 0)]);
      else if (step.event.type === 'xstate.done.actor.submit' || (step.event.type === 'xstate.error.actor.submit' && expected.value === 'exhausted')) expect(dirtyCalls, where).toEqual([false]);
      else expect(dirtyCalls, where).toEqual([]);
      const view = selectQuizTakingView(actual);
      expect(view.canAnswer, where).toBe(expected.value === 'answering');
      expect(view.hasUnsavedAnswers, where).toBe(['answering', 'submitting'].includes(expected.value) && Object.values(expected.context.answers).some((ids) => ids.length > 0));
      expect(view.canRetry, where).toBe(expected.value === 'result' && !expected.context.result!.success && expected.context.attemptsLeft !== 0);
    },
  });

describe('quiz taking machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(quizTakingMachine)).toEqual(['submit']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of quizTakingMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state, the unanswered problem, a retry and both failures', () => {
    expect([...allLeafStates(quizTakingMachine)].sort()).toEqual(['answering', 'exhausted', 'result', 'starting', 'submitting']);
    expectEveryStateCovered(quizTakingMachine, [{ paths, input: { quiz: QUIZ } }], { transient: ['starting'] });
    const views = paths.flatMap((p) => p.steps.map((s) => selectQuizTakingView(s.state)));
    expect(views.some((v) => v.problem === 'unanswered')).toBe(true);
    expect(views.some((v) => v.canRetry)).toBe(true);
    expect(views.some((v) => v.isExhausted)).toBe(true);
    expect(views.some((v) => v.failure?.status === 500)).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

describe('quiz taking machine: pinned transitions', () => {
  it('starts exhausted when no attempt is left', () => {
    const h = createActorHarness<typeof quizTakingMachine, 'submit'>(quizTakingMachine, { actors: ['submit'], input: { quiz: { ...QUIZ, attempts_left: 0 } }, actions: { answered: () => undefined, dirtyChanged: () => undefined } as never });
    h.start();
    expect(h.snapshot().value).toBe('exhausted');
    expect(h.snapshot().can({ type: 'CHOOSE', questionId: 1, choiceId: 11 })).toBe(false);
  });

  it('a pass cannot be retried, even with attempts left', async () => {
    const h = harness();
    h.start();
    h.send({ type: 'CHOOSE', questionId: 1, choiceId: 11 });
    h.send({ type: 'CHOOSE', questionId: 2, choiceId: 22 });
    h.send({ type: 'SUBMIT' });
    await h.settle('submit', { type: 'xstate.done.actor.submit', output: passed });
    expect(selectQuizTakingView(h.snapshot())).toMatchObject({ canRetry: false, result: passed, hasUnsavedAnswers: false });
    expect(selectQuizTakingView(h.snapshot()).corrections.get(1)?.correct_choice_ids).toEqual([11]);
  });
});

describe('createQuizTakingActors', () => {
  it('forwards the answers and the abort signal, and answers the result', async () => {
    const calls: { answers: unknown; signal: AbortSignal }[] = [];
    const actor = createActor(createQuizTakingActors({ submit: async (answers, signal) => (calls.push({ answers, signal }), passed) }).submit, { input: { answers: [{ question_id: 1, choice_ids: [11] }] } });
    const output = new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    actor.start();
    expect(await output).toEqual(passed);
    expect(calls).toEqual([{ answers: [{ question_id: 1, choice_ids: [11] }], signal: expect.any(AbortSignal) }]);
  });
});
