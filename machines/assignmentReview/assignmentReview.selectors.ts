import type { SnapshotFrom } from 'xstate';
import type { assignmentReviewMachine } from './assignmentReview.machine';

type AssignmentReviewSnapshot = SnapshotFrom<typeof assignmentReviewMachine>;

/** The view-model of a submission's review: the decision form and the message form. */
export const selectAssignmentReviewView = (snapshot: AssignmentReviewSnapshot) => {
  const { context } = snapshot;
  const editing = snapshot.matches({ decision: 'editing' });
  return {
    decision: context.decision,
    correction: context.correction,
    /** The form takes input (not while the decision is sent, nor after it). */
    canDecide: editing,
    isDeciding: snapshot.matches({ decision: 'deciding' }),
    isDecided: snapshot.matches({ decision: 'decided' }),
    /** Another reviewer decided first. */
    isSuperseded: snapshot.matches({ decision: 'superseded' }),
    problem: editing ? context.problem : null,
    failure: editing ? context.failure : null,
    comment: context.comment,
    isSending: snapshot.matches({ comment: 'sending' }),
    commentProblem: context.commentProblem,
    commentFailure: snapshot.matches({ comment: 'writing' }) ? context.commentFailure : null,
  };
};
