import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import { DEFAULT_TIME_ZONE, unlockStates, type UnlockItem, type UnlockItemProgress, type UnlockState } from '../../../shared/unlockState.js';
import type { Database } from '../../db/client.js';
import { versionedReads } from '../../db/versionedReads.js';
import { assignmentSubmissions, itemProgress, quizzes, trainingItems, type customerTrainings, type trainings } from '../../db/schema.js';

type EnrolmentRow = typeof customerTrainings.$inferSelect;
type TrainingRow = typeof trainings.$inferSelect;
type ProgressRow = typeof itemProgress.$inferSelect;
export type LearnerOutlineItemBody = components['schemas']['LearnerOutlineItem'];

/** An item the learner sees, with what the unlock rule reads and what the player needs. */
export interface VisibleItem extends UnlockItem {
  name: string;
  parentId: number | null;
  minCompleteDuration: number | null;
}

/** A training as one learner sees it today: the visible items in outline order, their progress and states. */
export interface LearnerView {
  /** The top level in the outline's order: lessons, and chapters with their lessons. */
  top: (VisibleItem | { id: number; type: 'SECTION'; name: string; children: VisibleItem[] })[];
  /** Every visible item but chapters, in the learner's order (each chapter followed by its lessons). */
  order: VisibleItem[];
  progress: Map<number, ProgressRow>;
  states: Map<number, UnlockState>;
}

/** An item of the outline with what the unlock rule and the player read (and a quiz's minimum success rate). */
interface OutlineRow {
  id: number;
  type: VisibleItem['type'] | 'SECTION';
  name: string;
  draft: boolean;
  parentId: number | null;
  unlockMode: VisibleItem['unlock_mode'];
  /** Epoch milliseconds. */
  unlockAt: number | null;
  unlockDelayDays: number | null;
  unlockBlockers: VisibleItem['unlock_blockers'];
  blocking: boolean;
  minCompleteDuration: number | null;
  minSuccessRate: number | null;
}

/**
 * Outlines read lately, by training, until the items, quiz settings or trainings may have changed (a store's or a
 * training's deletion cascades into its items). Every learner of a training reads the same outline on every
 * page of the player; on PGlite that read was a third of the outline's answer.
 */
const keptOutlines = versionedReads<readonly OutlineRow[]>(['training_items', 'quizzes', 'trainings', 'stores'], 500);

/** A training's items in outline order with their quiz minimums (`readOutlineRows`), kept while unchanged. Shared: not to be changed. */
function outlineRows(db: Database, trainingId: string): Promise<readonly OutlineRow[]> {
  return keptOutlines(db, trainingId, () => readOutlineRows(db, trainingId));
}

/**
 * A training's items in outline order, with each quiz's minimum success rate (its settings row, one per item at
 * most), read as ONE JSON array: the driver decodes one value instead of a dozen per item (a 500-item outline
 * spent most of its read decoding ~6,000 fields and mapping 500 rows).
 */
async function readOutlineRows(db: Database, trainingId: string): Promise<OutlineRow[]> {
  const t = trainingItems;
  const [row] = await db
    .select({
      items: sql<OutlineRow[] | string>`coalesce(json_agg(json_build_object(
        'id', ${t.id}, 'type', ${t.type}, 'name', ${t.name}, 'draft', ${t.draft}, 'parentId', ${t.parentId},
        'unlockMode', ${t.unlockMode}, 'unlockAt', floor(extract(epoch from ${t.unlockAt}) * 1000), 'unlockDelayDays', ${t.unlockDelayDays},
        'unlockBlockers', ${t.unlockBlockers}, 'blocking', ${t.blocking}, 'minCompleteDuration', ${t.minCompleteDuration},
        'minSuccessRate', ${quizzes.minSuccessRate}
      ) order by ${t.position}, ${t.id}), '[]'::json)`,
    })
    .from(t)
    .leftJoin(quizzes, eq(quizzes.trainingItemId, t.id))
    .where(eq(t.trainingId, trainingId));
  const items = row?.items ?? [];
  // PGlite hands json over parsed, node-postgres too; a driver that keeps it as text is read the same.
  return typeof items === 'string' ? (JSON.parse(items) as OutlineRow[]) : items;
}

const visibleItem = (row: OutlineRow): VisibleItem => ({
  id: row.id,
  type: row.type,
  name: row.name,
  parentId: row.parentId,
  minCompleteDuration: row.minCompleteDuration,
  unlock_mode: row.unlockMode,
  unlock_at: row.unlockAt === null ? null : new Date(row.unlockAt).toISOString(),
  unlock_delay_days: row.unlockDelayDays,
  unlock_blockers: row.unlockBlockers,
  blocking: row.blocking,
  min_success_rate: row.type === 'QUIZ' ? (row.minSuccessRate ?? null) : null,
});

/** The outline's top level and the learner's order; drafts (and what a draft chapter holds) only in a preview. */
function arrange(rows: readonly OutlineRow[], withDrafts: boolean): Pick<LearnerView, 'top' | 'order'> {
  const shown = (row: OutlineRow) => withDrafts || !row.draft;
  const lessons = rows.filter((row) => row.type !== 'SECTION' && shown(row));
  const top: LearnerView['top'] = rows
    .filter((row) => row.parentId === null && shown(row))
    .map((row) =>
      row.type === 'SECTION'
        ? { id: row.id, type: 'SECTION' as const, name: row.name, children: lessons.filter((child) => child.parentId === row.id).map(visibleItem) }
        : visibleItem(row),
    );
  return { top, order: top.flatMap((entry) => ('children' in entry ? entry.children : [entry])) };
}

/**
 * The team's preview of a training (a preview token): every item, drafts included, open, nothing done. No
 * learner is involved: no progress is read and none is written.
 */
export async function previewView(db: Database, training: TrainingRow): Promise<LearnerView> {
  return { ...arrange(await outlineRows(db, training.id), true), progress: new Map(), states: new Map() };
}

/**
 * The published outline of a training for one learner, with each item's state decided by the shared
 * `unlockStates` (the rule the player runs, `unlockState`, for every item in one walk): drafts, and everything in
 * a draft chapter, are left out. Two queries whatever the outline's size (items with their quiz minimums, the
 * learner's progress), and a third for assignment statuses when the outline has assignments.
 */
export async function learnerView(db: Database, training: TrainingRow, enrolment: EnrolmentRow, now: Date): Promise<LearnerView> {
  const [rows, progressRows] = await Promise.all([outlineRows(db, training.id), db
      .select()
      .from(itemProgress)
      .where(eq(itemProgress.customerTrainingId, enrolment.id))
      // Oldest first: the learner's last step is the last row (`lastTouched`), to the microsecond.
      .orderBy(asc(itemProgress.updatedAt))]);
  const { top, order } = arrange(rows, false);

  const assignmentIds = order.filter((item) => item.type === 'ASSIGNMENT').map((item) => item.id);
  const statuses = assignmentIds.length
    ? await db
        .select({ id: assignmentSubmissions.trainingItemId, status: assignmentSubmissions.status })
        .from(assignmentSubmissions)
        .where(and(eq(assignmentSubmissions.customerId, enrolment.customerId), inArray(assignmentSubmissions.trainingItemId, assignmentIds)))
    : [];
  const statusOf = new Map(statuses.map((s) => [s.id, s.status]));

  const progress = new Map(progressRows.map((row) => [row.trainingItemId, row]));
  const unlockProgress: Record<number, UnlockItemProgress> = {};
  for (const item of order) {
    const row = progress.get(item.id);
    const status = statusOf.get(item.id) ?? null;
    if (!row && !status) continue;
    unlockProgress[item.id] = {
      completed_at: row?.completedAt?.toISOString() ?? null,
      quiz_best_score: item.type === 'QUIZ' ? (row?.score ?? null) : null,
      assignment_status: status,
      unblocked_by_teacher: row?.unblockedByTeacher ?? false,
    };
  }
  const unlockEnrolment = {
    enrolled_at: enrolment.enrolledAt.toISOString(),
    bypass_drip: enrolment.bypassDrip,
    drip_frequency: training.dripFrequency,
    outline: order,
  };
  return { top, order, progress, states: unlockStates(unlockEnrolment, unlockProgress, now, DEFAULT_TIME_ZONE) };
}

/** The item of the outline the learner touched last (its progress row updated last), or null. */
export function lastTouched(view: LearnerView): number | null {
  let last: ProgressRow | null = null;
  // Rows come oldest first (`learnerView`): on a millisecond tie the later row wins, as the database orders them.
  for (const row of view.progress.values()) if (!last || row.updatedAt >= last.updatedAt) last = row;
  return last?.trainingItemId ?? null;
}

/** The outline as LearnerTrainingDetail.items: sections hold their lessons; a blocked learner sees every item locked (BLOCKED). */
export function presentLearnerOutline(view: LearnerView, blocked: boolean): LearnerOutlineItemBody[] {
  const present = (item: VisibleItem): LearnerOutlineItemBody => {
    const state = view.states.get(item.id);
    const locked = blocked || state?.state === 'locked';
    return {
      id: item.id,
      type: item.type,
      name: item.name,
      completed: Boolean(view.progress.get(item.id)?.completedAt),
      locked,
      locked_reason: blocked ? 'BLOCKED' : state?.state === 'locked' ? state.reason : null,
      unlock_at: !blocked && state?.state === 'locked' ? state.opens_at : null,
      children: [],
    };
  };
  return view.top.map((entry) =>
    'children' in entry
      ? {
          id: entry.id,
          type: entry.type,
          name: entry.name,
          completed: entry.children.length > 0 && entry.children.every((child) => Boolean(view.progress.get(child.id)?.completedAt)),
          locked: blocked,
          locked_reason: blocked ? 'BLOCKED' : null,
          unlock_at: null,
          children: entry.children.map(present),
        }
      : present(entry),
  );
}

/** The training's progress in percent (completed visible items over visible items), two decimals. */
export function progressPercent(order: readonly { id: number }[], isDone: (itemId: number) => boolean): number {
  if (!order.length) return 0;
  const done = order.filter((item) => isDone(item.id)).length;
  return Math.round((done / order.length) * 10_000) / 100;
}
