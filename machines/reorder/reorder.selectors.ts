import type { SnapshotFrom } from 'xstate';
import type { reorderMachine } from './reorder.machine';
import type { ReorderOrder } from './reorder.order';

type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;

/** The order on screen: the latest dropped order while saving, else the confirmed one. */
export const selectOrder = (snapshot: ReorderSnapshot): ReorderOrder =>
  snapshot.context.queued ?? snapshot.context.inFlight ?? snapshot.context.confirmed;

/** The view-model of a reorderable list or tree. */
export const selectReorderView = (snapshot: ReorderSnapshot) => ({
  order: selectOrder(snapshot),
  /** A save is running (or queued): the view may show a discreet "saving" mark. */
  isSaving: snapshot.matches('saving'),
  /** Why the last save failed (the order was restored); null once the user moves again. */
  failure: snapshot.matches('idle') ? snapshot.context.failure : null,
});
