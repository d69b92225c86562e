import type { SnapshotFrom } from 'xstate';
import type { planPurchaseMachine } from './planPurchase.machine';

type Snapshot = SnapshotFrom<typeof planPurchaseMachine>;

/** The view-model of the plan page's purchase flow. */
export const selectPlanPurchaseView = (snapshot: Snapshot) => ({
  /** The confirm dialog is open (with the choice), also while the order is placed. */
  isConfirming: snapshot.matches('confirming') || snapshot.matches('placing'),
  isPlacing: snapshot.matches('placing'),
  isRedirecting: snapshot.matches('redirecting'),
  /** Back from the payment page, the order is not settled yet. */
  isChecking: snapshot.matches('checking') || snapshot.matches('waiting'),
  isUnreachable: snapshot.matches('unreachable'),
  isPaid: snapshot.matches('paid'),
  isFailed: snapshot.matches('failed'),
  isAbandoned: snapshot.matches('abandoned'),
  /** Buttons that start a purchase are off while one is under way. */
  canChoose: snapshot.matches('idle') || snapshot.matches('paid') || snapshot.matches('failed') || snapshot.matches('abandoned'),
  choice: snapshot.context.choice,
  order: snapshot.context.order,
  failure: snapshot.matches('confirming') || snapshot.matches('unreachable') ? snapshot.context.failure : null,
});
