import type { SnapshotFrom } from 'xstate';
import { closesProgram, type affiliateProgramMachine } from './affiliateProgram.machine';

type Snapshot = SnapshotFrom<typeof affiliateProgramMachine>;

/** The view-model of the affiliates settings page. */
export const selectAffiliateProgramView = (snapshot: Snapshot) => ({
  draft: snapshot.context.draft,
  savedStatus: snapshot.context.saved.status,
  isSaving: snapshot.matches('saving'),
  /** The "close the program?" dialog. */
  isConfirmingClose: snapshot.matches('confirmingClose'),
  justSaved: snapshot.context.justSaved,
  failure: snapshot.matches('editing') ? snapshot.context.failure : null,
  /** Saving would close an open program (the button says so). */
  wouldClose: closesProgram(snapshot.context.saved, snapshot.context.draft),
});
