import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** Where the copy of a duplicated item goes, its new name and draft state; its children keep their own. */
export interface RootPlacement {
  id: number;
  parentId: number | null;
  position: number;
  name: string;
  draft: boolean;
}

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A PostgreSQL int[] literal passed as ONE parameter (drizzle would spread a JS array into a list). */
const intArray = (values: readonly number[]): SQL => sql`${`{${values.join(',')}}`}::int[]`;

/**
 * Copies items of one training into another (or the same) training, keeping the tree: the new ids are drawn
 * from the sequence first, so parent links are mapped in SQL and lesson contents (up to 2 MB each) never
 * travel through Node. Resources (files and links) are copied with their items; learners' data (progress,
 * submissions, comments) is not. `db` may be a transaction. Answers old id → new id.
 *
 * Without `root`, the whole outline is copied as it is (duplicating a training). With `root`, that item
 * and its children (a SECTION's items) are copied, the root moved to `root.parentId`/`root.position`
 * under `root.name` and `root.draft`; making room at that position is the caller's job.
 */
export async function copyItems(
  db: Database,
  fromTrainingId: string,
  toTrainingId: string,
  root?: RootPlacement,
): Promise<Map<number, number>> {
  const scope = root ? sql`and (id = ${root.id} or parent_id = ${root.id})` : sql``;
  const mapping = rowsOf<{ old_id: number; new_id: number }>(
    await db.execute(sql`
      select id as old_id, nextval(pg_get_serial_sequence('training_items', 'id'))::int as new_id
      from (select id from training_items where training_id = ${fromTrainingId} ${scope}
            order by parent_id nulls first, position, id) as source`),
  );
  const ids = new Map(mapping.map((row) => [Number(row.old_id), Number(row.new_id)]));
  if (!ids.size) return ids;

  const oldIds = intArray([...ids.keys()]);
  const newIds = intArray([...ids.values()]);
  const isRoot = root ? sql`t.id = ${root.id}` : sql`false`;
  const rootParent = root?.parentId ?? null;
  const rootPosition = root?.position ?? 0;
  const rootName = root?.name ?? '';
  const rootDraft = root?.draft ?? true;

  await db.execute(sql`
    insert into training_items (id, training_id, parent_id, type, name, draft, description, position, content,
      specific_content, min_complete_duration, unlock_mode, unlock_at, unlock_delay_days, unlock_blockers, blocking, scorm_url)
    select m.new_id, ${toTrainingId}::uuid,
      case when ${isRoot} then ${rootParent}::int else pm.new_id end,
      t.type,
      case when ${isRoot} then ${rootName}::text else t.name end,
      case when ${isRoot} then ${rootDraft}::boolean else t.draft end,
      t.description,
      case when ${isRoot} then ${rootPosition}::int else t.position end,
      t.content, t.specific_content, t.min_complete_duration, t.unlock_mode, t.unlock_at, t.unlock_delay_days,
      t.unlock_blockers, t.blocking, t.scorm_url
    from training_items t
    join unnest(${oldIds}, ${newIds}) as m(old_id, new_id) on m.old_id = t.id
    left join unnest(${oldIds}, ${newIds}) as pm(old_id, new_id) on pm.old_id = t.parent_id`);

  // Blockers name items by id: those copied along now name their copies; the others are kept within the same
  // training and dropped in another one (where that item does not exist). Their order is kept.
  const keepOthers = fromTrainingId === toTrainingId;
  await db.execute(sql`
    update training_items t set unlock_blockers = coalesce((
      select jsonb_agg(case when m.new_id is null then b.value else b.value || jsonb_build_object('item_id', m.new_id) end order by b.n)
      from jsonb_array_elements(t.unlock_blockers) with ordinality as b(value, n)
      left join unnest(${oldIds}, ${newIds}) as m(old_id, new_id) on m.old_id = (b.value->>'item_id')::int
      where m.new_id is not null or ${keepOthers}::boolean), '[]'::jsonb)
    where t.id = any(${newIds}) and jsonb_array_length(t.unlock_blockers) > 0`);

  await db.execute(sql`
    insert into training_item_resources (training_item_id, name, type, url, size, mime_type, position)
    select m.new_id, r.name, r.type, r.url, r.size, r.mime_type, r.position
    from training_item_resources r
    join unnest(${oldIds}, ${newIds}) as m(old_id, new_id) on m.old_id = r.training_item_id`);

  // A quiz goes with its settings and the questions still asked (not the learners' attempts).
  await db.execute(sql`
    insert into quizzes (training_item_id, min_success_rate, max_attempts, shuffle_questions, show_corrections)
    select m.new_id, q.min_success_rate, q.max_attempts, q.shuffle_questions, q.show_corrections
    from quizzes q
    join unnest(${oldIds}, ${newIds}) as m(old_id, new_id) on m.old_id = q.training_item_id`);
  await db.execute(sql`
    with source as materialized (
      select q.*, m.new_id as new_item_id, nextval(pg_get_serial_sequence('quiz_questions', 'id'))::int as new_id,
        (row_number() over (partition by q.training_item_id order by q.position, q.id) - 1)::int as new_position
      from quiz_questions q
      join unnest(${oldIds}, ${newIds}) as m(old_id, new_id) on m.old_id = q.training_item_id
      where q.archived_at is null),
    questions as (
      insert into quiz_questions (id, training_item_id, type, question, media_url, media_type, explanation, position)
      select new_id, new_item_id, type, question, media_url, media_type, explanation, new_position from source
      returning id)
    insert into quiz_choices (question_id, label, correct, position)
    select s.new_id, c.label, c.correct, c.position
    from quiz_choices c
    join source s on s.id = c.question_id`);

  return ids;
}

/** Duplicating a training: its whole outline, same tree, same positions (H1's duplicateTraining). */
export function copyOutline(db: Database, fromTrainingId: string, toTrainingId: string): Promise<Map<number, number>> {
  return copyItems(db, fromTrainingId, toTrainingId);
}
