import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { CrmNote, DeleteNoteInput, SaveNoteInput } from './crmNotes.machine';

/** The calls the notes need; the app supplies them from the API module. */
export interface CrmNotesApi {
  save(input: SaveNoteInput, signal: AbortSignal): Promise<CrmNote>;
  remove(id: number, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `crmNotesMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createCrmNotesActors(api: CrmNotesApi) {
  return {
    save: fromPromise<CrmNote, SaveNoteInput>(({ input, signal }) => settleUnlessAborted(signal, api.save(input, signal))),
    remove: fromPromise<void, DeleteNoteInput>(({ input, signal }) => settleUnlessAborted(signal, api.remove(input.id, signal).then(() => undefined))),
  };
}
