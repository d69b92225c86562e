import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { DuplicateInput, SaveEntryInput, SetDraftInput } from './treeDialogs.machine';

/** The calls the tree's dialogs need; the app supplies them from src/api. */
export interface TreeDialogsApi {
  /** Creates the section, or saves the section's or item's changes. */
  saveEntry(input: SaveEntryInput, signal: AbortSignal): Promise<unknown>;
  /** Duplicates the entry here (target null) or into another training. */
  duplicate(input: DuplicateInput, signal: AbortSignal): Promise<unknown>;
  /** Publishes the item (draft false) or puts it back to draft (draft true). */
  setDraft(input: SetDraftInput, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `treeDialogsMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createTreeDialogsActors(api: TreeDialogsApi) {
  return {
    saveEntry: fromPromise<void, SaveEntryInput>(({ input, signal }) => settleUnlessAborted(signal, api.saveEntry(input, signal).then(() => undefined))),
    duplicate: fromPromise<void, DuplicateInput>(({ input, signal }) => settleUnlessAborted(signal, api.duplicate(input, signal).then(() => undefined))),
    setDraft: fromPromise<void, SetDraftInput>(({ input, signal }) => settleUnlessAborted(signal, api.setDraft(input, signal).then(() => undefined))),
  };
}
