import { setup } from 'xstate';
import { notProvided } from '../support/notProvided';

export interface ConnectivityInput {
  /** `navigator.onLine` when the app starts (read at the composition root). */
  online: boolean;
}

export interface ConnectivityContext {
  /** The link state the machine started with; only `link.starting` reads it. */
  startedOnline: boolean;
}

export type ConnectivityEvent =
  /** window `offline` (composition root listener). */
  | { type: 'WENT_OFFLINE' }
  /** window `online` (composition root listener). */
  | { type: 'WENT_ONLINE' }
  /** The error catalogue: a request got no answer (status null). */
  | { type: 'NETWORK_LOST' }
  /** The network-lost dialog's close button. */
  | { type: 'DISMISS' }
  /** The network-lost dialog's refresh button, and the offline banner's reload button. */
  | { type: 'RELOAD' }
  /** A window.open the browser refused. */
  | { type: 'POPUP_BLOCKED' }
  /** The pop-up-blocked dialog's close button. */
  | { type: 'DISMISS_POPUP' };

/**
 * Online / offline, the network-lost dialog and the pop-up-blocked dialog: three independent regions.
 *
 *   link:    starting ──(input.online)──> online ──WENT_OFFLINE──> offline ──WENT_ONLINE──> online
 *                     └─(!input.online)─> offline                       (offline banner with reload)
 *   dialog:  closed ──NETWORK_LOST──> networkLost ──DISMISS──> closed   (refresh button: RELOAD)
 *   popup:   closed ──POPUP_BLOCKED──> popupBlocked ──DISMISS_POPUP──> closed
 *
 *   RELOAD (in any state) runs the injected `reload` action (the composition root reloads the page).
 *
 * The regions do not react to each other: coming back online does not close the network-lost
 * dialog (the page still holds the failed request's outcome until it is refreshed or dismissed).
 */
export const connectivityMachine = setup({
  types: {} as { context: ConnectivityContext; events: ConnectivityEvent; input: ConnectivityInput },
  actions: {
    reload: notProvided('connectivity', 'reload'),
  },
  guards: {
    startedOnline: ({ context }) => context.startedOnline,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ startedOnline: input.online }),
  type: 'parallel',
  on: {
    RELOAD: { actions: 'reload' },
  },
  states: {
    link: {
      initial: 'starting',
      states: {
        /** Transient: picks the first link state from the input. */
        starting: {
          always: [{ guard: 'startedOnline', target: 'online' }, { target: 'offline' }],
        },
        online: {
          on: { WENT_OFFLINE: 'offline' },
        },
        offline: {
          on: { WENT_ONLINE: 'online' },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: { NETWORK_LOST: 'networkLost' },
        },
        networkLost: {
          on: { DISMISS: 'closed' },
        },
      },
    },
    popup: {
      initial: 'closed',
      states: {
        closed: {
          on: { POPUP_BLOCKED: 'popupBlocked' },
        },
        popupBlocked: {
          on: { DISMISS_POPUP: 'closed' },
        },
      },
    },
  },
});
