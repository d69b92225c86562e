import type { SnapshotFrom } from 'xstate';
import type { crmNotesMachine } from './crmNotes.machine';

type CrmNotesSnapshot = SnapshotFrom<typeof crmNotesMachine>;

/** The view-model of a customer's notes. */
export const selectCrmNotesView = (snapshot: CrmNotesSnapshot) => ({
  notes: snapshot.context.notes,
  draft: snapshot.context.draft,
  /** The GENERAL note being edited (the form says "Modifier la note"), else null. */
  editing: snapshot.context.editing,
  isBusy: !snapshot.matches('idle'),
  isSaving: snapshot.matches('saving'),
  /** The note whose deletion is on its way. */
  deleting: snapshot.matches('deleting') ? snapshot.context.pending : null,
  problem: snapshot.context.problem,
  failure: snapshot.matches('idle') ? snapshot.context.failure : null,
});
