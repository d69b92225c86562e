import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';

export interface DeleteConfirmContext {
  /** What is being deleted (a row, an item, a comment…): the dialog names it. Null while no deletion is asked. */
  target: unknown;
  /** Why the last call failed (a refusal such as paying learners, or no answer); null once a new call starts. */
  failure: Failure | null;
}

export type DeleteConfirmEvent =
  /** A "Supprimer" of a menu or a row: the confirmation opens for `target`. */
  | { type: 'ASK'; target: unknown }
  /** The dialog's confirm button (again after a failure: a retry). */
  | { type: 'CONFIRM' }
  /** Cancel, Escape. */
  | { type: 'CANCEL' };

/** What the `remove` actor deletes. */
export interface RemoveInput {
  target: unknown;
}

/**
 * A deletion confirmed first (trainings and bundles of the lists, the content tree's sections and items, lesson
 * comments, learners of a training, payment schedules): one chart for every "Supprimer ? Annuler / Supprimer".
 *
 *   idle ──ASK { target }──> confirming ──CONFIRM──> deleting ──done──> done   (the dialog closes, `deleted` runs)
 *     ↑                        │                       └──error──> failed ──CONFIRM──> deleting (a retry)
 *     └────────CANCEL──────────┴───────────────────────────────────────┘ (from confirming or failed)
 *   done ──ASK { target }──> confirming (the next deletion)
 *
 * A closed dialog keeps its target (idle after a cancel, done) so the closing animation still names it.
 *
 * `deleting` takes no event: the dialog stays open and busy until the server answers (no Cancel, no Escape).
 * The call is the injected `remove` actor (its input is the target); `deleted` (params: the target) is the
 * composition root's "after": a toast, the list refreshed.
 */
export const deleteConfirmMachine = setup({
  types: {} as { context: DeleteConfirmContext; events: DeleteConfirmEvent },
  actors: {
    /** Deletes the target; rejects with a Failure. */
    remove: notProvidedPromise<void, RemoveInput>('deleteConfirm', 'remove'),
  },
  actions: {
    /** After the deletion: a toast, the list refreshed. */
    deleted: notProvided<{ target: unknown }>('deleteConfirm', 'deleted'),
    setTarget: assign((_, params: { target: unknown }) => ({ target: params.target, failure: null })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'deleteConfirm',
  context: { target: null, failure: null },
  initial: 'idle',
  states: {
    /** No deletion asked (or the last one cancelled): the dialog is closed. */
    idle: {
      on: { ASK: { target: 'confirming', actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) } } },
    },
    /** The question is asked. */
    confirming: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'idle', actions: 'clearFailure' },
      },
    },
    /** The call runs: the confirm button is busy, the dialog cannot be closed. */
    deleting: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ target: context.target }),
        onDone: { target: 'done', actions: { type: 'deleted', params: ({ context }) => ({ target: context.target }) } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** The server refused or did not answer: the dialog shows why, and confirming again retries. */
    failed: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'idle', actions: 'clearFailure' },
      },
    },
    /** Deleted: the dialog is closed (the target is kept for the view's closing animation). */
    done: {
      on: { ASK: { target: 'confirming', actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) } } },
    },
  },
});
