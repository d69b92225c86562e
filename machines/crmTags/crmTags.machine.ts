import { assign, setup } from 'xstate';
import type { Failure } from '../../shared/failure';
import type { components } from '../../src/api/schema.gen';
import { notProvidedPromise } from '../support/notProvided';

export type CrmTag = components['schemas']['CrmTag'];

export interface CrmTagsInput {
  /** The customer's tags as the server last gave them. */
  tags: CrmTag[];
}

/** Why a typed tag is not added: nothing typed, longer than the contract's 64, or the customer has it already. */
export type TagProblem = 'required' | 'tooLong' | 'duplicate';

export interface CrmTagsContext {
  tags: CrmTag[];
  /** The tag being typed (untrimmed). */
  draft: string;
  problem: TagProblem | null;
  /** The tag being removed, while `removing`. */
  pending: string | null;
  failure: Failure | null;
}

export type CrmTagsEvent =
  | { type: 'CHANGE'; value: string }
  | { type: 'ADD' }
  | { type: 'REMOVE'; value: string }
  /** The customer was read again (another tab, a store-wide delete): the server's tags replace ours. */
  | { type: 'SYNC'; tags: CrmTag[] };

/** What `add` and `remove` send: one tag value; both answer the customer's tags afterwards. */
export interface TagInput {
  value: string;
}

const MAX = 64;
/** Same folding as the server: spaces collapsed, case ignored when comparing. */
export const normalTag = (value: string) => value.trim().replace(/\s+/g, ' ');

export function tagProblem(value: string, tags: readonly CrmTag[]): TagProblem | null {
  const tag = normalTag(value);
  if (!tag) return 'required';
  if (tag.length > MAX) return 'tooLong';
  if (tags.some((t) => t.value.toLowerCase() === tag.toLowerCase())) return 'duplicate';
  return null;
}

/**
 * A customer's CRM tags on their page (issue 14).
 *
 *   idle ─CHANGE─> idle (draft set, problem cleared)
 *     ├─ADD─┬─ tagProblem(draft) ─> idle, problem
 *     │     └─ otherwise ─> adding ──done(tags)──> idle (tags replaced, draft emptied)
 *     │                        └──error──> idle (failure kept, draft kept)
 *     ├─REMOVE { value } ─> removing ──done(tags)──> idle (tags replaced)
 *     │                         └──error──> idle (failure kept)
 *     └─SYNC { tags } ─> idle (tags replaced)
 *
 * `adding` and `removing` take no event: one change at a time. The actors answer the server's tags.
 */
export const crmTagsMachine = setup({
  types: {} as { context: CrmTagsContext; events: CrmTagsEvent; input: CrmTagsInput },
  actors: {
    add: notProvidedPromise<CrmTag[], TagInput>('crmTags', 'add'),
    remove: notProvidedPromise<CrmTag[], TagInput>('crmTags', 'remove'),
  },
  guards: {
    isAcceptable: ({ context }) => tagProblem(context.draft, context.tags) === null,
  },
}).createMachine({
  id: 'crmTags',
  context: ({ input }) => ({ tags: input.tags, draft: '', problem: null, pending: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHANGE: { actions: assign({ draft: ({ event }) => event.value, problem: null }) },
        ADD: [{ guard: 'isAcceptable', target: 'adding' }, { actions: assign({ problem: ({ context }) => tagProblem(context.draft, context.tags) }) }],
        REMOVE: { target: 'removing', actions: assign({ pending: ({ event }) => event.value }) },
        SYNC: { actions: assign({ tags: ({ event }) => event.tags }) },
      },
    },
    adding: {
      entry: assign({ failure: null, problem: null }),
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context }) => ({ value: normalTag(context.draft) }),
        onDone: { target: 'idle', actions: assign({ tags: ({ event }) => event.output, draft: '' }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    removing: {
      entry: assign({ failure: null, problem: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ value: context.pending ?? '' }),
        onDone: { target: 'idle', actions: assign({ tags: ({ event }) => event.output, pending: null }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => event.error as Failure, pending: null }) },
      },
    },
  },
});
