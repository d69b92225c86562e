/**
 * The item settings every editor page shares (issue #10): the unlock rules of an item (spec section 4) and, for
 * TASKS items, the ordered tasks the learner ticks. Plain data and pure steps, read by the lesson-editor machine
 * (lessonDocument.ts); the limits are the server's (server/commands/trainingItems/itemContent.ts, TrainingItem in
 * the contract).
 */
import type { components } from '../../src/api/schema.gen';

export type UnlockMode = components['schemas']['UnlockMode'];
export type UnlockBlocker = components['schemas']['UnlockBlocker'];
export type UnlockBlockerType = UnlockBlocker['type'];

/** The item's unlock fields as the API names them. */
export type UnlockFields = Pick<components['schemas']['TrainingItem'], 'unlock_mode' | 'unlock_at' | 'unlock_delay_days' | 'unlock_blockers'>;

/** How an item opens: its mode, the value that mode needs (kept while another mode is tried), its blockers. */
export interface UnlockSettings {
  mode: UnlockMode;
  /** DATE: an ISO date-time. */
  at: string | null;
  /** DELAY: whole days after enrolment (NaN: what was typed is not a number). */
  delayDays: number | null;
  blockers: UnlockBlocker[];
}

export interface ItemTask {
  id: string;
  label: string;
}

/** The server's limits on a task list (itemContent.ts). */
export const MAX_TASKS = 200;
export const TASK_LABEL_MAX_LENGTH = 500;
/** Ten years: a longer delay is a typing slip (the contract's maximum in TrainingItemUpdate; the page checks it first). */
export const UNLOCK_DELAY_MAX_DAYS = 3650;

/** The item type each blocker waits on (UnlockBlocker in the contract). */
export const BLOCKER_ITEM_TYPE: Record<UnlockBlockerType, 'QUIZ' | 'TASKS' | 'ASSIGNMENT'> = { QUIZ_SCORE: 'QUIZ', TASKS: 'TASKS', ASSIGNMENT: 'ASSIGNMENT' };

export const unlockSettingsOf = (item: Partial<UnlockFields>): UnlockSettings => ({
  mode: item.unlock_mode ?? 'NONE',
  at: item.unlock_at ?? null,
  delayDays: item.unlock_delay_days ?? null,
  blockers: item.unlock_blockers ?? [],
});

/** The tasks of a TASKS item's `specific_content`; an empty list for none or for text that is not a list. */
export function parseTasks(text: string | null): ItemTask[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as { tasks?: unknown };
    if (!Array.isArray(value.tasks)) return [];
    return value.tasks.flatMap((task: unknown) => {
      const { id, label } = (task ?? {}) as Partial<ItemTask>;
      return typeof id === 'string' && typeof label === 'string' ? [{ id, label }] : [];
    });
  } catch {
    return [];
  }
}

/** `specific_content` for a task list (labels trimmed, as the learner will read them). */
export const serialiseTasks = (tasks: readonly ItemTask[]) => JSON.stringify({ tasks: tasks.map((task) => ({ id: task.id, label: task.label.trim() })) });

export type TaskProblem = 'taskLabelRequired' | 'taskLabelTooLong';

/** Each task's problem, by id (a blank text, a text too long). */
export function taskProblems(tasks: readonly ItemTask[]): Record<string, TaskProblem> {
  const problems: Record<string, TaskProblem> = {};
  for (const task of tasks) {
    const label = task.label.trim();
    if (label === '') problems[task.id] = 'taskLabelRequired';
    else if (label.length > TASK_LABEL_MAX_LENGTH) problems[task.id] = 'taskLabelTooLong';
  }
  return problems;
}

/** What keeps a task list from being saved, each problem once. */
export function taskListProblems(tasks: readonly ItemTask[]): ('taskLabelRequired' | 'taskLabelTooLong' | 'tooManyTasks')[] {
  const found = new Set<'taskLabelRequired' | 'taskLabelTooLong' | 'tooManyTasks'>(Object.values(taskProblems(tasks)));
  if (tasks.length > MAX_TASKS) found.add('tooManyTasks');
  return [...found];
}

/** What keeps unlock settings from being saved: the date or delay their mode needs, a blocker's score. */
export function unlockProblems(unlock: UnlockSettings): ('unlockDateRequired' | 'unlockDelayOutOfRange' | 'blockerScoreOutOfRange')[] {
  const problems: ('unlockDateRequired' | 'unlockDelayOutOfRange' | 'blockerScoreOutOfRange')[] = [];
  if (unlock.mode === 'DATE' && (unlock.at === null || Number.isNaN(Date.parse(unlock.at)))) problems.push('unlockDateRequired');
  const days = unlock.delayDays;
  if (unlock.mode === 'DELAY' && (days === null || !Number.isInteger(days) || days < 0 || days > UNLOCK_DELAY_MAX_DAYS)) problems.push('unlockDelayOutOfRange');
  if (unlock.blockers.some((blocker) => blocker.min_score !== null && !(blocker.min_score >= 0 && blocker.min_score <= 100))) problems.push('blockerScoreOutOfRange');
  return problems;
}

/** The list with task `id` moved to `index` (counted after removal); null when nothing moves. */
export function placeTask(tasks: readonly ItemTask[], id: string, index: number): ItemTask[] | null {
  const from = tasks.findIndex((task) => task.id === id);
  if (from < 0 || !Number.isInteger(index) || index < 0 || index >= tasks.length || index === from) return null;
  const next = tasks.filter((task) => task.id !== id);
  next.splice(index, 0, tasks[from]!);
  return next;
}

/** Blockers with the one on `itemId` turned on (at the end) or off. */
export function toggleBlocker(blockers: readonly UnlockBlocker[], type: UnlockBlockerType, itemId: number, on: boolean): UnlockBlocker[] {
  const rest = blockers.filter((blocker) => !(blocker.type === type && blocker.item_id === itemId));
  return on ? [...rest, { type, item_id: itemId, min_score: null }] : rest;
}

/** Blockers with the quiz blocker on `itemId` asking `minScore` (null: the quiz's own minimum). */
export const withBlockerScore = (blockers: readonly UnlockBlocker[], itemId: number, minScore: number | null): UnlockBlocker[] =>
  blockers.map((blocker) => (blocker.type === 'QUIZ_SCORE' && blocker.item_id === itemId ? { ...blocker, min_score: minScore } : blocker));

/** An outline node as the training answers it (TrainingItemNode). */
export interface OutlineNode {
  id: number;
  type: string;
  name: string;
  children: readonly OutlineNode[];
}

/** An earlier item this one may wait on, with the blocker that waits on it. */
export interface BlockerCandidate {
  itemId: number;
  name: string;
  blockerType: UnlockBlockerType;
}

/**
 * The quizzes, task lists and assignments placed before `itemId` in the outline (reading order: a section, then
 * its items): what the server accepts as blockers of that item (updateItem's blockerErrors).
 */
export function blockerCandidates(outline: readonly OutlineNode[], itemId: number): BlockerCandidate[] {
  const order = outline.flatMap((node) => [node, ...node.children]);
  const own = order.findIndex((node) => node.id === itemId);
  const typeOf = Object.fromEntries(Object.entries(BLOCKER_ITEM_TYPE).map(([blocker, item]) => [item, blocker as UnlockBlockerType]));
  return order.slice(0, Math.max(own, 0)).flatMap((node) => {
    const blockerType = typeOf[node.type];
    return blockerType ? [{ itemId: node.id, name: node.name, blockerType }] : [];
  });
}
