import { assign, setup } from 'xstate';
import { notProvided, notProvidedPromise } from '../support/notProvided';

/** The groups of the dropdown (spec: faces, gestures, people, more people, objects). */
export const EMOJI_GROUP_KEYS = ['faces', 'gestures', 'people', 'morePeople', 'objects'] as const;
export type EmojiGroupKey = (typeof EMOJI_GROUP_KEYS)[number];

export interface Emoji {
  /** The character(s) inserted. */
  emoji: string;
  /** Its name in the reader's language (the option's accessible name). */
  label: string;
  /** Words it is found by. */
  tags: readonly string[];
}

export interface EmojiGroup {
  key: EmojiGroupKey;
  emojis: readonly Emoji[];
}

export interface EmojiPickerContext {
  /** Loaded once, on the first opening; kept for the next ones. */
  groups: readonly EmojiGroup[] | null;
  /** Why the last load failed. */
  failure: unknown;
  /** The search box ('' shows every group). */
  query: string;
}

export type EmojiPickerEvent =
  /** The emoji button. */
  | { type: 'OPEN' }
  /** Escape, a click outside, the button again. */
  | { type: 'CLOSE' }
  /** An emoji chosen (click, Enter, Space). */
  | { type: 'PICK'; emoji: string }
  /** The search box. */
  | { type: 'SEARCH'; query: string }
  /** "Réessayer" after a failed load. */
  | { type: 'RETRY' };

/**
 * The emoji dropdown of the rich-text editor (spec 4: opens, closes, inserts the picked emoji on pick).
 *
 *   closed ──OPEN [loaded]──> open ──PICK──> closed (insertEmoji)
 *     │  └──OPEN──> loading ──done──> open     ├─SEARCH──> open (query)
 *     │               │ └──error──> failed ──RETRY──> loading
 *     └──── CLOSE ────┴──────────────┴─────────┘ (from loading, open or failed; a load in flight is cancelled)
 *
 * The emoji data is big: the injected `loadEmojis` fetches it (lazily, in the reader's language) only when the
 * dropdown first opens; `insertEmoji` (params: the emoji) puts it in the text. The search is cleared on opening.
 */
export const emojiPickerMachine = setup({
  types: {} as { context: EmojiPickerContext; events: EmojiPickerEvent },
  actors: {
    /** The emoji of the dropdown's groups. */
    loadEmojis: notProvidedPromise<readonly EmojiGroup[], void>('emojiPicker', 'loadEmojis'),
  },
  actions: {
    /** Inserts the picked emoji at the editor's selection. */
    insertEmoji: notProvided<{ emoji: string }>('emojiPicker', 'insertEmoji'),
  },
  guards: {
    isLoaded: ({ context }) => context.groups !== null,
  },
}).createMachine({
  id: 'emojiPicker',
  context: { groups: null, failure: null, query: '' },
  initial: 'closed',
  states: {
    /** The dropdown is closed. */
    closed: {
      on: {
        OPEN: [
          { guard: 'isLoaded', target: 'open', actions: assign({ query: '' }) },
          { target: 'loading', actions: assign({ query: '' }) },
        ],
      },
    },
    /** The dropdown is open and the emoji load. */
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadEmojis',
        src: 'loadEmojis',
        onDone: { target: 'open', actions: assign({ groups: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
      on: { CLOSE: 'closed' },
    },
    /** The emoji are shown. */
    open: {
      on: {
        PICK: { target: 'closed', actions: { type: 'insertEmoji', params: ({ event }) => ({ emoji: event.emoji }) } },
        SEARCH: { actions: assign({ query: ({ event }) => event.query }) },
        CLOSE: 'closed',
      },
    },
    /** The load failed: the dropdown says so and offers to retry. */
    failed: {
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
  },
});
