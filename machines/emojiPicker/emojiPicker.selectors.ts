import type { SnapshotFrom } from 'xstate';
import type { EmojiGroup, emojiPickerMachine } from './emojiPicker.machine';

type EmojiPickerSnapshot = SnapshotFrom<typeof emojiPickerMachine>;

/** The groups whose emoji match `query` (name or tag starting with one of its words, accents ignored). */
export function filterEmojiGroups(groups: readonly EmojiGroup[], query: string): EmojiGroup[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      emojis: group.emojis.filter((emoji) => {
        const names = [emoji.label, ...emoji.tags].flatMap((name) => fold(name).split(/[\s:,'’-]+/));
        return words.every((word) => names.some((name) => name.startsWith(word)));
      }),
    }))
    .filter((group) => group.emojis.length > 0);
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The view-model of the emoji dropdown. */
export const selectEmojiPickerView = (snapshot: EmojiPickerSnapshot) => ({
  isOpen: !snapshot.matches('closed'),
  isLoading: snapshot.matches('loading'),
  hasFailed: snapshot.matches('failed'),
  query: snapshot.context.query,
  /** The groups shown (filtered by the search), once loaded and while open. */
  groups: snapshot.matches('open') && snapshot.context.groups !== null ? filterEmojiGroups(snapshot.context.groups, snapshot.context.query) : [],
});
