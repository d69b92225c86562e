import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SaveOrderInput } from './reorder.machine';

/** Stores an order; the app supplies it from the generated API client (PUT /trainings/reordering, …). */
export type SaveOrder = (input: SaveOrderInput, signal: AbortSignal) => Promise<unknown>;

/** Real actors for `reorderMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createReorderActors(save: SaveOrder) {
  return {
    save: fromPromise<unknown, SaveOrderInput>(({ input, signal }) => settleUnlessAborted(signal, save(input, signal).then(() => undefined))),
  };
}
