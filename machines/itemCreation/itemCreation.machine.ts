import { assign, not, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';
import type { Failure } from '../../shared/failure';
import { isTypeAllowed, titleProblem, type Creator, type PromptedItemType, type TitleProblem } from './itemTypes';

/** Spec section 9: the post-creation redirect happens 800 ms after the item is created. */
export const REDIRECT_DELAY_MS = 800;

/** What the `create` actor sends: a draft item of `type` named `name` (trimmed), last in `parentId`. */
export interface CreateItemInput {
  type: PromptedItemType;
  name: string;
  parentId: number | null;
}

/** What the `create` actor answers: the new item, enough to reach its editor. */
export interface CreatedItem {
  id: number;
  type: PromptedItemType;
  parentId: number | null;
}

export type ItemCreationInput = Creator;

export interface ItemCreationContext extends Creator {
  /** The type being created (or refused by the plan); null while idle. */
  itemType: PromptedItemType | null;
  /** The section the item goes into (null: top level). */
  parentId: number | null;
  /** The title as typed (untrimmed), kept after a failure. */
  title: string;
  /** Why the last SUBMIT was refused; cleared by typing. */
  problem: TitleProblem | null;
  /** Why the last creation failed (network, plan, validation); cleared when a new one starts. */
  failure: Failure | null;
  /** The item created, once `create` answered. */
  created: CreatedItem | null;
}

export type ItemCreationEvent =
  | { type: 'OPEN'; itemType: PromptedItemType; parentId: number | null }
  | { type: 'CHANGE'; title: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

const cleared = { itemType: null, parentId: null, title: '', problem: null, failure: null, created: null } as const;

/**
 * Creating a lesson, video, quiz, task list or assignment from the item tree (spec sections 7 and 9):
 * a title prompt, a draft created on the server, then the item's editor after 800 ms.
 *
 *   idle ──OPEN{itemType, parentId}──┬─ type not in the plan ─> upgradeOffered ──CANCEL──> idle
 *                                    └─> prompting
 *   prompting ─CHANGE{title}─> prompting        (problem cleared)
 *             ─SUBMIT─┬─ title blank or > 128 ─> prompting (problem = required | tooLong)
 *                     └─> creating ──done──> created ──after `redirect` (800 ms)──> idle + navigateToEditor
 *                            └──error──> prompting (title kept, failure shown)
 *             ─CANCEL─> idle
 *
 * `creating` ignores every event (the call is not cancelled half-way). `created` calls `itemCreated` at once
 * (the tree refreshes behind the "created" notice) and ignores CANCEL: the redirect is what the user asked for.
 * The plan rule is the server's (itemTypes.ts); the platform-admin flag passes it. Side effects are injected:
 * the `create` actor, the `itemCreated` and `navigateToEditor` actions.
 */
export const itemCreationMachine = setup({
  types: {} as { context: ItemCreationContext; events: ItemCreationEvent; input: ItemCreationInput },
  actors: {
    create: notProvidedPromise<CreatedItem, CreateItemInput>('itemCreation', 'create'),
  },
  actions: {
    /** The item exists: refresh what shows the outline. */
    itemCreated: notProvided<{ item: CreatedItem }>('itemCreation', 'itemCreated'),
    /** Opens the editor of the item (its route carries parentId). */
    navigateToEditor: notProvided<{ item: CreatedItem }>('itemCreation', 'navigateToEditor'),
    open: assign((_, params: { itemType: PromptedItemType; parentId: number | null }) => ({ ...cleared, ...params })),
    reset: assign(cleared),
    setTitle: assign((_, params: { title: string }) => ({ title: params.title, problem: null })),
    flagProblem: assign(({ context }) => ({ problem: titleProblem(context.title) })),
  },
  guards: {
    isAllowed: ({ context }, params: { itemType: PromptedItemType }) => isTypeAllowed(params.itemType, context),
    isAcceptable: ({ context }) => titleProblem(context.title) === null,
  },
  delays: {
    redirect: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'itemCreation',
  context: ({ input }) => ({ plan: input.plan, isPlatformAdmin: input.isPlatformAdmin, ...cleared }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: [
          {
            guard: { type: 'isAllowed', params: ({ event }) => ({ itemType: event.itemType }) },
            target: 'prompting',
            actions: { type: 'open', params: ({ event }) => ({ itemType: event.itemType, parentId: event.parentId }) },
          },
          { target: 'upgradeOffered', actions: { type: 'open', params: ({ event }) => ({ itemType: event.itemType, parentId: event.parentId }) } },
        ],
      },
    },
    /** The type is not in the plan: the upgrade confirm shows instead of the prompt. */
    upgradeOffered: {
      on: { CANCEL: { target: 'idle', actions: 'reset' } },
    },
    prompting: {
      on: {
        CHANGE: { actions: { type: 'setTitle', params: ({ event }) => ({ title: event.title }) } },
        SUBMIT: [{ guard: not('isAcceptable'), actions: 'flagProblem' }, { target: 'creating' }],
        CANCEL: { target: 'idle', actions: 'reset' },
      },
    },
    creating: {
      entry: assign({ problem: null, failure: null }),
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ type: context.itemType!, name: context.title.trim(), parentId: context.parentId }),
        onDone: {
          target: 'created',
          actions: [assign({ created: ({ event }) => event.output }), { type: 'itemCreated', params: ({ event }) => ({ item: event.output }) }],
        },
        onError: { target: 'prompting', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    /** "Created": the editor opens after the `redirect` delay. */
    created: {
      after: {
        redirect: {
          target: 'idle',
          actions: [{ type: 'navigateToEditor', params: ({ context }) => ({ item: context.created! }) }, 'reset'],
        },
      },
    },
  },
});
