import { assign, setup } from 'xstate';
import { notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import type { CheckoutOrder } from './checkout.types';

/** How often the order page asks for news while the provider has not answered. */
export const ORDER_POLL_MS = 2_000;

export interface OrderStatusContext {
  order: CheckoutOrder | null;
  failure: Failure | null;
}

export type OrderStatusEvent = { type: 'RETRY' };

/**
 * The page a payment provider sends the learner back to: reads the order until it is settled.
 *
 *   reading ──DRAFT (the provider has not answered)──> waiting ──POLL──> reading
 *      ├──PAID or IN_PROGRESS (first payment taken)──> paid      (links to "my trainings")
 *      ├──FAILED──> failed                                      (links back to the checkout)
 *      ├──ABANDONED──> abandoned                                (links back to the checkout)
 *      ├──404──> missing
 *      └──no answer──> unreachable ──POLL or RETRY──> reading
 */
export const orderStatusMachine = setup({
  types: {} as { context: OrderStatusContext; events: OrderStatusEvent },
  actors: {
    readOrder: notProvidedPromise<CheckoutOrder>('orderStatus', 'readOrder'),
  },
  guards: {
    paid: ({ event }) => ['PAID', 'IN_PROGRESS'].includes((event as unknown as { output: CheckoutOrder }).output.status),
    failed: ({ event }) => (event as unknown as { output: CheckoutOrder }).output.status === 'FAILED',
    abandoned: ({ event }) => (event as unknown as { output: CheckoutOrder }).output.status === 'ABANDONED',
    missing: ({ event }) => ((event as unknown as { error: Failure }).error as Failure | undefined)?.status === 404,
  },
  delays: { POLL: ORDER_POLL_MS },
}).createMachine({
  id: 'orderStatus',
  context: { order: null, failure: null },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'readOrder',
        src: 'readOrder',
        onDone: [
          { guard: 'paid', target: 'paid', actions: assign({ order: ({ event }) => event.output, failure: null }) },
          { guard: 'failed', target: 'failed', actions: assign({ order: ({ event }) => event.output, failure: null }) },
          { guard: 'abandoned', target: 'abandoned', actions: assign({ order: ({ event }) => event.output, failure: null }) },
          { target: 'waiting', actions: assign({ order: ({ event }) => event.output, failure: null }) },
        ],
        onError: [
          { guard: 'missing', target: 'missing' },
          { target: 'unreachable', actions: assign({ failure: ({ event }) => event.error as Failure }) },
        ],
      },
    },
    waiting: { after: { POLL: 'reading' } },
    unreachable: { after: { POLL: 'reading' }, on: { RETRY: 'reading' } },
    paid: { type: 'final' },
    failed: { type: 'final' },
    abandoned: { type: 'final' },
    missing: { type: 'final' },
  },
});
