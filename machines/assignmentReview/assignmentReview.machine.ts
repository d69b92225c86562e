import { assign, not, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvided, notProvidedPromise } from '../support/notProvided';

export type AssignmentDecision = components['schemas']['AssignmentDecision'];

/** What the `decide` actor sends (PUT …/validate): the correction trimmed, left out when blank. */
export interface DecideInput {
  decision: AssignmentDecision;
  correction?: string;
}

/** What the `sendComment` actor sends (POST …/comments): the message trimmed. */
export interface SendCommentInput {
  content: string;
}

/** Why a decision was not sent: none chosen, or a rejection without a word for the learner. */
export type DecisionProblem = 'decisionRequired' | 'correctionRequired';

export interface AssignmentReviewContext {
  decision: AssignmentDecision | null;
  /** The correction as typed. */
  correction: string;
  problem: DecisionProblem | null;
  /** Why the last decision failed (not a 409: that one ends in `superseded`); null once a new one starts. */
  failure: Failure | null;
  /** The message to the learner as typed. */
  comment: string;
  commentProblem: 'empty' | null;
  commentFailure: Failure | null;
}

export type AssignmentReviewEvent =
  | { type: 'CHOOSE'; decision: AssignmentDecision }
  | { type: 'CHANGE_CORRECTION'; value: string }
  | { type: 'SUBMIT_DECISION' }
  | { type: 'CHANGE_COMMENT'; value: string }
  | { type: 'SEND_COMMENT' };

/** The spec's rule on a rejection: it asks for a new submission, so the learner must be told what to change. */
export function decisionProblem(decision: AssignmentDecision | null, correction: string): DecisionProblem | null {
  if (decision === null) return 'decisionRequired';
  if (decision === 'REJECTED' && correction.trim() === '') return 'correctionRequired';
  return null;
}

const isConflict = (error: unknown) => typeof error === 'object' && error !== null && (error as Failure).status === 409;

/**
 * The review of one submission (/formations/:uuid/assignment/:id/submissions/:submissionId), two regions side
 * by side:
 *
 *   decision:  editing ──SUBMIT_DECISION─┬─ decisionProblem ─> editing, problem set
 *               │  CHOOSE, CHANGE_CORRECTION └─> deciding ──done──> decided (refresh)
 *               │  (problem cleared)               ├─error 409──> superseded (refresh: another reviewer decided)
 *               └──────────────────────────────────┴─error──> editing (failure kept, what was typed kept)
 *
 *   comment:   writing ──SEND_COMMENT─┬─ blank ─> writing, commentProblem 'empty'
 *               │  CHANGE_COMMENT     └─> sending ──done──> writing (message cleared, refresh)
 *               │                                └──error──> writing (failure kept, message kept)
 *
 * The page shows the decision form only while the submission waits for a correction (the server's status);
 * `decided` and `superseded` take no events (the page then shows the new status from the refreshed data).
 * `refresh` (refetch the assignment, its thread, the lists and the outline's count) is injected.
 */
export const assignmentReviewMachine = setup({
  types: {} as { context: AssignmentReviewContext; events: AssignmentReviewEvent },
  actors: {
    /** PUT …/validate. */
    decide: notProvidedPromise<void, DecideInput>('assignmentReview', 'decide'),
    /** POST …/comments. */
    sendComment: notProvidedPromise<void, SendCommentInput>('assignmentReview', 'sendComment'),
  },
  actions: {
    /** Refetches what a decision or a message changed. */
    refresh: notProvided('assignmentReview', 'refresh'),
  },
  guards: {
    decisionAcceptable: ({ context }) => decisionProblem(context.decision, context.correction) === null,
    commentBlank: ({ context }) => context.comment.trim() === '',
    isConflict: ({ event }) => isConflict((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'assignmentReview',
  context: { decision: null, correction: '', problem: null, failure: null, comment: '', commentProblem: null, commentFailure: null },
  type: 'parallel',
  states: {
    decision: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CHOOSE: { actions: assign({ decision: ({ event }) => event.decision, problem: null }) },
            CHANGE_CORRECTION: { actions: assign({ correction: ({ event }) => event.value, problem: null }) },
            SUBMIT_DECISION: [
              { guard: not('decisionAcceptable'), actions: assign({ problem: ({ context }) => decisionProblem(context.decision, context.correction) }) },
              { target: 'deciding' },
            ],
          },
        },
        deciding: {
          entry: assign({ problem: null, failure: null }),
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context }) => {
              const correction = context.correction.trim();
              return { decision: context.decision!, ...(correction ? { correction } : {}) };
            },
            onDone: { target: 'decided', actions: 'refresh' },
            onError: [
              { guard: 'isConflict', target: 'superseded', actions: 'refresh' },
              { target: 'editing', actions: assign({ failure: ({ event }) => event.error as Failure }) },
            ],
          },
        },
        /** The decision was recorded. */
        decided: {},
        /** Another reviewer decided first (409): nothing of ours was written. */
        superseded: {},
      },
    },
    comment: {
      initial: 'writing',
      states: {
        writing: {
          on: {
            CHANGE_COMMENT: { actions: assign({ comment: ({ event }) => event.value, commentProblem: null }) },
            SEND_COMMENT: [{ guard: 'commentBlank', actions: assign({ commentProblem: 'empty' }) }, { target: 'sending' }],
          },
        },
        sending: {
          entry: assign({ commentProblem: null, commentFailure: null }),
          invoke: {
            id: 'sendComment',
            src: 'sendComment',
            input: ({ context }) => ({ content: context.comment.trim() }),
            onDone: { target: 'writing', actions: [assign({ comment: '' }), 'refresh'] },
            onError: { target: 'writing', actions: assign({ commentFailure: ({ event }) => event.error as Failure }) },
          },
        },
      },
    },
  },
});
