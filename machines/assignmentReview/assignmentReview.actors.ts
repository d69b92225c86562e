import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { DecideInput, SendCommentInput } from './assignmentReview.machine';

/** The calls a review needs; the app supplies them from src/api/assignmentsApi. */
export interface AssignmentReviewApi {
  decide(input: DecideInput, signal: AbortSignal): Promise<unknown>;
  sendComment(content: string, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `assignmentReviewMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createAssignmentReviewActors(api: AssignmentReviewApi) {
  return {
    decide: fromPromise<void, DecideInput>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.decide(input, signal).then(() => undefined),
      ),
    ),
    sendComment: fromPromise<void, SendCommentInput>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.sendComment(input.content, signal).then(() => undefined),
      ),
    ),
  };
}
