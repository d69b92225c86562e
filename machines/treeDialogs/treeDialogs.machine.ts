import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { isTypeAllowed, titleProblem, type Creator, type TitleProblem } from '../itemCreation/itemTypes';
import type { components } from '../../src/api/schema.gen';

/** An entry of the content tree (a section or an item), as the outline gives it. */
export type TreeNode = components['schemas']['TrainingItemNode'];

/** What the entry dialog does: a new section, a section edited (title and draft), an item renamed. */
export type EntryMode = { kind: 'newSection' } | { kind: 'editSection'; node: TreeNode } | { kind: 'renameItem'; node: TreeNode };

/** The values of the entry dialog's form. */
export interface EntryValues {
  name: string;
  draft: boolean;
}

/** Another training of the store, where an entry is copied. */
export interface TargetTraining {
  uuid: string;
  name: string;
}

export interface TreeDialogsInput {
  /** The store's plan and the platform-admin flag: SCORM needs EXPERT (or a platform admin). */
  creator: Creator;
  /** The browser's "training-item confirm count" (spec 3): the publishes confirmed in the tree's dialog so far. */
  confirmCount: number;
  /** The browser's "hide-confirm flag" (spec 3): publishing from the tree asks nothing. */
  hideConfirm: boolean;
}

/** From this many confirmed publishes, the publish dialog also offers "Ne plus me demander" (its third showing). */
export const HIDE_CONFIRM_OFFERED_FROM = 2;

export interface TreeDialogsContext {
  creator: Creator;
  /** The entry dialog's mode, while it is open. */
  entry: EntryMode | null;
  /** The entry a dialog is about (duplicated elsewhere, the section a SCORM goes into), or the one duplicated here. */
  node: TreeNode | null;
  /** The training chosen to copy `node` into (while it is copied). */
  target: TargetTraining | null;
  /** The title problem found at the last SAVE_ENTRY (checked before the call, as the server does). */
  problem: TitleProblem | null;
  /** Why the last call of the open dialog failed; null once a new call starts. */
  failure: Failure | null;
  /** The publishes confirmed in the dialog so far (from the browser, counted up here as they succeed). */
  confirmCount: number;
  /** Publishing from the tree asks nothing (from the browser, or ticked in the dialog). */
  hideConfirm: boolean;
  /** The draft value `node` is being given (publish: false, put back to draft: true), while it is. */
  draft: boolean | null;
  /** The publish of `node` was confirmed in the dialog (it counts), and "Ne plus me demander" was ticked. */
  confirmed: { hideNext: boolean } | null;
}

export type TreeDialogsEvent =
  /** "Ajouter un chapitre". */
  | { type: 'NEW_SECTION' }
  /** "Modifier" (a section: title and draft) or "Renommer" (an item). */
  | { type: 'EDIT'; node: TreeNode }
  /** "Dupliquer": a copy right after it, no dialog. */
  | { type: 'DUPLICATE'; node: TreeNode }
  /** "Dupliquer dans une autre formation". */
  | { type: 'DUPLICATE_ELSEWHERE'; node: TreeNode }
  /** "Ajouter" → SCORM in a section: the upload dialog, or the upgrade offer below EXPERT. */
  | { type: 'ADD_SCORM'; section: TreeNode }
  /** "Publier" (an item): the confirmation, or at once when the hide-confirm flag is set. */
  | { type: 'PUBLISH'; node: TreeNode }
  /** "Repasser en brouillon" (an item): at once, no confirmation. */
  | { type: 'UNPUBLISH'; node: TreeNode }
  /** "Publier" in the confirmation; `hideConfirm`: "Ne plus me demander" ticked (heeded only when it is offered). */
  | { type: 'CONFIRM_PUBLISH'; hideConfirm: boolean }
  | { type: 'SAVE_ENTRY'; values: EntryValues }
  | { type: 'CONFIRM_DUPLICATE'; target: TargetTraining }
  /** The SCORM upload field created the item. */
  | { type: 'SCORM_ADDED'; name: string }
  /** Cancel, Escape, the × of the open dialog. */
  | { type: 'CLOSE' };

export interface SaveEntryInput {
  mode: EntryMode;
  values: EntryValues;
}
export interface SetDraftInput {
  node: TreeNode;
  /** false: publish; true: put back to draft. */
  draft: boolean;
}
export interface DuplicateInput {
  node: TreeNode;
  /** null: here, right after it. */
  target: TargetTraining | null;
}

/**
 * The dialogs of a training's content tree and the one-click duplicate (the deletion is machines/deleteConfirm,
 * the moves machines/reorder, a new lesson's title prompt machines/itemCreation).
 *
 *   idle ──NEW_SECTION | EDIT { node }──> entry.editing ──SAVE_ENTRY──┬─ title problem ─> entry.editing (problem)
 *     │                                     └─CLOSE─> idle           └─> entry.saving ──done──> idle (`entrySaved`)
 *     │                                                                     └──error──> entry.editing (failure)
 *     ├─DUPLICATE { node }──> duplicatingHere ──done──> idle (`duplicated`) | ──error──> idle (`duplicateFailed`)
 *     ├─DUPLICATE_ELSEWHERE { node }──> elsewhere.choosing ──CONFIRM_DUPLICATE { target }──> elsewhere.duplicating
 *     │                                   └─CLOSE─> idle          ──done──> idle (`duplicatedElsewhere`)
 *     │                                                           ──error──> elsewhere.choosing (failure)
 *     ├─ADD_SCORM { section }──┬─ plan includes SCORM ─> scorm ──SCORM_ADDED { name }──> idle (`scormAdded`)
 *     │                        │                          └─CLOSE─> idle
 *     │                        └─ otherwise ─> scormUpgrade ──CLOSE──> idle
 *     ├─PUBLISH { node }──┬─ hide-confirm flag ─> publication.saving
 *     │                   └─ otherwise ─> publication.confirming ──CONFIRM_PUBLISH { hideConfirm }──> publication.saving
 *     │                                     └─CLOSE─> idle
 *     └─UNPUBLISH { node }──> publication.saving ──done──> idle (`draftChanged`; a confirmed publish: `storeConfirmCount`,
 *                                                 │        and `storeHideConfirm` when "Ne plus me demander" was ticked)
 *                                                 └─error──> idle (`draftFailed`; nothing counted, nothing stored)
 *
 * "Ne plus me demander" is offered from the third showing of the publish confirmation (two publishes confirmed
 * before: HIDE_CONFIRM_OFFERED_FROM); the count and the flag come in as input and their writes are actions.
 * A dialog cannot be closed while its call runs (entry.saving, elsewhere.duplicating, a confirmed publish), and
 * nothing else opens meanwhile; the SCORM upload has its own machine (the upload field), whose success is
 * SCORM_ADDED.
 */
export const treeDialogsMachine = setup({
  types: {} as { context: TreeDialogsContext; events: TreeDialogsEvent; input: TreeDialogsInput },
  actors: {
    /** Creates the section, or updates the section or item (PUT its name, and draft for a section). */
    saveEntry: notProvidedPromise<void, SaveEntryInput>('treeDialogs', 'saveEntry'),
    /** POST …/duplication, here (target null) or into another training. */
    duplicate: notProvidedPromise<void, DuplicateInput>('treeDialogs', 'duplicate'),
    /** PUT …/training_items/{id} with `draft` alone: publish or put back to draft. */
    setDraft: notProvidedPromise<void, SetDraftInput>('treeDialogs', 'setDraft'),
  },
  actions: {
    /** The entry dialog saved: the tree is read again. */
    entrySaved: notProvided('treeDialogs', 'entrySaved'),
    /** Duplicated here: a toast, the tree read again. */
    duplicated: notProvided<{ node: TreeNode }>('treeDialogs', 'duplicated'),
    /** Duplicating here failed: a notice (no dialog to show it on). */
    duplicateFailed: notProvided<{ failure: Failure }>('treeDialogs', 'duplicateFailed'),
    /** Duplicated into another training: a toast. */
    duplicatedElsewhere: notProvided<{ node: TreeNode; target: TargetTraining }>('treeDialogs', 'duplicatedElsewhere'),
    /** A SCORM package became an item: a toast, the tree read again. */
    scormAdded: notProvided<{ name: string }>('treeDialogs', 'scormAdded'),
    /** Published or put back to draft: a toast, the tree read again. */
    draftChanged: notProvided<{ node: TreeNode; draft: boolean }>('treeDialogs', 'draftChanged'),
    /** Publishing or putting back to draft failed: a notice with the server's message. */
    draftFailed: notProvided<{ failure: Failure }>('treeDialogs', 'draftFailed'),
    /** Writes the browser's confirm count. */
    storeConfirmCount: notProvided<{ count: number }>('treeDialogs', 'storeConfirmCount'),
    /** Sets the browser's hide-confirm flag. */
    storeHideConfirm: notProvided('treeDialogs', 'storeHideConfirm'),
    openEntry: assign((_, params: { entry: EntryMode }) => ({ entry: params.entry, node: null, target: null, problem: null, failure: null })),
    openFor: assign((_, params: { node: TreeNode }) => ({ entry: null, node: params.node, target: null, problem: null, failure: null })),
    openDraft: assign((_, params: { node: TreeNode; draft: boolean }) => ({ entry: null, node: params.node, target: null, problem: null, failure: null, draft: params.draft })),
    confirm: assign(({ context }, params: { hideConfirm: boolean }) => ({ confirmed: { hideNext: params.hideConfirm && context.confirmCount >= HIDE_CONFIRM_OFFERED_FROM } })),
    countConfirm: assign(({ context }) => ({ confirmCount: context.confirmCount + 1, hideConfirm: context.hideConfirm || context.confirmed!.hideNext })),
    setTarget: assign((_, params: { target: TargetTraining }) => ({ target: params.target })),
    flagTitle: assign((_, params: { name: string }) => ({ problem: titleProblem(params.name) })),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: params.error as Failure })),
    reset: assign({ entry: null, node: null, target: null, problem: null, failure: null, draft: null, confirmed: null }),
  },
  guards: {
    titleIsWrong: (_, params: { name: string }) => titleProblem(params.name) !== null,
    scormAllowed: ({ context }) => isTypeAllowed('SCORM', context.creator),
    confirmHidden: ({ context }) => context.hideConfirm,
    confirmedHidingNext: ({ context }) => context.confirmed?.hideNext === true,
    confirmed: ({ context }) => context.confirmed !== null,
  },
}).createMachine({
  id: 'treeDialogs',
  context: ({ input }) => ({
    creator: input.creator,
    entry: null,
    node: null,
    target: null,
    problem: null,
    failure: null,
    confirmCount: input.confirmCount,
    hideConfirm: input.hideConfirm,
    draft: null,
    confirmed: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      entry: 'reset',
      on: {
        NEW_SECTION: { target: 'entry', actions: { type: 'openEntry', params: { entry: { kind: 'newSection' } } } },
        EDIT: {
          target: 'entry',
          actions: { type: 'openEntry', params: ({ event }) => ({ entry: event.node.type === 'SECTION' ? { kind: 'editSection', node: event.node } : { kind: 'renameItem', node: event.node } }) },
        },
        DUPLICATE: { target: 'duplicatingHere', actions: { type: 'openFor', params: ({ event }) => ({ node: event.node }) } },
        DUPLICATE_ELSEWHERE: { target: 'elsewhere', actions: { type: 'openFor', params: ({ event }) => ({ node: event.node }) } },
        ADD_SCORM: [
          { guard: 'scormAllowed', target: 'scorm', actions: { type: 'openFor', params: ({ event }) => ({ node: event.section }) } },
          { target: 'scormUpgrade' },
        ],
        PUBLISH: [
          { guard: 'confirmHidden', target: 'publication.saving', actions: { type: 'openDraft', params: ({ event }) => ({ node: event.node, draft: false }) } },
          { target: 'publication', actions: { type: 'openDraft', params: ({ event }) => ({ node: event.node, draft: false }) } },
        ],
        UNPUBLISH: { target: 'publication.saving', actions: { type: 'openDraft', params: ({ event }) => ({ node: event.node, draft: true }) } },
      },
    },
    /** The section dialog or the rename dialog. */
    entry: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE_ENTRY: [
              { guard: { type: 'titleIsWrong', params: ({ event }) => ({ name: event.values.name }) }, actions: { type: 'flagTitle', params: ({ event }) => ({ name: event.values.name }) } },
              { target: 'saving' },
            ],
            CLOSE: '#treeDialogs.idle',
          },
        },
        saving: {
          entry: assign({ problem: null, failure: null }),
          invoke: {
            id: 'saveEntry',
            src: 'saveEntry',
            input: ({ context, event }) => ({ mode: context.entry!, values: (event as Extract<TreeDialogsEvent, { type: 'SAVE_ENTRY' }>).values }),
            onDone: { target: '#treeDialogs.idle', actions: 'entrySaved' },
            onError: { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** The one-click duplicate runs (no dialog). */
    duplicatingHere: {
      invoke: {
        id: 'duplicateHere',
        src: 'duplicate',
        input: ({ context }) => ({ node: context.node!, target: null }),
        onDone: { target: 'idle', actions: { type: 'duplicated', params: ({ context }) => ({ node: context.node! }) } },
        onError: { target: 'idle', actions: { type: 'duplicateFailed', params: ({ event }) => ({ failure: event.error as Failure }) } },
      },
    },
    /** "Dupliquer dans une autre formation": the training is chosen, then the copy made. */
    elsewhere: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            CONFIRM_DUPLICATE: { target: 'duplicating', actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) } },
            CLOSE: '#treeDialogs.idle',
          },
        },
        duplicating: {
          entry: assign({ failure: null }),
          invoke: {
            id: 'duplicateElsewhere',
            src: 'duplicate',
            input: ({ context }) => ({ node: context.node!, target: context.target }),
            onDone: { target: '#treeDialogs.idle', actions: { type: 'duplicatedElsewhere', params: ({ context }) => ({ node: context.node!, target: context.target! }) } },
            onError: { target: 'choosing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** The SCORM upload dialog for `node` (a section). */
    scorm: {
      on: {
        SCORM_ADDED: { target: 'idle', actions: { type: 'scormAdded', params: ({ event }) => ({ name: event.name }) } },
        CLOSE: 'idle',
      },
    },
    /** SCORM is not in the plan: "Passer à une offre supérieure ?". */
    scormUpgrade: {
      on: { CLOSE: 'idle' },
    },
    /** Publishing `node` (confirmed first, unless the flag hides it) or putting it back to draft. */
    publication: {
      initial: 'confirming',
      states: {
        /** "Publier « … » ?", with "Ne plus me demander" from its third showing. */
        confirming: {
          on: {
            CONFIRM_PUBLISH: { target: 'saving', actions: { type: 'confirm', params: ({ event }) => ({ hideConfirm: event.hideConfirm }) } },
            CLOSE: '#treeDialogs.idle',
          },
        },
        saving: {
          invoke: {
            id: 'setDraft',
            src: 'setDraft',
            input: ({ context }) => ({ node: context.node!, draft: context.draft! }),
            onDone: [
              {
                guard: 'confirmedHidingNext',
                target: '#treeDialogs.idle',
                actions: ['countConfirm', { type: 'storeConfirmCount', params: ({ context }) => ({ count: context.confirmCount }) }, 'storeHideConfirm', { type: 'draftChanged', params: ({ context }) => ({ node: context.node!, draft: context.draft! }) }],
              },
              {
                guard: 'confirmed',
                target: '#treeDialogs.idle',
                actions: ['countConfirm', { type: 'storeConfirmCount', params: ({ context }) => ({ count: context.confirmCount }) }, { type: 'draftChanged', params: ({ context }) => ({ node: context.node!, draft: context.draft! }) }],
              },
              { target: '#treeDialogs.idle', actions: { type: 'draftChanged', params: ({ context }) => ({ node: context.node!, draft: context.draft! }) } },
            ],
            onError: { target: '#treeDialogs.idle', actions: { type: 'draftFailed', params: ({ event }) => ({ failure: event.error as Failure }) } },
          },
        },
      },
    },
  },
});
