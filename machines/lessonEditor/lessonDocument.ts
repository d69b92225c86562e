/**
 * The lesson the editor works on, as plain data, and the pure steps the lesson-editor machine applies to it:
 * reading it from an item, the changes a save sends, block moves. No XState here, so the learner area and
 * tests can use the same steps.
 */
import { blockProblems, emptyBlockData, parseBlocks, serialiseBlocks, type BlockProblems, type BlockType, type ContentBlock } from '../../shared/lessonBlocks';
import { parseTasks, serialiseTasks, taskListProblems, unlockProblems, unlockSettingsOf, type ItemTask, type UnlockFields, type UnlockSettings } from './itemSettings';

/** Spec section 5: a lesson's title is required, 128 characters at most. */
export const NAME_MAX_LENGTH = 128;
/** updateTrainingItem: `min_complete_duration` is 0 to 86,400 seconds. */
export const MIN_COMPLETE_DURATION_MAX = 86_400;

/** The item as the editor needs it (a subset of the API's TrainingItem). */
export interface LessonItem {
  id: number;
  name: string;
  description: string | null;
  draft: boolean;
  min_complete_duration: number | null;
  content: string | null;
  /** Increments on every write; a save against an older version is refused (409). */
  version: number;
  /** TASKS: the task list as JSON text ({tasks: [{id, label}]}); other types' settings are not edited here. */
  type?: string;
  specific_content?: string | null;
  /** A SCORM item's launch page (its settings page previews it). */
  scorm_url?: string | null;
}

/** An item with its unlock settings (every item the API answers has them; older test fixtures may not). */
export type LessonItemWithUnlock = LessonItem & Partial<UnlockFields>;

/** What the trainer edits. `blocks` holds only blocks the trainer applied (never a new or open one). */
export interface LessonFields {
  name: string;
  description: string | null;
  draft: boolean;
  min_complete_duration: number | null;
  blocks: ContentBlock[];
  /** How the item opens for a learner (spec section 4). */
  unlock: UnlockSettings;
  /** TASKS items: the tasks the learner ticks, in order; null for every other type. */
  tasks: ItemTask[] | null;
}

/** The fields a save sends (only those that changed, or all of them when overwriting another copy). */
export interface LessonChanges {
  name?: string;
  description?: string | null;
  draft?: boolean;
  min_complete_duration?: number | null;
  content?: string;
  specific_content?: string;
  unlock_mode?: UnlockSettings['mode'];
  unlock_at?: string | null;
  unlock_delay_days?: number | null;
  unlock_blockers?: UnlockSettings['blockers'];
}

/** A block being written: a new one (not in the lesson until applied, shown after `after`) or an open one. */
export interface PendingBlock {
  type: string;
  data: Record<string, unknown>;
  isNew: boolean;
  /** New blocks: the block it follows (null: first). */
  after: string | null;
  /** Set when APPLY was refused, so the form shows what is missing; cleared by the next change. */
  problems: BlockProblems | null;
}

export type PendingBlocks = Record<string, PendingBlock>;

export function fieldsOf(item: LessonItemWithUnlock): { fields: LessonFields; unreadable: boolean } {
  const { blocks, unreadable } = parseBlocks(item.content);
  return {
    fields: {
      name: item.name,
      description: item.description,
      draft: item.draft,
      min_complete_duration: item.min_complete_duration,
      blocks,
      unlock: unlockSettingsOf(item),
      tasks: item.type === 'TASKS' ? parseTasks(item.specific_content ?? null) : null,
    },
    unreadable,
  };
}

/** The changes from `saved` to `fields`; every field when `saved` is null (overwrite). */
export function changesBetween(saved: LessonFields | null, fields: LessonFields): LessonChanges {
  const changes: LessonChanges = {};
  if (saved === null || saved.name !== fields.name) changes.name = fields.name.trim();
  if (saved === null || saved.description !== fields.description) changes.description = fields.description;
  if (saved === null || saved.draft !== fields.draft) changes.draft = fields.draft;
  if (saved === null || saved.min_complete_duration !== fields.min_complete_duration) changes.min_complete_duration = fields.min_complete_duration;
  if (saved === null || saved.blocks !== fields.blocks) changes.content = serialiseBlocks(fields.blocks);
  if (fields.tasks !== null && (saved === null || saved.tasks !== fields.tasks)) changes.specific_content = serialiseTasks(fields.tasks);
  if (saved === null || saved.unlock !== fields.unlock) {
    const { mode, at, delayDays, blockers } = fields.unlock;
    // A value for another mode is refused by the server: it goes only with its own mode.
    Object.assign(changes, { unlock_mode: mode, unlock_at: mode === 'DATE' ? at : null, unlock_delay_days: mode === 'DELAY' ? delayDays : null, unlock_blockers: blockers });
  }
  return changes;
}

export type FieldProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'durationOutOfRange'
  | 'taskLabelRequired'
  | 'taskLabelTooLong'
  | 'tooManyTasks'
  | 'unlockDateRequired'
  | 'unlockDelayOutOfRange'
  | 'blockerScoreOutOfRange';

/** What keeps the lesson from being saved (the title, the duration), in the order the form shows them. */
export function fieldProblems(fields: LessonFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = fields.name.trim();
  if (name === '') problems.push('nameRequired');
  else if (name.length > NAME_MAX_LENGTH) problems.push('nameTooLong');
  const duration = fields.min_complete_duration;
  if (duration !== null && (!Number.isInteger(duration) || duration < 0 || duration > MIN_COMPLETE_DURATION_MAX)) problems.push('durationOutOfRange');
  if (fields.tasks !== null) problems.push(...taskListProblems(fields.tasks));
  problems.push(...unlockProblems(fields.unlock));
  return problems;
}

export const isSavable = (fields: LessonFields) => fieldProblems(fields).length === 0;

/** A new pending block of `type` placed after `after`. */
export const newPendingBlock = (type: BlockType, after: string | null): PendingBlock => ({ type, data: emptyBlockData(type), isNew: true, after, problems: null });

/** An applied block opened again: its data copied, so cancelling leaves the lesson as it was. */
export const openedBlock = (block: ContentBlock): PendingBlock => ({ type: block.type, data: structuredClone(block.data), isNew: false, after: null, problems: null });

/** The lesson with a pending block applied: a new one inserted after its neighbour, an open one replaced. */
export function applyPending(blocks: readonly ContentBlock[], id: string, pending: PendingBlock): ContentBlock[] {
  const block: ContentBlock = { id, type: pending.type, data: pending.data };
  if (!pending.isNew) return blocks.map((current) => (current.id === id ? block : current));
  const index = pending.after === null ? 0 : blocks.findIndex((current) => current.id === pending.after) + 1;
  // A neighbour removed meanwhile: the block goes last rather than nowhere.
  const at = pending.after !== null && index === 0 ? blocks.length : index;
  return [...blocks.slice(0, at), block, ...blocks.slice(at)];
}

/** The pending block's problems (a known type's rules; an unknown type has none). */
export const pendingProblems = (id: string, pending: PendingBlock) => blockProblems({ id, type: pending.type, data: pending.data });

/** The lesson with block `id` (or a task list with task `id`) one step up or down; unchanged at either end or when `id` is not there. */
export function moveBlock<T extends { id: string }>(blocks: readonly T[], id: string, direction: 'up' | 'down'): T[] | null {
  const index = blocks.findIndex((block) => block.id === id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= blocks.length) return null;
  const next = [...blocks];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Pending new blocks that followed `removed` now follow what preceded it. */
export function rehomePending(pending: PendingBlocks, blocks: readonly ContentBlock[], removed: string): PendingBlocks {
  const index = blocks.findIndex((block) => block.id === removed);
  const previous = index > 0 ? blocks[index - 1]!.id : null;
  const next: PendingBlocks = {};
  for (const [id, block] of Object.entries(pending)) next[id] = block.isNew && block.after === removed ? { ...block, after: previous } : block;
  return next;
}

/** Spec section 9: autosave every 60 seconds while dirty and valid. */
export const AUTOSAVE_DELAY_MS = 60_000;
/** A failed save is tried again after 2 s, 4 s, 8 s … up to a minute. */
export const retryDelayMs = (attempts: number) => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 60_000);

/** What the browser keeps while work is unsaved, to offer after a crash or a reload. */
export interface LessonBackup {
  itemId: number;
  /** The version the unsaved work started from. */
  version: number;
  fields: LessonFields;
  pending: PendingBlocks;
  /** When it was written (ISO); set by the storage, not by the machine. */
  savedAt: string;
}

export type LessonBackupInput = Omit<LessonBackup, 'savedAt'>;
