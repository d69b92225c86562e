import type { SnapshotFrom } from 'xstate';
import type { payoutRequestMachine } from './payoutRequest.machine';

type Snapshot = SnapshotFrom<typeof payoutRequestMachine>;

/** The view-model of the payout request form. */
export const selectPayoutRequestView = (snapshot: Snapshot) => ({
  isClosed: snapshot.matches('closed'),
  isEditing: snapshot.matches('editing') || snapshot.matches('sending'),
  isSending: snapshot.matches('sending'),
  isWaiting: snapshot.matches('waiting'),
  draft: snapshot.context.draft,
  problems: snapshot.context.problems,
  failure: snapshot.matches('editing') ? snapshot.context.failure : null,
});
