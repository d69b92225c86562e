import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useInspectedMachine } from '../../app/inspector';
import { useIntl } from 'react-intl';
import type { Failure } from '../../../shared/failure';
import { createDeleteConfirmActors } from '../../../machines/deleteConfirm/deleteConfirm.actors';
import { deleteConfirmMachine } from '../../../machines/deleteConfirm/deleteConfirm.machine';
import { selectDeleteConfirmView } from '../../../machines/deleteConfirm/deleteConfirm.selectors';
import { isGlobalFailure, reportFailure } from '../../app/failureReporter';
import { failureText } from '../../app/failureText';
import { ConfirmDialog } from '../ui/Dialog';
import { FormError } from '../ui/Form';

const isFailure = (error: unknown): error is Failure => typeof error === 'object' && error !== null && 'status' in error && 'fieldErrors' in error;

export interface ConfirmedDeletionOptions<T> {
  /** Deletes; rejects with a Failure (a refusal shows in the dialog, which stays open for a retry). */
  remove: (target: T, signal: AbortSignal) => Promise<unknown>;
  /** After the deletion, the dialog closed (a toast, the list refreshed). */
  onDeleted: (target: T) => unknown;
}

/**
 * The composition root of machines/deleteConfirm: one confirmed deletion, held by the page (a row menu unmounts
 * when it closes). `remove` and `onDeleted` are read when called, so they may change with each render.
 */
export function useConfirmedDeletion<T>({ remove, onDeleted }: ConfirmedDeletionOptions<T>) {
  const latest = useRef({ remove, onDeleted });
  useEffect(() => {
    latest.current = { remove, onDeleted };
  });
  const machine = useMemo(
    () =>
      deleteConfirmMachine.provide({
        actors: createDeleteConfirmActors<T>({
          remove: (target, signal) =>
            latest.current.remove(target, signal).catch((error: unknown) => {
              // The dialog explains refusals; the rest (no answer, 5xx…) also go to the shell's catalogue.
              if (isFailure(error) && isGlobalFailure(error)) reportFailure(error);
              throw error;
            }),
        }),
        actions: { deleted: (_, { target }) => void latest.current.onDeleted(target as T) },
      }),
    [],
  );
  const [snapshot, send] = useInspectedMachine(machine);
  const view = selectDeleteConfirmView(snapshot);
  return {
    ...view,
    target: view.target as T | null,
    ask: (target: T) => send({ type: 'ASK', target }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
  };
}

export type ConfirmedDeletion<T> = ReturnType<typeof useConfirmedDeletion<T>>;

export interface DeleteConfirmDialogProps<T> {
  deletion: ConfirmedDeletion<T>;
  /** A short question ("Supprimer la formation ?"), or one naming the target. */
  title: string | ((target: T) => string);
  confirmLabel: string;
  cancelLabel: string;
  pendingLabel: string;
  'data-testid'?: string;
  /** What the dialog says of the target (its body); the failure, if any, is shown under it. */
  children: (target: T) => ReactNode;
}

/**
 * The one "Supprimer ?" dialog (role alertdialog, danger): Cancel and Escape close it except while the call runs;
 * the confirm button is busy meanwhile; the server's refusal shows under the body and confirming again retries.
 */
export function DeleteConfirmDialog<T>({ deletion, title, confirmLabel, cancelLabel, pendingLabel, 'data-testid': testId, children }: DeleteConfirmDialogProps<T>) {
  const intl = useIntl();
  const { target } = deletion;
  return (
    <ConfirmDialog
      isOpen={deletion.isOpen}
      onOpenChange={(open) => !open && deletion.cancel()}
      title={typeof title === 'function' ? (target === null ? '' : title(target)) : title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      variant="danger"
      isPending={deletion.isDeleting}
      pendingLabel={pendingLabel}
      closeOnConfirm={false}
      onConfirm={deletion.confirm}
    >
      <div className="stack" data-testid={testId}>
        {target === null ? null : children(target)}
        <FormError>{failureText(intl, deletion.failure)}</FormError>
      </div>
    </ConfirmDialog>
  );
}
