import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { RemoveInput } from './deleteConfirm.machine';

/** The call a confirmed deletion needs; the app supplies it from src/api. */
export interface DeleteConfirmApi<T> {
  /** Deletes `target`; rejects with a Failure. */
  remove(target: T, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `deleteConfirmMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createDeleteConfirmActors<T>(api: DeleteConfirmApi<T>) {
  return {
    remove: fromPromise<void, RemoveInput>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.remove(input.target as T, signal).then(() => undefined),
      ),
    ),
  };
}
