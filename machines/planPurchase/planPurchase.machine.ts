import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import { notProvided, notProvidedPromise } from '../support/notProvided';

/** How often the plan page asks for news of an order the provider has not settled yet. */
export const PLATFORM_ORDER_POLL_MS = 2_000;

export type Frequency = 'MONTHLY' | 'YEARLY';
/** What the trainer buys: a plan (subscribe or change) or extra seats. */
export type PurchaseChoice = { kind: 'PLAN'; plan: 'PRO' | 'EXPERT'; frequency: Frequency } | { kind: 'SEATS'; quantity: number };

/** The server's order, as the machine needs it (the contract's PlatformOrder). */
export interface PurchaseOrder {
  uuid: string;
  status: 'PENDING' | 'PAID' | 'FAILED' | 'ABANDONED';
  payment_url: string | null;
  amount: number;
}

export interface PlanPurchaseInput {
  /** The order the payment page sent the trainer back with (`?commande=`), or null. */
  returningOrder: string | null;
}

export interface PlanPurchaseContext {
  choice: PurchaseChoice | null;
  orderId: string | null;
  order: PurchaseOrder | null;
  failure: Failure | null;
}

export type PlanPurchaseEvent = { type: 'CHOOSE'; choice: PurchaseChoice } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' } | { type: 'DISMISS' };

const outputOf = (event: unknown) => (event as { output: PurchaseOrder }).output;

/**
 * Buying from the platform on the plan page (/abonnement): a plan or seats, priced by the server, paid on the
 * provider's page (Stripe, or the test provider's page in development), then read back until settled.
 *
 *   starting ─┬─ returning from the payment page ─> checking
 *             └─> idle ─CHOOSE─> confirming ─CANCEL─> idle
 *                                   └─CONFIRM─> placing ──order PAID (nothing to pay)──> paid
 *                                                  ├──order to pay──> redirecting (openPayment: leaves the page)
 *                                                  └──error──> confirming (failure shown)
 *   checking ──PAID──> paid (purchaseSettled: the plan and the session's store read again)
 *            ├──FAILED──> failed    ├──ABANDONED──> abandoned    ├──PENDING──> waiting ─POLL─> checking
 *            └──no answer──> unreachable ─POLL or RETRY─> checking
 *   paid, failed, abandoned ─DISMISS─> idle;  ─CHOOSE─> confirming (another purchase)
 */
export const planPurchaseMachine = setup({
  types: {} as { context: PlanPurchaseContext; events: PlanPurchaseEvent; input: PlanPurchaseInput },
  actors: {
    placeOrder: notProvidedPromise<PurchaseOrder, PurchaseChoice>('planPurchase', 'placeOrder'),
    readOrder: notProvidedPromise<PurchaseOrder, { orderId: string }>('planPurchase', 'readOrder'),
  },
  actions: {
    /** Opens the provider's payment page (an address of this app for the test provider, Stripe's otherwise). */
    openPayment: notProvided<{ url: string }>('planPurchase', 'openPayment'),
    /** The purchase is paid: read the subscription and the signed-in user's store (its plan) again. */
    purchaseSettled: notProvided('planPurchase', 'purchaseSettled'),
  },
  guards: {
    returning: ({ context }) => context.orderId !== null,
    orderPaid: ({ event }) => outputOf(event).status === 'PAID',
    orderFailed: ({ event }) => outputOf(event).status === 'FAILED',
    orderAbandoned: ({ event }) => outputOf(event).status === 'ABANDONED',
  },
  delays: { POLL: PLATFORM_ORDER_POLL_MS },
}).createMachine({
  id: 'planPurchase',
  context: ({ input }) => ({ choice: null, orderId: input.returningOrder, order: null, failure: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'returning', target: 'checking' }, { target: 'idle' }] },
    idle: { on: { CHOOSE: { target: 'confirming', actions: assign({ choice: ({ event }) => event.choice, failure: null }) } } },
    confirming: {
      on: {
        CONFIRM: 'placing',
        CANCEL: { target: 'idle', actions: assign({ choice: null, failure: null }) },
      },
    },
    placing: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => context.choice!,
        onDone: [
          { guard: 'orderPaid', target: 'paid', actions: [assign({ order: ({ event }) => event.output, orderId: ({ event }) => event.output.uuid }), 'purchaseSettled'] },
          {
            target: 'redirecting',
            actions: [
              assign({ order: ({ event }) => event.output, orderId: ({ event }) => event.output.uuid }),
              { type: 'openPayment', params: ({ event }) => ({ url: event.output.payment_url ?? '' }) },
            ],
          },
        ],
        onError: { target: 'confirming', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** The provider's page is opening: this page is left. */
    redirecting: {},
    checking: {
      invoke: {
        id: 'readOrder',
        src: 'readOrder',
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: [
          { guard: 'orderPaid', target: 'paid', actions: [assign({ order: ({ event }) => event.output, failure: null }), 'purchaseSettled'] },
          { guard: 'orderFailed', target: 'failed', actions: assign({ order: ({ event }) => event.output, failure: null }) },
          { guard: 'orderAbandoned', target: 'abandoned', actions: assign({ order: ({ event }) => event.output, failure: null }) },
          { target: 'waiting', actions: assign({ order: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: 'unreachable', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    waiting: { after: { POLL: 'checking' } },
    unreachable: { after: { POLL: 'checking' }, on: { RETRY: 'checking' } },
    paid: { on: { DISMISS: 'idle', CHOOSE: { target: 'confirming', actions: assign({ choice: ({ event }) => event.choice, failure: null }) } } },
    failed: { on: { DISMISS: 'idle', CHOOSE: { target: 'confirming', actions: assign({ choice: ({ event }) => event.choice, failure: null }) } } },
    abandoned: { on: { DISMISS: 'idle', CHOOSE: { target: 'confirming', actions: assign({ choice: ({ event }) => event.choice, failure: null }) } } },
  },
});
