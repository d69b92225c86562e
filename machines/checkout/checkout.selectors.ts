import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The checkout page's view-model, derived from the snapshot. */
export const selectCheckoutView = (snapshot: CheckoutSnapshot) => {
  const { context } = snapshot;
  const inForm = snapshot.matches('ready') || snapshot.matches('paying') || snapshot.matches('openingWindow') || snapshot.matches('popupBlocked');
  return {
    isLoading: snapshot.matches('loading'),
    isBlocked: snapshot.matches('blocked'),
    isFailed: snapshot.matches('failed'),
    showsForm: inForm || snapshot.matches('leaving') || snapshot.matches('following') || snapshot.matches('done'),
    isApplying: snapshot.matches({ ready: 'applying' }),
    isRequoting: snapshot.matches({ ready: 'requoting' }) || snapshot.matches({ ready: 'requotingWithoutCode' }),
    isPaying: snapshot.matches('paying') || snapshot.matches('openingWindow') || snapshot.matches('leaving') || snapshot.matches('following') || snapshot.matches('done'),
    isPopupBlocked: snapshot.matches('popupBlocked'),
    quote: context.quote,
    scheduleId: context.scheduleId,
    codeInput: context.codeInput,
    appliedCode: context.appliedCode,
    codeError: context.codeError,
    method: context.method,
    problem: context.problem,
    failure: context.failure,
    paymentUrl: context.order?.payment_url ?? null,
    isFree: (context.quote?.total ?? 0) === 0,
  };
};

export type CheckoutView = ReturnType<typeof selectCheckoutView>;
