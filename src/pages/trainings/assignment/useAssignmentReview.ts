import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createAssignmentReviewActors } from '../../../../machines/assignmentReview/assignmentReview.actors';
import { assignmentReviewMachine } from '../../../../machines/assignmentReview/assignmentReview.machine';
import { selectAssignmentReviewView } from '../../../../machines/assignmentReview/assignmentReview.selectors';
import { refreshAssignment, validateAssignment, writeAssignmentComment } from '../../../api/assignmentsApi';
import { reportedByShell, reportFailure } from '../../../app/failureReporter';
import { useInspectedMachine } from '../../../app/inspector';

/** Failures the page does not explain itself (no answer, 5xx…) also go to the shell's error catalogue. */
const reported = <T>(call: Promise<T>) =>
  call.catch((error: unknown) => {
    if (reportedByShell(error)) reportFailure(error);
    throw error;
  });

/** The composition root of machines/assignmentReview for one submission: the API calls and the refresh. */
export function useAssignmentReview(ref: { trainingUuid: string; itemId: number; assignmentId: number }) {
  const queryClient = useQueryClient();
  const { trainingUuid, itemId, assignmentId } = ref;
  const machine = useMemo(() => {
    const target = { trainingUuid, itemId, assignmentId };
    return assignmentReviewMachine.provide({
      actors: createAssignmentReviewActors({
        decide: (input, signal) => reported(validateAssignment(target, input, signal)),
        sendComment: (content, signal) => reported(writeAssignmentComment(target, content, signal)),
      }),
      actions: { refresh: () => void refreshAssignment(queryClient, target) },
    });
  }, [queryClient, trainingUuid, itemId, assignmentId]);
  const [snapshot, send] = useInspectedMachine(machine);
  return { view: selectAssignmentReviewView(snapshot), send };
}
