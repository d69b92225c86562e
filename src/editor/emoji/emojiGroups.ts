import type { Emoji, EmojiGroup, EmojiGroupKey } from '../../../machines/emojiPicker/emojiPicker.machine';

/** The part of an emojibase-data entry the dropdown reads (its full dataset, `data.json`). */
export interface EmojibaseEntry {
  emoji: string;
  label: string;
  tags?: readonly string[];
  group?: number;
  subgroup?: number;
  order?: number;
}

/** The part of emojibase-data's `messages.json` that names its groups and subgroups. */
export interface EmojibaseMessages {
  groups: ReadonlyArray<{ key: string; order: number }>;
  subgroups: ReadonlyArray<{ key: string; order: number }>;
}

/**
 * The spec's groups, from emojibase's (Unicode's) groups and subgroups:
 * faces = smileys-emotion; gestures = the hand subgroups of people-body and body parts; people = person,
 * person-gesture, person-role, person-fantasy; more people = activities, sport, resting, family, symbols of
 * people; objects = objects.
 */
const GROUP_OF: Record<EmojiGroupKey, { groups?: readonly string[]; subgroups?: readonly string[] }> = {
  faces: { groups: ['smileys-emotion'] },
  gestures: { subgroups: ['hand-fingers-open', 'hand-fingers-partial', 'hand-single-finger', 'hand-fingers-closed', 'hands', 'hand-prop', 'body-parts'] },
  people: { subgroups: ['person', 'person-gesture', 'person-role', 'person-fantasy'] },
  morePeople: { subgroups: ['person-activity', 'person-sport', 'person-resting', 'family', 'person-symbol'] },
  objects: { groups: ['objects'] },
};

/** The dropdown's groups from an emojibase-data dataset, in Unicode's order (skin-tone variants left out). */
export function emojiGroupsOf(data: readonly EmojibaseEntry[], messages: EmojibaseMessages): EmojiGroup[] {
  const groupKey = new Map(messages.groups.map((group) => [group.order, group.key]));
  const subgroupKey = new Map(messages.subgroups.map((subgroup) => [subgroup.order, subgroup.key]));
  const keyOf = (entry: EmojibaseEntry): EmojiGroupKey | null => {
    const group = entry.group === undefined ? undefined : groupKey.get(entry.group);
    const subgroup = entry.subgroup === undefined ? undefined : subgroupKey.get(entry.subgroup);
    for (const [key, rule] of Object.entries(GROUP_OF) as Array<[EmojiGroupKey, (typeof GROUP_OF)[EmojiGroupKey]]>) {
      if ((group && rule.groups?.includes(group)) || (subgroup && rule.subgroups?.includes(subgroup))) return key;
    }
    return null;
  };
  const byKey = new Map<EmojiGroupKey, Array<Emoji & { order: number }>>();
  for (const entry of data) {
    const key = keyOf(entry);
    if (key === null) continue;
    const list = byKey.get(key) ?? [];
    list.push({ emoji: entry.emoji, label: entry.label, tags: entry.tags ?? [], order: entry.order ?? 0 });
    byKey.set(key, list);
  }
  return (Object.keys(GROUP_OF) as EmojiGroupKey[]).flatMap((key) => {
    const emojis = byKey.get(key);
    return emojis ? [{ key, emojis: emojis.sort((a, b) => a.order - b.order).map(({ emoji, label, tags }) => ({ emoji, label, tags })) }] : [];
  });
}

/**
 * Loads the emoji in the reader's language (French, or English for `en*`): emojibase-data's full dataset, in a
 * chunk of its own that is fetched only when the dropdown first opens.
 */
export async function loadEmojiGroups(locale: string): Promise<EmojiGroup[]> {
  const [data, messages] = locale.toLowerCase().startsWith('en')
    ? await Promise.all([import('emojibase-data/en/data.json'), import('emojibase-data/en/messages.json')])
    : await Promise.all([import('emojibase-data/fr/data.json'), import('emojibase-data/fr/messages.json')]);
  return emojiGroupsOf(data.default as unknown as readonly EmojibaseEntry[], messages.default as unknown as EmojibaseMessages);
}
