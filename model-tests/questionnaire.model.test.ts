/**
 * Model-based tests of machines/questionnaire (ARCHITECTURE rule 7): xstate/graph paths over every
 * state and transition, for a store without answers and one with answers, each walked against a
 * REAL actor whose `save` actor is a controllable fake; plus hand-pinned transitions (NEXT refused
 * and its error, PREVIOUS without validation, detail rules, SEND failure then retry, input answered)
 * and the actor factory.
 *
 * The context holds six drafts, so value + context gives far too many states to walk. Paths are
 * generated over an abstraction of the snapshot (state value, question index, flagged question,
 * failure present, problem of the current answer). xstate/graph keeps ONE snapshot per abstract
 * state, so the snapshots of a generated path are not those its events lead to: each path's event
 * sequence is replayed with `transition` (`concretise`) and cut where an event no longer fits
 * (another question's event, an answer from a `save` not running); the walk checks the real actor
 * against those replayed snapshots, full context included, and the coverage checks run on them.
 */
import { itForwardsOneCall } from './support/actorFactory';
import {
  abstractQuestionnaireState,
  concretiseQuestionnairePath,
  fitsQuestionnaireView,
  type QuestionnaireModelEvent,
  type QuestionnairePath,
  type QuestionnaireSnapshot,
  type QuestionnaireStep,
} from './questionnaire.fixtures';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../shared/failure';
import { createQuestionnaireActors } from '../machines/questionnaire/questionnaire.actors';
import {
  questionnaireMachine,
  type Draft,
  type Drafts,
  type QuestionnaireEvent,
  type QuestionnaireInput,
  type SaveAnswersInput,
} from '../machines/questionnaire/questionnaire.machine';
import { answerProblem, checkQuestionnaire, type Answer, type QuestionName } from '../shared/questionnaire.rules';
import { selectProgress, selectQuestionnaireView } from '../machines/questionnaire/questionnaire.selectors';
import {
  allLeafStates,
  describePath,
  dropPrefixPaths,
  flattenEvents,
  generatePaths,
  invokeIds,
  leafStates,
  type EventVariants,
  type InitEvent,
} from './support/graph';
import { createActorHarness } from './support/harness';
import { expectEveryStateCovered, walkPath } from './support/walkPaths';

// Written from the spec (sections 3 and 5), not imported from the machine.
const ORDER = ['HOW_FOUND_US', 'WHO_ARE_YOU', 'WHAT_CERTIFICATIONS', 'WHAT_MAIN_ACTIVITY', 'WHAT_TOOL', 'WHAT_IMPORTANT'] as const satisfies readonly QuestionName[];
const TYPES = { HOW_FOUND_US: 'radio', WHO_ARE_YOU: 'radio', WHAT_CERTIFICATIONS: 'radio', WHAT_MAIN_ACTIVITY: 'select', WHAT_TOOL: 'radio', WHAT_IMPORTANT: 'checkbox' } as const;
const MISSING = 'Ah, vous avez oublié quelque chose !';

type RestingState = 'answering' | 'sending' | 'sent' | 'alreadyAnswered';
const TRANSIENT_STATES = ['starting'] as const;

const serverDown: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };
const offline: Failure = { status: null, code: null, message: 'Réseau indisponible', fieldErrors: {} };

const answer = (name: QuestionName, value: string) => ({ type: 'ANSWER', name, value }) as const;
const toggle = (option: string) => ({ type: 'TOGGLE', name: 'WHAT_IMPORTANT', option }) as const;
const detail = (name: QuestionName, text: string) => ({ type: 'DETAIL', name, text }) as const;

/** For each question: a choice that needs no detail and one that does (WHAT_CERTIFICATIONS has no OTHER). */
const questionnaireEvents = {
  ANSWER: [
    answer('HOW_FOUND_US', 'SEO'),
    answer('HOW_FOUND_US', '  SEO '),
    answer('HOW_FOUND_US', 'OTHER'),
    answer('WHO_ARE_YOU', 'COACH'),
    answer('WHO_ARE_YOU', 'OTHER'),
    answer('WHAT_CERTIFICATIONS', 'YES'),
    answer('WHAT_MAIN_ACTIVITY', 'IT'),
    answer('WHAT_MAIN_ACTIVITY', 'OTHER'),
    answer('WHAT_TOOL', 'NOTHING'),
    answer('WHAT_TOOL', 'LMS'),
  ],
  TOGGLE: [toggle('SIMPLE')],
  DETAIL: ORDER.flatMap((name) => [detail(name, '  Un salon  '), detail(name, '   ')]),
  NEXT: [{ type: 'NEXT' }],
  PREVIOUS: [{ type: 'PREVIOUS' }],
  SEND: [{ type: 'SEND' }],
  'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: undefined }],
  'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: serverDown }],
} satisfies EventVariants<QuestionnaireModelEvent>;

// ─── Oracles (hand-written from spec section 5) ──────────────────────────────────────────────────

const detailNeeded = (name: QuestionName, values: string[]) =>
  name === 'WHAT_TOOL' ? values.some((v) => v !== '' && v !== 'NOTHING') : values.includes('OTHER');

/** The answer stored for a draft: values and detail trimmed, the detail only where the choice needs it. */
function expectedAnswer(name: QuestionName, draft: Draft): Answer {
  const value = Array.isArray(draft.value) ? draft.value.map((v) => v.trim()).filter(Boolean) : draft.value.trim();
  const needed = detailNeeded(name, Array.isArray(value) ? value : [value]);
  return { name, type: TYPES[name], value, other: needed ? draft.other.trim() || null : null };
}
const expectedJson = (drafts: Drafts) => JSON.stringify(ORDER.map((name) => expectedAnswer(name, drafts[name])));
const currentName = (snapshot: QuestionnaireSnapshot) => ORDER[snapshot.context.index]!;
const problemOf = (snapshot: QuestionnaireSnapshot) => {
  const name = currentName(snapshot);
  return answerProblem(expectedAnswer(name, snapshot.context.drafts[name]));
};

/** What `save` must be called with on a step. */
function expectedSaves(from: QuestionnaireSnapshot | undefined, step: QuestionnaireStep): SaveAnswersInput[] {
  if (step.event.type !== 'SEND' || !from?.matches('answering')) return [];
  if (from.context.index !== ORDER.length - 1 || problemOf(from) !== null) return [];
  return [{ onboardingQuestions: expectedJson(from.context.drafts) }];
}

const emptyDraftsOracle = (): Drafts =>
  Object.fromEntries(ORDER.map((name) => [name, { value: TYPES[name] === 'checkbox' ? [] : '', other: '' }])) as unknown as Drafts;

/** The state value and context after a step, hand-written from the chart (the machine's own answer is checked against it). */
function expectedAfter(from: QuestionnaireSnapshot | undefined, step: QuestionnaireStep, input: QuestionnaireInput) {
  const { event } = step;
  if (event.type === 'xstate.init' || !from) {
    const context = { answered: input.answered, drafts: emptyDraftsOracle(), index: 0, errorOn: null, failure: null };
    return { value: input.answered ? 'alreadyAnswered' : 'answering', context };
  }
  const value = from.value as RestingState;
  const context = { ...from.context };
  const name = currentName(from);
  const draft = from.context.drafts[name];
  const setDraft = (change: Partial<Draft>) => (context.drafts = { ...context.drafts, [name]: { ...draft, ...change } });
  if (value === 'sending') {
    if (event.type === 'xstate.done.actor.save') return { value: 'sent', context };
    if (event.type === 'xstate.error.actor.save') return { value: 'answering', context: { ...context, failure: event.error as Failure } };
  }
  if (value !== 'answering') return { value, context };
  const last = from.context.index === ORDER.length - 1;
  const acceptable = problemOf(from) === null;
  switch (event.type) {
    case 'ANSWER':
      if (event.name === name && TYPES[name] !== 'checkbox') setDraft({ value: event.value });
      break;
    case 'TOGGLE': {
      const ticked = draft.value as string[];
      if (event.name === name && TYPES[name] === 'checkbox')
        setDraft({ value: ticked.includes(event.option) ? ticked.filter((v) => v !== event.option) : [...ticked, event.option] });
      break;
    }
    case 'DETAIL':
      if (event.name === name) setDraft({ other: event.text });
      break;
    case 'NEXT':
      if (!last) Object.assign(context, acceptable ? { index: context.index + 1, errorOn: null } : { errorOn: name });
      break;
    case 'PREVIOUS':
      if (context.index > 0) Object.assign(context, { index: context.index - 1, errorOn: null });
      break;
    case 'SEND':
      if (last && acceptable) return { value: 'sending', context: { ...context, errorOn: null, failure: null } };
      if (last) context.errorOn = name;
      break;
  }
  return { value, context };
}

const viewFlags = {
  answering: { isAlreadyAnswered: false, isAnswering: true, isSending: false, isSent: false },
  sending: { isAlreadyAnswered: false, isAnswering: false, isSending: true, isSent: false },
  sent: { isAlreadyAnswered: false, isAnswering: false, isSending: false, isSent: true },
  alreadyAnswered: { isAlreadyAnswered: true, isAnswering: false, isSending: false, isSent: false },
} satisfies Record<RestingState, Record<string, boolean>>;

function expectedView(snapshot: QuestionnaireSnapshot) {
  const state = snapshot.value as RestingState;
  const { index, drafts, errorOn, failure } = snapshot.context;
  const name = currentName(snapshot);
  const current = expectedAnswer(name, drafts[name]);
  return {
    ...viewFlags[state],
    question: expect.objectContaining({ name, type: TYPES[name] }),
    draft: drafts[name],
    progress: { step: index + 1, total: 6 },
    canGoBack: state === 'answering' && index > 0,
    isLast: index === 5,
    needsDetail: detailNeeded(name, Array.isArray(current.value) ? current.value : [current.value]),
    error: state === 'answering' && errorOn === name && problemOf(snapshot) !== null ? MISSING : null,
    failure,
  };
}

// ─── Harness: a real actor, the fake `save` settled by the test ──────────────────────────────────

function createQuestionnaireHarness(input: QuestionnaireInput | undefined) {
  return createActorHarness<typeof questionnaireMachine, 'save'>(questionnaireMachine, { actors: ['save'], input });
}
type QuestionnaireHarness = ReturnType<typeof createQuestionnaireHarness>;

type Executor = (harness: QuestionnaireHarness, step: QuestionnaireStep) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as QuestionnaireEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  ANSWER: send,
  TOGGLE: send,
  DETAIL: send,
  NEXT: send,
  PREVIOUS: send,
  SEND: send,
  'xstate.done.actor.save': (h, { event }) => h.settle('save', event),
  'xstate.error.actor.save': (h, { event }) => h.settle('save', event),
} satisfies Record<QuestionnaireModelEvent['type'] | InitEvent['type'], Executor>;

// ─── Generated paths ─────────────────────────────────────────────────────────────────────────────

const variants = [
  { name: 'no answers stored yet', input: { answered: false } },
  { name: 'answers already stored', input: { answered: true } },
] as const;

const generated = variants.map((variant) => {
  const { shortest, transitions } = generatePaths<typeof questionnaireMachine, QuestionnaireModelEvent>(questionnaireMachine, {
    events: questionnaireEvents,
    input: variant.input,
    serializeState: abstractQuestionnaireState,
    filterEvents: fitsQuestionnaireView,
  });
  const concrete = [...shortest, ...transitions].map((path) => concretiseQuestionnairePath(path as QuestionnairePath));
  return { ...variant, paths: dropPrefixPaths(concrete) };
});

const walk = (path: QuestionnairePath, input: QuestionnaireInput) =>
  walkPath(path, {
    harness: () => createQuestionnaireHarness(input),
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ savesBefore: h.inputs('save').length }),
    check: ({ harness: h, step, from, actual, before: { savesBefore }, where }) => {
      const [leaf] = leafStates(actual.value) as RestingState[];
      expect(actual.status, where).toBe(leaf === 'sent' || leaf === 'alreadyAnswered' ? 'done' : 'active');
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expectedAfter(from, step, input));
      expect(selectQuestionnaireView(actual), where).toEqual(expectedView(actual));
      expect(h.inputs('save').slice(savesBefore), `${where}: save input`).toEqual(expectedSaves(from, step));
    },
  });

describe('questionnaire machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(questionnaireMachine)).toEqual(['save']);
    const explored = new Set(flattenEvents(questionnaireEvents).map((e) => e.type));
    for (const type of questionnaireMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths (both variants together) cover every state of the machine definition', () => {
    const all = [...allLeafStates(questionnaireMachine)].sort();
    expect(all).toEqual(['alreadyAnswered', 'answering', 'sending', 'sent', 'starting']);
    expectEveryStateCovered(questionnaireMachine, generated, { transient: TRANSIENT_STATES });
  });

  it('paths reach every question, every problem of each, the error on each, and take every event type', () => {
    const [fresh] = generated;
    const steps = fresh!.paths.flatMap((path) => path.steps.map((s) => s.state)).filter((s) => s.matches('answering'));
    expect(new Set(steps.map((s) => s.context.index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    for (const name of ORDER) {
      const here = steps.filter((s) => currentName(s) === name);
      const problems = new Set(here.map(problemOf));
      // 'detail' exists only where a choice needs the detail (not WHAT_CERTIFICATIONS nor the checkbox explored here).
      expect([...problems].sort(), name).toEqual(name === 'WHAT_CERTIFICATIONS' || name === 'WHAT_IMPORTANT' ? ['missing', null].sort() : ['detail', 'missing', null].sort());
      expect(here.some((s) => selectQuestionnaireView(s).error === MISSING), `${name}: error shown`).toBe(true);
    }
    expect(steps.some((s) => s.context.failure !== null)).toBe(true);
    const taken = new Set(fresh!.paths.flatMap((path) => path.steps.map((s) => s.event.type)));
    for (const type of questionnaireMachine.events) expect(taken, `no path takes ${type}`).toContain(type);
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

const saved = { type: 'xstate.done.actor.save', output: undefined } as const;
const failed = (error: Failure) => ({ type: 'xstate.error.actor.save', error }) as const;
const NEXT = { type: 'NEXT' } as const;
const PREVIOUS = { type: 'PREVIOUS' } as const;
const SEND = { type: 'SEND' } as const;

function started(input: QuestionnaireInput | undefined = { answered: false }) {
  const h = createQuestionnaireHarness(input);
  h.start();
  return h;
}

/** Answers the first five questions (with padding and details to trim) and reaches the last one. */
function atLastQuestion() {
  const h = started();
  h.send(answer('HOW_FOUND_US', 'OTHER'));
  h.send(detail('HOW_FOUND_US', '  Un salon professionnel  '));
  h.send(NEXT);
  h.send(answer('WHO_ARE_YOU', 'COACH'));
  h.send(detail('WHO_ARE_YOU', 'typed, not needed'));
  h.send(NEXT);
  h.send(answer('WHAT_CERTIFICATIONS', ' SOON '));
  h.send(NEXT);
  h.send(answer('WHAT_MAIN_ACTIVITY', 'LANGUAGE'));
  h.send(NEXT);
  h.send(answer('WHAT_TOOL', 'LMS'));
  h.send(detail('WHAT_TOOL', ' Moodle '));
  h.send(NEXT);
  expect(selectProgress(h.snapshot())).toEqual({ step: 6, total: 6 });
  h.send(toggle('PRICE'));
  h.send(toggle('SIMPLE'));
  return h;
}

const fullAnswers: Answer[] = [
  { name: 'HOW_FOUND_US', type: 'radio', value: 'OTHER', other: 'Un salon professionnel' },
  { name: 'WHO_ARE_YOU', type: 'radio', value: 'COACH', other: null },
  { name: 'WHAT_CERTIFICATIONS', type: 'radio', value: 'SOON', other: null },
  { name: 'WHAT_MAIN_ACTIVITY', type: 'select', value: 'LANGUAGE', other: null },
  { name: 'WHAT_TOOL', type: 'radio', value: 'LMS', other: 'Moodle' },
  { name: 'WHAT_IMPORTANT', type: 'checkbox', value: ['PRICE', 'SIMPLE'], other: null },
];

describe('questionnaire machine: pinned transitions', () => {
  it('input answered → alreadyAnswered (final: the actor is done and takes no events; no call)', () => {
    const h = started({ answered: true });
    expect(h.snapshot().value).toBe('alreadyAnswered');
    expect(h.snapshot().status).toBe('done');
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ isAlreadyAnswered: true, isAnswering: false, canGoBack: false });
    for (const event of [answer('HOW_FOUND_US', 'SEO'), NEXT, SEND]) expect(h.snapshot().can(event)).toBe(false);
    expect(h.invocations).toEqual([]);
  });

  it('input answered false (or no input) → the first question, step 1 of 6, nothing answered', () => {
    for (const input of [{ answered: false }, undefined]) {
      const h = started(input);
      expect(h.snapshot().value).toBe('answering');
      expect(selectQuestionnaireView(h.snapshot())).toMatchObject({
        question: { name: 'HOW_FOUND_US', type: 'radio' },
        draft: { value: '', other: '' },
        progress: { step: 1, total: 6 },
        canGoBack: false,
        isLast: false,
        error: null,
      });
    }
  });

  it('NEXT without an answer stays and shows MISSING; answering hides it; NEXT then moves on', () => {
    const h = started();
    h.send(NEXT);
    expect(h.snapshot().context).toMatchObject({ index: 0, errorOn: 'HOW_FOUND_US' });
    expect(selectQuestionnaireView(h.snapshot()).error).toBe(MISSING);
    h.send(answer('HOW_FOUND_US', 'SEO'));
    expect(selectQuestionnaireView(h.snapshot()).error).toBeNull();
    h.send(answer('HOW_FOUND_US', 'OTHER'));
    expect(selectQuestionnaireView(h.snapshot()).error, 'flag kept until the question is left: OTHER without detail').toBe(MISSING);
    h.send(answer('HOW_FOUND_US', 'SEO'));
    h.send(NEXT);
    expect(h.snapshot().context).toMatchObject({ index: 1, errorOn: null });
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ question: { name: 'WHO_ARE_YOU' }, progress: { step: 2, total: 6 }, error: null });
  });

  it('PREVIOUS is ignored on the first question; elsewhere it goes back without validation and keeps every draft', () => {
    const h = started();
    h.send(PREVIOUS);
    expect(h.snapshot().context.index).toBe(0);
    h.send(answer('HOW_FOUND_US', 'LINKEDIN'));
    h.send(NEXT);
    h.send(answer('WHO_ARE_YOU', 'OTHER'));
    h.send(NEXT); // refused: OTHER without detail
    expect(selectQuestionnaireView(h.snapshot()).error).toBe(MISSING);
    h.send(PREVIOUS);
    expect(h.snapshot().context).toMatchObject({ index: 0, errorOn: null });
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ draft: { value: 'LINKEDIN', other: '' }, error: null, canGoBack: false });
    h.send(NEXT);
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ draft: { value: 'OTHER', other: '' }, needsDetail: true, error: null });
    h.send(NEXT);
    expect(h.snapshot().context.index).toBe(1);
  });

  it('OTHER needs its detail: blank detail refused, a real one accepted (needsDetail drives the field)', () => {
    const h = started();
    h.send(answer('HOW_FOUND_US', 'OTHER'));
    expect(selectQuestionnaireView(h.snapshot()).needsDetail).toBe(true);
    h.send(detail('HOW_FOUND_US', '    '));
    h.send(NEXT);
    expect(h.snapshot().context.index).toBe(0);
    expect(selectQuestionnaireView(h.snapshot()).error).toBe(MISSING);
    h.send(detail('HOW_FOUND_US', ' Un ami '));
    expect(selectQuestionnaireView(h.snapshot()).error).toBeNull();
    h.send(NEXT);
    expect(h.snapshot().context.index).toBe(1);
  });

  it('WHAT_TOOL: NOTHING goes on without detail, any other tool needs the detail', () => {
    const h = started();
    for (const [name, value] of [['HOW_FOUND_US', 'SEO'], ['WHO_ARE_YOU', 'COACH'], ['WHAT_CERTIFICATIONS', 'NO'], ['WHAT_MAIN_ACTIVITY', 'IT']] as const) {
      h.send(answer(name, value));
      h.send(NEXT);
    }
    expect(currentName(h.snapshot())).toBe('WHAT_TOOL');
    h.send(answer('WHAT_TOOL', 'SAAS'));
    expect(selectQuestionnaireView(h.snapshot()).needsDetail).toBe(true);
    h.send(NEXT);
    expect(selectQuestionnaireView(h.snapshot()).error).toBe(MISSING);
    h.send(answer('WHAT_TOOL', 'NOTHING'));
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ needsDetail: false, error: null });
    h.send(NEXT);
    expect(currentName(h.snapshot())).toBe('WHAT_IMPORTANT');
  });

  it('the checkbox question needs at least one ticked option: TOGGLE ticks and unticks', () => {
    const h = atLastQuestion();
    h.send(toggle('PRICE'));
    h.send(toggle('SIMPLE'));
    expect(selectQuestionnaireView(h.snapshot()).draft.value).toEqual([]);
    h.send(SEND);
    expect(h.snapshot().value).toBe('answering');
    expect(selectQuestionnaireView(h.snapshot()).error).toBe(MISSING);
    expect(h.invocations).toEqual([]);
    h.send(toggle('CONTENT'));
    expect(selectQuestionnaireView(h.snapshot()).error).toBeNull();
    h.send(SEND);
    expect(h.snapshot().value).toBe('sending');
  });

  it('ANSWER / TOGGLE / DETAIL for another question or of the wrong kind are ignored', () => {
    const h = started();
    const before = h.snapshot().context;
    h.send(answer('WHO_ARE_YOU', 'COACH'));
    h.send(detail('WHO_ARE_YOU', 'elsewhere'));
    h.send(toggle('SIMPLE'));
    expect(h.snapshot().context).toEqual(before);
    const last = atLastQuestion();
    const atLast = last.snapshot().context;
    last.send(answer('WHAT_IMPORTANT', 'SIMPLE'));
    last.send(answer('HOW_FOUND_US', 'SEO'));
    expect(last.snapshot().context).toEqual(atLast);
  });

  it('NEXT is ignored on the last question, SEND before it', () => {
    const h = started();
    h.send(answer('HOW_FOUND_US', 'SEO'));
    h.send(SEND);
    expect(h.snapshot().context).toMatchObject({ index: 0, errorOn: null });
    const last = atLastQuestion();
    last.send(NEXT);
    expect(last.snapshot().context.index).toBe(5);
    expect(last.snapshot().value).toBe('answering');
  });

  it('SEND saves the JSON text of the six normalised answers (trimmed, detail only where needed) → sent', async () => {
    const h = atLastQuestion();
    h.send(SEND);
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ isSending: true, canGoBack: false });
    const [call] = h.inputs('save') as SaveAnswersInput[];
    expect(JSON.parse(call!.onboardingQuestions)).toEqual(fullAnswers);
    expect(checkQuestionnaire(call!.onboardingQuestions)).toEqual({ ok: true, answers: fullAnswers });
    // Nothing moves while saving.
    h.send(PREVIOUS);
    h.send(toggle('SALES'));
    h.send(SEND);
    expect(h.inputs('save')).toHaveLength(1);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('sent');
    expect(h.snapshot().status).toBe('done');
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ isSent: true, failure: null });
    expect(h.errors).toEqual([]);
  });

  it('SEND failure: back to the last question with the failure; SEND again retries (failure cleared) → sent', async () => {
    const h = atLastQuestion();
    h.send(SEND);
    await h.settle('save', failed(offline));
    expect(h.snapshot().value).toBe('answering');
    expect(h.snapshot().context.index).toBe(5);
    expect(selectQuestionnaireView(h.snapshot())).toMatchObject({ isAnswering: true, isLast: true, failure: offline, error: null });
    expect(h.snapshot().context.drafts.WHAT_IMPORTANT.value).toEqual(['PRICE', 'SIMPLE']);
    h.send(SEND);
    expect(h.snapshot().value).toBe('sending');
    expect(h.snapshot().context.failure).toBeNull();
    const [first, second] = h.inputs('save');
    expect(second).toEqual(first);
    await h.settle('save', failed(serverDown));
    expect(selectQuestionnaireView(h.snapshot()).failure).toEqual(serverDown);
    h.send(SEND);
    await h.settle('save', saved);
    expect(h.snapshot().value).toBe('sent');
    expect(h.inputs('save')).toHaveLength(3);
    expect(h.errors).toEqual([]);
  });

  it('the modal cannot be cancelled: the machine has no CLOSE event', () => {
    expect(questionnaireMachine.events).not.toContain('CLOSE');
    expect([...questionnaireMachine.events].sort()).toEqual(['ANSWER', 'DETAIL', 'NEXT', 'PREVIOUS', 'SEND', 'TOGGLE', 'xstate.done.actor.save', 'xstate.error.actor.save'].sort());
  });
});

// ─── The actor factory ──────────────────────────────────────────────────────────────────────────

describe('createQuestionnaireActors', () => {
  itForwardsOneCall({
    what: 'the JSON text',
    make: (call) => createQuestionnaireActors({ saveAnswers: call }).save,
    input: { onboardingQuestions: '[]' },
    arg: '[]',
    failure: serverDown,
    lateFailure: offline,
  });
});
