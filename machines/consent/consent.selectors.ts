import type { SnapshotFrom } from 'xstate';
import type { consentMachine } from './consent.machine';

type ConsentSnapshot = SnapshotFrom<typeof consentMachine>;

/** What the consent banner shows: whether it is open, and whether it is a review of an earlier choice. */
export function selectConsentView(snapshot: ConsentSnapshot) {
  const reviewing = snapshot.matches('reviewingAccepted') || snapshot.matches('reviewingRefused');
  return {
    isOpen: reviewing || (snapshot.matches('undecided') && snapshot.context.permitted),
    isReview: reviewing,
    choice: snapshot.matches('accepted') || snapshot.matches('reviewingAccepted') ? ('accepted' as const) : snapshot.matches('undecided') ? null : ('refused' as const),
  };
}
