import { assign, not, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { BlockType } from '../../shared/lessonBlocks';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import {
  AUTOSAVE_DELAY_MS,
  applyPending,
  changesBetween,
  fieldsOf,
  isSavable,
  moveBlock,
  newPendingBlock,
  openedBlock,
  pendingProblems,
  rehomePending,
  retryDelayMs,
  type LessonBackup,
  type LessonBackupInput,
  type LessonChanges,
  type LessonFields,
  type LessonItem,
  type PendingBlocks,
} from './lessonDocument';
import { placeTask, toggleBlocker, withBlockerScore, type UnlockBlockerType, type UnlockSettings } from './itemSettings';

export interface LessonEditorInput {
  itemId: number;
}

/** What the `save` actor sends: the changes, against the version they were made from. */
export interface SaveLessonInput {
  itemId: number;
  version: number;
  changes: LessonChanges;
}

/** What the `saveCopy` actor creates: a new draft item holding the trainer's version (conflict, "copy mine"). */
export interface SaveCopyInput {
  itemId: number;
  fields: LessonFields;
}

export type EditableField = 'name' | 'description' | 'min_complete_duration';

export type LessonEditorEvent =
  | { type: 'SET_NAME'; name: string }
  | { type: 'SET_DESCRIPTION'; description: string | null }
  | { type: 'SET_MIN_DURATION'; seconds: number | null }
  | { type: 'SET_UNLOCK'; changes: Partial<Pick<UnlockSettings, 'mode' | 'at' | 'delayDays'>> }
  | { type: 'SET_BLOCKER'; blockerType: UnlockBlockerType; itemId: number; on: boolean }
  | { type: 'SET_BLOCKER_SCORE'; itemId: number; minScore: number | null }
  | { type: 'ADD_TASK'; id: string }
  | { type: 'SET_TASK_LABEL'; id: string; label: string }
  | { type: 'REMOVE_TASK'; id: string }
  | { type: 'MOVE_TASK'; id: string; direction: 'up' | 'down' }
  | { type: 'PLACE_TASK'; id: string; index: number }
  | { type: 'ADD_BLOCK'; id: string; blockType: BlockType; after: string | null }
  | { type: 'EDIT_BLOCK'; id: string }
  | { type: 'CHANGE_BLOCK'; id: string; data: Record<string, unknown> }
  | { type: 'APPLY_BLOCK'; id: string }
  | { type: 'CANCEL_BLOCK'; id: string }
  | { type: 'MOVE_BLOCK'; id: string; direction: 'up' | 'down' }
  | { type: 'REMOVE_BLOCK'; id: string }
  | { type: 'SAVE' }
  | { type: 'SET_DRAFT'; draft: boolean }
  | { type: 'DISMISS_PROBLEM' }
  | { type: 'RESTORE' }
  | { type: 'DISCARD_BACKUP' }
  | { type: 'KEEP_MINE' }
  | { type: 'TAKE_THEIRS' }
  | { type: 'COPY_MINE' }
  | { type: 'RETRY' };

/** Why an explicit save (or publish) was refused: a block still open (spec section 4), or the title. */
export type SaveProblem = 'pendingChanges' | 'invalid';

export interface LessonEditorContext {
  itemId: number;
  /** The server's copy, as last received (load, save, conflict). */
  item: LessonItem | null;
  /** The version the current edits are based on. */
  version: number;
  /** What the server holds as far as we know; `fields !== saved` means unsaved changes. */
  saved: LessonFields | null;
  fields: LessonFields;
  pending: PendingBlocks;
  /** The fields being sent by the running save. */
  inFlight: LessonFields | null;
  /** Save failures in a row (the retry delay grows with it). */
  attempts: number;
  failure: Failure | null;
  problem: SaveProblem | null;
  /** The content the item had could not be read (not a block list): shown, nothing dropped until the trainer edits. */
  unreadable: boolean;
  /** Unsaved work the browser kept from an earlier visit, offered for restoring. */
  backup: LessonBackup | null;
  /** The other copy when a save met a newer version (409). */
  theirs: LessonItem | null;
  /** Every field is sent by the next save (after "keep mine"). */
  overwrite: boolean;
}

/** The browser's copy after a change: the unsaved work, or nothing once everything is saved. */
const backupOf = (context: LessonEditorContext) => ({
  itemId: context.itemId,
  backup:
    context.fields !== context.saved || Object.keys(context.pending).length > 0
      ? { itemId: context.itemId, version: context.version, fields: context.fields, pending: context.pending }
      : null,
});
const KEEP_BACKUP = { type: 'storeBackup', params: ({ context }: { context: LessonEditorContext }) => backupOf(context) } as const;
const DROP_BACKUP = { type: 'storeBackup', params: ({ context }: { context: LessonEditorContext }) => ({ itemId: context.itemId, backup: null }) } as const;

const EMPTY_FIELDS: LessonFields = {
  name: '',
  description: null,
  draft: true,
  min_complete_duration: null,
  blocks: [],
  unlock: { mode: 'NONE', at: null, delayDays: null, blockers: [] },
  tasks: null,
};

/** Failures worth trying again by themselves: no answer, a server error, a time-out or a throttle. */
const isTransient = (failure: Failure) => failure.status === null || failure.status >= 500 || failure.status === 408 || failure.status === 429;
const asFailure = (error: unknown): Failure =>
  typeof error === 'object' && error !== null && 'message' in error && 'status' in error
    ? (error as Failure)
    : { status: null, code: null, message: String(error), fieldErrors: {} };

/**
 * The lesson editor (spec sections 4 and 9; issue 10): edits mark the lesson dirty, an autosave runs every
 * 60 s while dirty and valid, a failed save keeps everything and is tried again with a growing delay, a save
 * against a newer copy (409) offers keep mine / take theirs / copy mine, and unsaved work is kept in the
 * browser (`backup`) and offered back after a crash or a reload.
 *
 *   loading ──done──> readingBackup ──(a backup that differs)──> restoreOffered ──RESTORE / DISCARD_BACKUP──> editing
 *      └─error─> failed ──RETRY──> loading                └──(none)──────────────────────────────────────────> editing
 *
 *   editing.clean ──(fields changed)──> dirty ──after autosave (60 s), valid──> saving
 *                                        └──SAVE / SET_DRAFT (no open block, valid)──> saving
 *   saving ──done──> clean | dirty (edited meanwhile)
 *          ──error 409──> conflict.loading ──> conflict.choosing ──KEEP_MINE──> saving (every field, their version)
 *                                                               ──TAKE_THEIRS──> clean
 *                                                               ──COPY_MINE──> conflict.copying ──> clean (theirs)
 *          ──error, transient──> retrying ──after retry (2 s, 4 s … 60 s) / SAVE──> saving
 *          ──error, refused (422, 403…)──> dirty (failure shown, no retry)
 *
 * Blocks: ADD_BLOCK opens a new block (not in the lesson yet), EDIT_BLOCK opens an applied one (a copy),
 * CHANGE_BLOCK edits the open copy, APPLY_BLOCK puts it in the lesson when it passes its rules, CANCEL_BLOCK
 * forgets it. An explicit save is refused while a block is open ("finish pending changes", spec section 4); the
 * autosave saves what was applied, the open block's text being in the browser's backup meanwhile.
 * Edits are taken in every editing state, saving included: nothing typed waits for the network.
 */
export const lessonEditorMachine = setup({
  types: {} as { context: LessonEditorContext; events: LessonEditorEvent; input: LessonEditorInput },
  actors: {
    load: notProvidedPromise<LessonItem, { itemId: number }>('lessonEditor', 'load'),
    readBackup: notProvidedPromise<LessonBackup | null, { itemId: number }>('lessonEditor', 'readBackup'),
    save: notProvidedPromise<LessonItem, SaveLessonInput>('lessonEditor', 'save'),
    saveCopy: notProvidedPromise<unknown, SaveCopyInput>('lessonEditor', 'saveCopy'),
  },
  actions: {
    /** Keeps the unsaved work in the browser, or (null) forgets it: everything saved, or the trainer discarded it. */
    storeBackup: notProvided<{ itemId: number; backup: LessonBackupInput | null }>('lessonEditor', 'storeBackup'),
    /** The lesson was saved (the outline shows its name and draft mark). */
    saved: notProvided<{ item: LessonItem }>('lessonEditor', 'saved'),
    received: assign((_, item: LessonItem) => {
      const { fields, unreadable } = fieldsOf(item);
      return { item, version: item.version, saved: fields, fields, unreadable, pending: {}, inFlight: null, theirs: null, overwrite: false };
    }),
    setFields: assign(({ context }, changes: Partial<LessonFields>) => ({ fields: { ...context.fields, ...changes }, problem: null })),
    setPending: assign((_, pending: PendingBlocks) => ({ pending })),
  },
  guards: {
    hasChanges: ({ context }) => context.fields !== context.saved,
    hasUnsavedWork: ({ context }) => context.fields !== context.saved || Object.keys(context.pending).length > 0,
    hasOpenBlock: ({ context }) => Object.keys(context.pending).length > 0,
    isSavable: ({ context }) => isSavable(context.fields),
    isConflict: (_, failure: Failure) => failure.status === 409,
    isTransient: (_, failure: Failure) => isTransient(failure),
    editedMeanwhile: ({ context }) => context.fields !== context.inFlight,
    backupDiffers: ({ context }, backup: LessonBackup | null) =>
      backup !== null && (JSON.stringify(backup.fields) !== JSON.stringify(context.saved) || Object.keys(backup.pending).length > 0),
  },
  delays: {
    autosave: AUTOSAVE_DELAY_MS,
    retry: ({ context }) => retryDelayMs(context.attempts),
  },
}).createMachine({
  id: 'lessonEditor',
  context: ({ input }) => ({
    itemId: input.itemId,
    item: null,
    version: 0,
    saved: null,
    fields: EMPTY_FIELDS,
    pending: {},
    inFlight: null,
    attempts: 0,
    failure: null,
    problem: null,
    unreadable: false,
    backup: null,
    theirs: null,
    overwrite: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: { target: 'readingBackup', actions: { type: 'received', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
      },
    },
    /** The item could not be loaded: the page shows the not-found page (spec section 2) or the failure. */
    failed: {
      on: { RETRY: 'loading' },
    },
    readingBackup: {
      invoke: {
        id: 'readBackup',
        src: 'readBackup',
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: [
          { guard: { type: 'backupDiffers', params: ({ event }) => event.output }, target: 'restoreOffered', actions: assign({ backup: ({ event }) => event.output }) },
          { target: 'editing', actions: DROP_BACKUP },
        ],
        // An unreadable browser copy is no reason to keep the lesson closed.
        onError: 'editing',
      },
    },
    /** Unsaved work from an earlier visit: restore it (dirty, saved by the next save) or discard it. */
    restoreOffered: {
      on: {
        RESTORE: {
          target: 'editing',
          // Against the version it started from: if someone saved since, the next save meets the conflict choice.
          // A backup written before a field existed (unlock settings, tasks) takes that field from the server's copy.
          actions: assign(({ context }) => ({
            fields: { ...context.fields, ...context.backup!.fields },
            pending: context.backup!.pending,
            version: Math.min(context.version, context.backup!.version),
            backup: null,
          })),
        },
        DISCARD_BACKUP: { target: 'editing', actions: [assign({ backup: null }), DROP_BACKUP] },
      },
    },
    editing: {
      initial: 'clean',
      on: {
        SET_NAME: { actions: [{ type: 'setFields', params: ({ event }) => ({ name: event.name }) }, KEEP_BACKUP] },
        SET_DESCRIPTION: { actions: [{ type: 'setFields', params: ({ event }) => ({ description: event.description }) }, KEEP_BACKUP] },
        SET_MIN_DURATION: { actions: [{ type: 'setFields', params: ({ event }) => ({ min_complete_duration: event.seconds }) }, KEEP_BACKUP] },
        SET_UNLOCK: { actions: [{ type: 'setFields', params: ({ context, event }) => ({ unlock: { ...context.fields.unlock, ...event.changes } }) }, KEEP_BACKUP] },
        SET_BLOCKER: {
          actions: [
            { type: 'setFields', params: ({ context, event }) => ({ unlock: { ...context.fields.unlock, blockers: toggleBlocker(context.fields.unlock.blockers, event.blockerType, event.itemId, event.on) } }) },
            KEEP_BACKUP,
          ],
        },
        SET_BLOCKER_SCORE: {
          guard: ({ context, event }) => context.fields.unlock.blockers.some((blocker) => blocker.type === 'QUIZ_SCORE' && blocker.item_id === event.itemId),
          actions: [
            { type: 'setFields', params: ({ context, event }) => ({ unlock: { ...context.fields.unlock, blockers: withBlockerScore(context.fields.unlock.blockers, event.itemId, event.minScore) } }) },
            KEEP_BACKUP,
          ],
        },
        // Tasks: only on a TASKS item (fields.tasks is null for every other type).
        ADD_TASK: {
          guard: ({ context, event }) => context.fields.tasks !== null && !context.fields.tasks.some((task) => task.id === event.id),
          actions: [{ type: 'setFields', params: ({ context, event }) => ({ tasks: [...context.fields.tasks!, { id: event.id, label: '' }] }) }, KEEP_BACKUP],
        },
        SET_TASK_LABEL: {
          guard: ({ context, event }) => context.fields.tasks?.some((task) => task.id === event.id) ?? false,
          actions: [
            { type: 'setFields', params: ({ context, event }) => ({ tasks: context.fields.tasks!.map((task) => (task.id === event.id ? { ...task, label: event.label } : task)) }) },
            KEEP_BACKUP,
          ],
        },
        REMOVE_TASK: {
          guard: ({ context, event }) => context.fields.tasks?.some((task) => task.id === event.id) ?? false,
          actions: [{ type: 'setFields', params: ({ context, event }) => ({ tasks: context.fields.tasks!.filter((task) => task.id !== event.id) }) }, KEEP_BACKUP],
        },
        MOVE_TASK: {
          guard: ({ context, event }) => context.fields.tasks !== null && moveBlock(context.fields.tasks, event.id, event.direction) !== null,
          actions: [{ type: 'setFields', params: ({ context, event }) => ({ tasks: moveBlock(context.fields.tasks!, event.id, event.direction)! }) }, KEEP_BACKUP],
        },
        PLACE_TASK: {
          guard: ({ context, event }) => context.fields.tasks !== null && placeTask(context.fields.tasks, event.id, event.index) !== null,
          actions: [{ type: 'setFields', params: ({ context, event }) => ({ tasks: placeTask(context.fields.tasks!, event.id, event.index)! }) }, KEEP_BACKUP],
        },
        ADD_BLOCK: {
          guard: ({ context, event }) => !(event.id in context.pending) && !context.fields.blocks.some((block) => block.id === event.id),
          actions: [{ type: 'setPending', params: ({ context, event }) => ({ ...context.pending, [event.id]: newPendingBlock(event.blockType, event.after) }) }, KEEP_BACKUP],
        },
        EDIT_BLOCK: {
          guard: ({ context, event }) => !(event.id in context.pending) && context.fields.blocks.some((block) => block.id === event.id),
          actions: [
            { type: 'setPending', params: ({ context, event }) => ({ ...context.pending, [event.id]: openedBlock(context.fields.blocks.find((block) => block.id === event.id)!) }) },
            KEEP_BACKUP,
          ],
        },
        CHANGE_BLOCK: {
          guard: ({ context, event }) => event.id in context.pending,
          actions: [
            { type: 'setPending', params: ({ context, event }) => ({ ...context.pending, [event.id]: { ...context.pending[event.id]!, data: event.data, problems: null } }) },
            KEEP_BACKUP,
          ],
        },
        APPLY_BLOCK: [
          {
            guard: ({ context, event }) => event.id in context.pending && Object.keys(pendingProblems(event.id, context.pending[event.id]!)).length > 0,
            actions: {
              type: 'setPending',
              params: ({ context, event }) => ({ ...context.pending, [event.id]: { ...context.pending[event.id]!, problems: pendingProblems(event.id, context.pending[event.id]!) } }),
            },
          },
          {
            guard: ({ context, event }) => event.id in context.pending,
            actions: [
              assign(({ context, event }) => {
                const { [event.id]: applied, ...rest } = context.pending;
                return { fields: { ...context.fields, blocks: applyPending(context.fields.blocks, event.id, applied!) }, pending: rest, problem: null };
              }),
              KEEP_BACKUP,
            ],
          },
        ],
        CANCEL_BLOCK: {
          guard: ({ context, event }) => event.id in context.pending,
          actions: [
            assign(({ context, event }) => {
              const { [event.id]: _dropped, ...rest } = context.pending;
              return { pending: rest, problem: null };
            }),
            KEEP_BACKUP,
          ],
        },
        MOVE_BLOCK: {
          guard: ({ context, event }) => moveBlock(context.fields.blocks, event.id, event.direction) !== null,
          actions: [{ type: 'setFields', params: ({ context, event }) => ({ blocks: moveBlock(context.fields.blocks, event.id, event.direction)! }) }, KEEP_BACKUP],
        },
        REMOVE_BLOCK: {
          guard: ({ context, event }) => context.fields.blocks.some((block) => block.id === event.id) && !(event.id in context.pending),
          actions: [
            assign(({ context, event }) => ({
              pending: rehomePending(context.pending, context.fields.blocks, event.id),
              fields: { ...context.fields, blocks: context.fields.blocks.filter((block) => block.id !== event.id) },
              problem: null,
            })),
            KEEP_BACKUP,
          ],
        },
        DISMISS_PROBLEM: { actions: assign({ problem: null, failure: null }) },
      },
      states: {
        clean: {
          always: { guard: 'hasChanges', target: 'dirty' },
          on: {
            SAVE: { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
            SET_DRAFT: [
              { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
              { guard: not('isSavable'), actions: assign({ problem: 'invalid' }) },
              { target: 'saving', actions: { type: 'setFields', params: ({ event }) => ({ draft: event.draft }) } },
            ],
          },
        },
        dirty: {
          after: {
            autosave: [{ guard: 'isSavable', target: 'saving' }, { target: 'dirty', reenter: true }],
          },
          on: {
            SAVE: [
              { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
              { guard: not('isSavable'), actions: assign({ problem: 'invalid' }) },
              { target: 'saving' },
            ],
            SET_DRAFT: [
              { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
              { guard: not('isSavable'), actions: assign({ problem: 'invalid' }) },
              { target: 'saving', actions: { type: 'setFields', params: ({ event }) => ({ draft: event.draft }) } },
            ],
          },
        },
        saving: {
          entry: assign(({ context }) => ({ inFlight: context.fields, problem: null })),
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ itemId: context.itemId, version: context.version, changes: changesBetween(context.overwrite ? null : context.saved, context.fields) }),
            onDone: [
              {
                guard: 'editedMeanwhile',
                target: 'dirty',
                actions: [
                  assign(({ context, event }) => ({ item: event.output, version: event.output.version, saved: context.inFlight, inFlight: null, attempts: 0, failure: null, overwrite: false })),
                  { type: 'saved', params: ({ event }) => ({ item: event.output }) },
                  KEEP_BACKUP,
                ],
              },
              {
                target: 'clean',
                actions: [
                  // Nothing changed meanwhile: take the server's copy (what it cleaned is what the trainer sees).
                  assign(({ event }) => {
                    const { fields } = fieldsOf(event.output);
                    return { item: event.output, version: event.output.version, saved: fields, fields, unreadable: false, inFlight: null, attempts: 0, failure: null, overwrite: false };
                  }),
                  { type: 'saved', params: ({ event }) => ({ item: event.output }) },
                  KEEP_BACKUP,
                ],
              },
            ],
            onError: [
              { guard: { type: 'isConflict', params: ({ event }) => asFailure(event.error) }, target: 'conflict', actions: assign({ inFlight: null, failure: ({ event }) => asFailure(event.error) }) },
              {
                guard: { type: 'isTransient', params: ({ event }) => asFailure(event.error) },
                target: 'retrying',
                actions: [assign(({ context, event }) => ({ inFlight: null, attempts: context.attempts + 1, failure: asFailure(event.error) })), KEEP_BACKUP],
              },
              { target: 'dirty', actions: [assign(({ event }) => ({ inFlight: null, failure: asFailure(event.error) })), KEEP_BACKUP] },
            ],
          },
        },
        /** A save failed for a reason that may pass: everything stays dirty and in the browser; tried again later. */
        retrying: {
          after: { retry: [{ guard: 'isSavable', target: 'saving' }, { target: 'dirty' }] },
          on: {
            SAVE: [
              { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
              { guard: not('isSavable'), actions: assign({ problem: 'invalid' }) },
              { target: 'saving' },
            ],
            SET_DRAFT: [
              { guard: 'hasOpenBlock', actions: assign({ problem: 'pendingChanges' }) },
              { guard: not('isSavable'), actions: assign({ problem: 'invalid' }) },
              { target: 'saving', actions: { type: 'setFields', params: ({ event }) => ({ draft: event.draft }) } },
            ],
          },
        },
        /** Someone saved a newer copy: nothing is overwritten until the trainer chooses. */
        conflict: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadTheirs',
                src: 'load',
                input: ({ context }) => ({ itemId: context.itemId }),
                onDone: { target: 'choosing', actions: assign({ theirs: ({ event }) => event.output }) },
                // Their copy could not be read: the choice stays possible without showing it.
                onError: { target: 'choosing', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
              },
            },
            choosing: {
              on: {
                // Keeping mine overwrites their version, so it needs that version: without it, read it again first.
                KEEP_MINE: {
                  guard: ({ context }) => context.theirs !== null && isSavable(context.fields),
                  target: '#lessonEditor.editing.saving',
                  actions: assign(({ context }) => ({ version: context.theirs!.version, overwrite: true, theirs: null, failure: null })),
                },
                RETRY: { guard: ({ context }) => context.theirs === null, target: 'loading' },
                TAKE_THEIRS: {
                  guard: ({ context }) => context.theirs !== null,
                  target: '#lessonEditor.editing.clean',
                  actions: [{ type: 'received', params: ({ context }) => context.theirs! }, DROP_BACKUP],
                },
                COPY_MINE: { guard: ({ context }) => context.theirs !== null, target: 'copying' },
              },
            },
            copying: {
              invoke: {
                id: 'saveCopy',
                src: 'saveCopy',
                input: ({ context }) => ({ itemId: context.itemId, fields: context.fields }),
                onDone: { target: '#lessonEditor.editing.clean', actions: [{ type: 'received', params: ({ context }) => context.theirs! }, DROP_BACKUP] },
                onError: { target: 'choosing', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
