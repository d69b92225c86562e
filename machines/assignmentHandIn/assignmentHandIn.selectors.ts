import type { SnapshotFrom } from 'xstate';
import { statusOf, type assignmentHandInMachine } from './assignmentHandIn.machine';

type AssignmentHandInSnapshot = SnapshotFrom<typeof assignmentHandInMachine>;

/** The view-model of the hand-in: status badge, the teacher's corrections, the form while one may hand in. */
export const selectAssignmentHandInView = (snapshot: AssignmentHandInSnapshot) => {
  const { context } = snapshot;
  const editing = snapshot.matches('editing');
  return {
    status: statusOf(context.assignment),
    /** The team's corrections, newest first (from the submissions they decided on). */
    corrections: (context.assignment?.submissions ?? []).filter((s) => s.correction).map((s) => ({ id: s.id, text: s.correction!, decision: s.decision })),
    canEdit: editing || snapshot.matches('uploading'),
    text: context.text,
    files: context.files,
    maxFiles: context.maxFiles,
    canAddFile: editing && context.files.length < context.maxFiles,
    isUploading: snapshot.matches('uploading'),
    isSubmitting: snapshot.matches('submitting'),
    problem: editing ? context.problem : null,
    failure: editing ? context.failure : null,
  };
};
