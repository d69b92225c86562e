import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { LessonBackup, LessonChanges, LessonFields, LessonItem } from './lessonDocument';
import type { SaveCopyInput, SaveLessonInput } from './lessonEditor.machine';

/** The calls the lesson editor needs; the app supplies them from the generated API client. */
export interface LessonEditorApi {
  /** GET …/training_items/{id}. */
  load(itemId: number, signal: AbortSignal): Promise<LessonItem>;
  /** PUT …/training_items/{id} against `version` (409 when the item moved on). */
  save(itemId: number, version: number, changes: LessonChanges, signal: AbortSignal): Promise<LessonItem>;
  /** A new draft item beside this one, holding `fields` (the "copy mine" answer to a conflict). */
  saveCopy(itemId: number, fields: LessonFields, signal: AbortSignal): Promise<unknown>;
}

/** Where the browser keeps unsaved work (the app: localStorage; tests: a map). */
export interface LessonBackupStore {
  read(itemId: number): Promise<LessonBackup | null>;
}

/** Real actors for `lessonEditorMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createLessonEditorActors(api: LessonEditorApi, store: LessonBackupStore) {
  return {
    load: fromPromise<LessonItem, { itemId: number }>(({ input, signal }) => settleUnlessAborted(signal, api.load(input.itemId, signal))),
    readBackup: fromPromise<LessonBackup | null, { itemId: number }>(({ input }) => store.read(input.itemId)),
    save: fromPromise<LessonItem, SaveLessonInput>(({ input, signal }) => settleUnlessAborted(signal, api.save(input.itemId, input.version, input.changes, signal))),
    saveCopy: fromPromise<unknown, SaveCopyInput>(({ input, signal }) => settleUnlessAborted(signal, api.saveCopy(input.itemId, input.fields, signal))),
  };
}
