import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { isRearrangement, sameOrder, type ReorderOrder } from './reorder.order';

export interface ReorderInput {
  /** The order known before any server data (usually none: the first SYNC brings it). */
  order?: ReorderOrder;
}

export interface ReorderContext {
  /** The last order the server confirmed (SYNC, or a save that succeeded): what a failure restores. */
  confirmed: ReorderOrder;
  /** The order the running save is storing; null when no save runs. */
  inFlight: ReorderOrder | null;
  /** The latest order dropped while a save was running, saved after it; null when none. */
  queued: ReorderOrder | null;
  /** Why the last save failed; null once the user moves again. */
  failure: Failure | null;
}

export type ReorderEvent =
  /** Server data arrived: applied when idle (ignored while a save runs: it may predate the save). */
  | { type: 'SYNC'; order: ReorderOrder }
  /** The user dropped: the new order is shown at once and saved. */
  | { type: 'MOVE'; order: ReorderOrder };

/** What the `save` actor receives: the order to store, and the last confirmed one (to compute a diff). */
export interface SaveOrderInput {
  order: ReorderOrder;
  previous: ReorderOrder;
}

/**
 * Optimistic reorder with rollback (ARCHITECTURE: "keeps the previous order in the machine's context and
 * restores it on failure, as explicit states"). Serves flat lists and trees alike (see reorder.order.ts).
 *
 *   idle ──MOVE { order } (a rearrangement, not the shown order)──> saving
 *    │  └─SYNC { order } ─> idle (confirmed = order)
 *    │
 *   saving ── invokes save({ order: inFlight, previous: confirmed })
 *    ├─MOVE { order } ─> saving (queued = order, latest wins; the in-flight order itself clears the queue)
 *    ├─done ─┬─ queued ─> saving (confirmed = inFlight; saves the queued order)
 *    │       └─ otherwise ─> idle (confirmed = inFlight)
 *    └─error ─> rollingBack ── (restores confirmed, drops the queue, keeps the failure,
 *                               calls reportFailure) ──> idle
 *
 * The order shown is `queued ?? inFlight ?? confirmed` (selectors). SYNC is ignored while saving: the
 * save's own refresh brings the server order once idle. A queued move is dropped by a rollback: it was
 * built on top of the order that failed. `reportFailure` is injected (the app shows a toast and refreshes).
 */
export const reorderMachine = setup({
  types: {} as { context: ReorderContext; events: ReorderEvent; input: ReorderInput | undefined },
  actors: {
    /** Stores the new order on the server. */
    save: notProvidedPromise<unknown, SaveOrderInput>('reorder', 'save'),
  },
  actions: {
    /** Tells the user the order could not be saved (a toast), with the failure. */
    reportFailure: notProvided<{ failure: Failure }>('reorder', 'reportFailure'),
  },
  guards: {
    /** The dropped order differs from the one shown and rearranges the same ids. */
    isNewArrangement: ({ context }, params: { order: ReorderOrder }) =>
      !sameOrder(context.confirmed, params.order) && isRearrangement(context.confirmed, params.order),
    /** The dropped order rearranges the same ids as the confirmed one (a move built on current data). */
    isRearrangement: ({ context }, params: { order: ReorderOrder }) => isRearrangement(context.confirmed, params.order),
    hasQueued: ({ context }) => context.queued !== null,
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({ confirmed: input?.order ?? [], inFlight: null, queued: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SYNC: { actions: assign({ confirmed: ({ event }) => event.order }) },
        MOVE: {
          guard: { type: 'isNewArrangement', params: ({ event }) => ({ order: event.order }) },
          target: 'saving',
          actions: assign({ inFlight: ({ event }) => event.order, failure: null }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ order: context.inFlight!, previous: context.confirmed }),
        onDone: [
          {
            guard: 'hasQueued',
            // Re-entering starts a new save with the queued order.
            target: 'saving',
            reenter: true,
            actions: assign(({ context }) => ({ confirmed: context.inFlight!, inFlight: context.queued, queued: null })),
          },
          { target: 'idle', actions: assign(({ context }) => ({ confirmed: context.inFlight!, inFlight: null })) },
        ],
        onError: { target: 'rollingBack', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
      on: {
        MOVE: {
          guard: { type: 'isRearrangement', params: ({ event }) => ({ order: event.order }) },
          actions: assign({ queued: ({ context, event }) => (sameOrder(context.inFlight!, event.order) ? null : event.order) }),
        },
      },
    },
    /** The save failed: the last confirmed order comes back and the user is told. Transient. */
    rollingBack: {
      entry: [
        assign({ inFlight: null, queued: null }),
        { type: 'reportFailure', params: ({ context }) => ({ failure: context.failure! }) },
      ],
      always: { target: 'idle' },
    },
  },
});
