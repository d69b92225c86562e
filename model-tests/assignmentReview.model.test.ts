/**
 * Model-based tests of machines/assignmentReview (ARCHITECTURE rule 7): xstate/graph paths over every state
 * and transition of both regions, each walked against a REAL actor whose `decide` and `sendComment` actors
 * are controllable fakes and whose `refresh` is a recorder; every step is checked against an oracle written
 * from the issue (a rejection needs a correction, a 409 means another reviewer decided, a message is never
 * blank), plus hand-pinned transitions and the actor factory.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../shared/failure';
import { createAssignmentReviewActors } from '../machines/assignmentReview/assignmentReview.actors';
import { assignmentReviewMachine, type AssignmentReviewContext, type AssignmentReviewEvent, type DecideInput } from '../machines/assignmentReview/assignmentReview.machine';
import { selectAssignmentReviewView } from '../machines/assignmentReview/assignmentReview.selectors';
import { itForwardsOneCall } from './support/actorFactory';
import {
  allLeafStates,
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

type Model =
  | AssignmentReviewEvent
  | DoneActorEvent<'decide', undefined>
  | ErrorActorEvent<'decide'>
  | DoneActorEvent<'sendComment', undefined>
  | ErrorActorEvent<'sendComment'>;
type Snapshot = SnapshotFrom<typeof assignmentReviewMachine>;
type Path = ModelPath<Snapshot, Model>;
type Step = ModelStep<Snapshot, Model>;

const taken: Failure = { status: 409, code: 'CONFLICT', message: 'Ce devoir n’attend pas de correction', fieldErrors: {} };
const down: Failure = { status: 500, code: 'SERVER_ERROR', message: 'Une erreur est survenue', fieldErrors: {} };

const events = {
  CHOOSE: [
    { type: 'CHOOSE', decision: 'ACCEPTED' },
    { type: 'CHOOSE', decision: 'REJECTED' },
  ],
  CHANGE_CORRECTION: [
    { type: 'CHANGE_CORRECTION', value: '  ' },
    { type: 'CHANGE_CORRECTION', value: ' Reprenez la plongée. ' },
  ],
  SUBMIT_DECISION: [{ type: 'SUBMIT_DECISION' }],
  CHANGE_COMMENT: [
    { type: 'CHANGE_COMMENT', value: ' ' },
    { type: 'CHANGE_COMMENT', value: ' Bonjour ' },
  ],
  SEND_COMMENT: [{ type: 'SEND_COMMENT' }],
  'xstate.done.actor.decide': [{ type: 'xstate.done.actor.decide', output: undefined }],
  'xstate.error.actor.decide': [
    { type: 'xstate.error.actor.decide', error: taken },
    { type: 'xstate.error.actor.decide', error: down },
  ],
  'xstate.done.actor.sendComment': [{ type: 'xstate.done.actor.sendComment', output: undefined }],
  'xstate.error.actor.sendComment': [{ type: 'xstate.error.actor.sendComment', error: down }],
} satisfies EventVariants<Model>;

// ─── Oracle: the expected state after a step, from the rules (not read from the machine) ─────

type DecisionState = 'editing' | 'deciding' | 'decided' | 'superseded';
type CommentState = 'writing' | 'sending';
interface Expected {
  value: { decision: DecisionState; comment: CommentState };
  context: AssignmentReviewContext;
}
const INITIAL: Expected = {
  value: { decision: 'editing', comment: 'writing' },
  context: { decision: null, correction: '', problem: null, failure: null, comment: '', commentProblem: null, commentFailure: null },
};

function model(previous: Expected | undefined, { event }: Step): Expected {
  if (!previous || event.type === 'xstate.init') return INITIAL;
  const value = { ...previous.value };
  const c = { ...previous.context };
  if (value.decision === 'editing') {
    if (event.type === 'CHOOSE') Object.assign(c, { decision: event.decision, problem: null });
    if (event.type === 'CHANGE_CORRECTION') Object.assign(c, { correction: event.value, problem: null });
    if (event.type === 'SUBMIT_DECISION') {
      if (c.decision === null) c.problem = 'decisionRequired';
      else if (c.decision === 'REJECTED' && !c.correction.trim()) c.problem = 'correctionRequired';
      else {
        value.decision = 'deciding';
        Object.assign(c, { problem: null, failure: null });
      }
    }
  } else if (value.decision === 'deciding') {
    if (event.type === 'xstate.done.actor.decide') value.decision = 'decided';
    if (event.type === 'xstate.error.actor.decide') {
      if ((event.error as Failure).status === 409) value.decision = 'superseded';
      else {
        value.decision = 'editing';
        c.failure = event.error as Failure;
      }
    }
  }
  if (value.comment === 'writing') {
    if (event.type === 'CHANGE_COMMENT') Object.assign(c, { comment: event.value, commentProblem: null });
    if (event.type === 'SEND_COMMENT') {
      if (!c.comment.trim()) c.commentProblem = 'empty';
      else {
        value.comment = 'sending';
        Object.assign(c, { commentProblem: null, commentFailure: null });
      }
    }
  } else {
    if (event.type === 'xstate.done.actor.sendComment') {
      value.comment = 'writing';
      c.comment = '';
    }
    if (event.type === 'xstate.error.actor.sendComment') {
      value.comment = 'writing';
      c.commentFailure = event.error as Failure;
    }
  }
  return { value, context: c };
}

/** What a step must call: `decide` with the trimmed correction, `sendComment` with the trimmed message, `refresh` after a write. */
function expectedCalls(previous: Expected | undefined, next: Expected, { event }: Step) {
  const decides = previous?.value.decision === 'editing' && next.value.decision === 'deciding';
  const sends = previous?.value.comment === 'writing' && next.value.comment === 'sending';
  const correction = previous?.context.correction.trim();
  const refreshes =
    event.type === 'xstate.done.actor.decide' ||
    event.type === 'xstate.done.actor.sendComment' ||
    (event.type === 'xstate.error.actor.decide' && (event.error as Failure).status === 409);
  return {
    decide: decides ? [{ decision: previous.context.decision, ...(correction ? { correction } : {}) }] : [],
    sendComment: sends ? [{ content: previous.context.comment.trim() }] : [],
    refresh: refreshes ? 1 : 0,
  };
}

// ─── Harness ──────────────────────────────────────────────────────────────────────────────────────────

function harness() {
  const refreshes: number[] = [];
  const h = createActorHarness<typeof assignmentReviewMachine, 'decide' | 'sendComment'>(assignmentReviewMachine, {
    actors: ['decide', 'sendComment'],
    actions: { refresh: () => void refreshes.push(1) },
  });
  return Object.assign(h, { refreshes });
}
type Harness = ReturnType<typeof harness>;
type Executor = (h: Harness, step: Step) => void | Promise<void>;
const send: Executor = (h, { event }) => h.send(event as AssignmentReviewEvent);
const executors = {
  'xstate.init': (h) => h.start(),
  CHOOSE: send,
  CHANGE_CORRECTION: send,
  SUBMIT_DECISION: send,
  CHANGE_COMMENT: send,
  SEND_COMMENT: send,
  'xstate.done.actor.decide': (h, { event }) => h.settle('decide', event),
  'xstate.error.actor.decide': (h, { event }) => h.settle('decide', event),
  'xstate.done.actor.sendComment': (h, { event }) => h.settle('sendComment', event),
  'xstate.error.actor.sendComment': (h, { event }) => h.settle('sendComment', event),
} satisfies Record<Model['type'] | InitEvent['type'], Executor>;

// The message region is independent of the decision region: its states are explored with the decision
// form at rest, and the decision's with an empty message, so the graph stays the sum of both, not their product.
const { shortest, transitions } = generatePaths<typeof assignmentReviewMachine, Model>(assignmentReviewMachine, {
  events,
  filterEvents: (snapshot, event) => {
    const commentEvent = /comment/i.test(event.type);
    const decisionTouched = !snapshot.matches({ decision: 'editing' }) || snapshot.context.decision !== null || snapshot.context.correction !== '' || snapshot.context.problem !== null;
    const commentTouched = !snapshot.matches({ comment: 'writing' }) || snapshot.context.comment !== '' || snapshot.context.commentProblem !== null || snapshot.context.commentFailure !== null;
    return commentEvent ? !decisionTouched : !commentTouched;
  },
});
const paths = dropPrefixPaths([...shortest, ...transitions] as Path[]);

type Mark = { decide: number; sendComment: number; refresh: number };
const walk = (path: Path) =>
  walkPath<Harness, Snapshot, Model, Mark, Expected>(path, {
    harness,
    execute: (h, step) => executors[step.event.type](h, step),
    mark: (h) => ({ decide: h.inputs('decide').length, sendComment: h.inputs('sendComment').length, refresh: h.refreshes.length }),
    model: (previous, step) => model(previous, step),
    check: ({ harness: h, step, actual, before, expected, previous, where }) => {
      expect({ value: actual.value, context: actual.context }, `${where}: the chart`).toEqual(expected);
      const calls = expectedCalls(previous, expected, step);
      expect(h.inputs('decide').slice(before.decide), `${where}: decide`).toEqual(calls.decide);
      expect(h.inputs('sendComment').slice(before.sendComment), `${where}: sendComment`).toEqual(calls.sendComment);
      expect(h.refreshes.length - before.refresh, `${where}: refresh`).toBe(calls.refresh);
      const view = selectAssignmentReviewView(actual);
      expect(view.canDecide, where).toBe(expected.value.decision === 'editing');
      expect(view.problem, where).toBe(expected.value.decision === 'editing' ? expected.context.problem : null);
    },
  });

describe('assignment review machine: generated paths', () => {
  it('the model lists every event and invoke of the machine', () => {
    expect(invokeIds(assignmentReviewMachine).sort()).toEqual(['decide', 'sendComment']);
    const explored = new Set(flattenEvents(events).map((e) => e.type));
    for (const type of assignmentReviewMachine.events) expect(explored, `event ${type} is not explored`).toContain(type);
  });

  it('paths cover every state, both problems, a conflict and a failure', () => {
    expect([...allLeafStates(assignmentReviewMachine)].sort()).toEqual(
      ['comment.sending', 'comment.writing', 'decision.decided', 'decision.deciding', 'decision.editing', 'decision.superseded'].sort(),
    );
    expectEveryStateCovered(assignmentReviewMachine, [{ paths }]);
    const steps = paths.flatMap((p) => p.steps.map((s) => selectAssignmentReviewView(s.state)));
    expect(new Set(steps.map((v) => v.problem))).toEqual(new Set([null, 'decisionRequired', 'correctionRequired']));
    expect(steps.some((v) => v.isSuperseded)).toBe(true);
    expect(steps.some((v) => v.failure !== null)).toBe(true);
    expect(steps.some((v) => v.commentProblem === 'empty')).toBe(true);
    expect(steps.some((v) => v.commentFailure !== null)).toBe(true);
  });

  it.each(paths.map((path, i) => [`#${i + 1} ${describePath(path)}`, path] as const))('%s', async (_, path) => {
    await walk(path);
  });
});

// ─── Pinned transitions ─────────────────────────────────────────────────────────────────────────────

describe('assignment review machine: pinned transitions', () => {
  it('a rejection with a correction sends it trimmed, then refreshes; the form takes nothing more', async () => {
    const h = harness();
    h.start();
    h.send({ type: 'CHOOSE', decision: 'REJECTED' });
    h.send({ type: 'SUBMIT_DECISION' });
    expect(selectAssignmentReviewView(h.snapshot()).problem).toBe('correctionRequired');
    h.send({ type: 'CHANGE_CORRECTION', value: '  Floue.  ' });
    h.send({ type: 'SUBMIT_DECISION' });
    expect(h.inputs('decide')).toEqual([{ decision: 'REJECTED', correction: 'Floue.' }]);
    await h.settle('decide', { type: 'xstate.done.actor.decide', output: undefined });
    expect(selectAssignmentReviewView(h.snapshot())).toMatchObject({ isDecided: true, canDecide: false });
    expect(h.refreshes).toHaveLength(1);
    expect(h.snapshot().can({ type: 'CHOOSE', decision: 'ACCEPTED' })).toBe(false);
  });

  it('messages can be written while a decision is being sent', () => {
    const h = harness();
    h.start();
    h.send({ type: 'CHOOSE', decision: 'ACCEPTED' });
    h.send({ type: 'SUBMIT_DECISION' });
    h.send({ type: 'CHANGE_COMMENT', value: 'Merci' });
    h.send({ type: 'SEND_COMMENT' });
    expect(h.snapshot().value).toEqual({ decision: 'deciding', comment: 'sending' });
    expect(h.inputs('decide')).toEqual([{ decision: 'ACCEPTED' }]);
  });
});

describe('createAssignmentReviewActors', () => {
  const never = () => Promise.reject(down);
  itForwardsOneCall({
    what: 'the decision',
    make: (call) => createAssignmentReviewActors({ decide: call, sendComment: never }).decide,
    input: { decision: 'REJECTED', correction: 'Floue.' },
    arg: { decision: 'REJECTED', correction: 'Floue.' } as DecideInput,
    failure: taken,
    lateFailure: down,
  });
  itForwardsOneCall({
    what: 'the message',
    make: (call) => createAssignmentReviewActors({ decide: never, sendComment: call }).sendComment,
    input: { content: 'Bonjour' },
    arg: 'Bonjour',
    failure: down,
    lateFailure: down,
  });
});
