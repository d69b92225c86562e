import type { SnapshotFrom } from 'xstate';
import type { deleteConfirmMachine } from './deleteConfirm.machine';

type DeleteConfirmSnapshot = SnapshotFrom<typeof deleteConfirmMachine>;

/** The view-model of a delete confirmation dialog. */
export const selectDeleteConfirmView = (snapshot: DeleteConfirmSnapshot) => ({
  /** The dialog is shown: asked, deleting, or failed. */
  isOpen: snapshot.matches('confirming') || snapshot.matches('deleting') || snapshot.matches('failed'),
  /** The call runs: the confirm button is busy, Cancel and Escape do nothing. */
  isDeleting: snapshot.matches('deleting'),
  /** What the dialog names (kept once closed, for its closing animation); null before the first ASK. */
  target: snapshot.context.target,
  /** Why the last call failed, while the dialog shows it. */
  failure: snapshot.matches('failed') ? snapshot.context.failure : null,
});
