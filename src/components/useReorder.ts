import { useEffect, useMemo, useRef } from 'react';
import { useInspectedMachine } from '../app/inspector';
import { defineMessages, useIntl } from 'react-intl';
import type { Failure } from '../../shared/failure';
import { createReorderActors, type SaveOrder } from '../../machines/reorder/reorder.actors';
import { reorderMachine } from '../../machines/reorder/reorder.machine';
import type { ReorderOrder } from '../../machines/reorder/reorder.order';
import { selectReorderView } from '../../machines/reorder/reorder.selectors';
import { isGlobalFailure, reportFailure } from '../app/failureReporter';
import { showToast } from './ui/toastQueue';

const messages = defineMessages({
  failed: { id: 'reorder.failed', defaultMessage: "L'ordre n'a pas pu être enregistré" },
});

export interface UseReorderOptions {
  /** The order the server data gives (the list or tree as fetched). */
  order: ReorderOrder;
  /**
   * Changes whenever new server data arrives (TanStack's `dataUpdatedAt`): the machine takes the order
   * then, when no save is running. Take it from the SAME query result as `order`: a parent's prop read
   * from another observer of the same entry can lag one render, and the stale order would be synced.
   */
  syncKey: unknown;
  /** Stores an order (PUT /trainings/reordering, POST /bundles/order…); rejects with a Failure. */
  save: SaveOrder;
  /** After a failure (the order is already restored): typically a refetch of the server's order. */
  onFailure?: () => void;
}

/**
 * The optimistic reorder of a list or a tree (machines/reorder) wired to the app: the order shown, a
 * `move` to call with the dropped order, and on failure the toast "L'ordre n'a pas pu être enregistré"
 * (plus the shell's reaction for network and server errors). `save` and `onFailure` may change between
 * renders: the latest ones are used.
 */
export function useReorder({ order, syncKey, save, onFailure }: UseReorderOptions) {
  const intl = useIntl();
  const latest = useRef({ save, onFailure, intl });
  useEffect(() => {
    latest.current = { save, onFailure, intl };
  });
  const machine = useMemo(
    () =>
      reorderMachine.provide({
        actors: createReorderActors((input, signal) => latest.current.save(input, signal)),
        actions: {
          reportFailure: (_, { failure }: { failure: Failure }) => {
            showToast({ title: latest.current.intl.formatMessage(messages.failed), description: failure.status === null || failure.status >= 500 ? undefined : failure.message, variant: 'error' });
            if (isGlobalFailure(failure)) reportFailure(failure);
            latest.current.onFailure?.();
          },
        },
      }),
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { order } });
  useEffect(() => {
    send({ type: 'SYNC', order });
    // The order is taken when new data arrives, not on every render's new array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [syncKey, send]);
  return { ...selectReorderView(snapshot), move: (next: ReorderOrder) => send({ type: 'MOVE', order: next }) };
}
