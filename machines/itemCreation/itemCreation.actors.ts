import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { CreatedItem, CreateItemInput } from './itemCreation.machine';

/** The call item creation needs; the app supplies it from the generated API client. */
export interface ItemCreationApi {
  /** POST …/training_items: a draft item of the type, last in its parent; answers the new item. */
  createItem(input: CreateItemInput, signal: AbortSignal): Promise<CreatedItem>;
}

/** Real actors for `itemCreationMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createItemCreationActors(api: ItemCreationApi) {
  return {
    create: fromPromise<CreatedItem, CreateItemInput>(({ input, signal }) => settleUnlessAborted(signal, api.createItem(input, signal))),
  };
}
