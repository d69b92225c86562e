import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storeTags, trainings } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';

/** Serial ids: a larger number would make PostgreSQL fail instead of finding nothing. */
const MAX_SERIAL = 2_147_483_647;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/**
 * Gives an id to every tag value the store's trainings carry (trainings keep values: set on a training's form,
 * copied by a duplicate, written by the seed). Idempotent: a value already known keeps its id.
 */
async function recordTrainingTags(db: Db, storeId: string) {
  await db.execute(sql`
    insert into ${storeTags} (store_id, value)
    select distinct ${storeId}::uuid, v from ${trainings}, jsonb_array_elements_text(${trainings.tags}) as t(v)
    where ${trainings.storeId} = ${storeId} and length(v) between 1 and 64
    on conflict do nothing`);
}

const trainingsCount = sql<number>`(select count(*) from ${trainings} where ${trainings.storeId} = ${storeTags.storeId} and ${trainings.tags} ? ${storeTags.value})`.mapWith(Number);

const presentStoreTag = (row: { id: number; value: string; trainingsCount: number }) => ({ id: row.id, value: row.value, trainings_count: row.trainingsCount });

async function tagsWhere(db: Db, storeId: string, tagId?: number) {
  return db
    .select({ id: storeTags.id, value: storeTags.value, trainingsCount })
    .from(storeTags)
    .where(and(eq(storeTags.storeId, storeId), tagId === undefined ? undefined : eq(storeTags.id, tagId)))
    .orderBy(sql`lower(${storeTags.value})`, storeTags.id);
}

/** GET /stores/{uuid}/tags: the tags of the store's trainings, alphabetical without case, each with how many trainings carry it. */
export async function listStoreTags(services: Services, storeId: string) {
  await recordTrainingTags(services.db, storeId);
  return { data: (await tagsWhere(services.db, storeId)).map(presentStoreTag) };
}

/** The store's tag, locked for the rest of the transaction (another store's id, or none: 404). */
async function lockedTag(tx: Tx, storeId: string, tagId: number) {
  if (tagId > MAX_SERIAL) throw notFound();
  const [tag] = await tx
    .select()
    .from(storeTags)
    .where(and(eq(storeTags.id, tagId), eq(storeTags.storeId, storeId)))
    .for('update');
  if (!tag) throw notFound();
  return tag;
}

/**
 * The trainings of the store carrying `from` carry `to` in its place (same position; once if they carried both),
 * or lose it when `to` is null.
 */
async function replaceOnTrainings(tx: Tx, storeId: string, from: string, to: string | null) {
  await tx.execute(sql`
    update ${trainings} set tags = (
      select coalesce(jsonb_agg(v order by first), '[]'::jsonb) from (
        select v, min(ord) as first from (
          select case when e.v = ${from} then ${to}::text else e.v end as v, e.ord
          from jsonb_array_elements_text(${trainings.tags}) with ordinality as e(v, ord)) renamed
        where v is not null group by v) kept)
    where ${trainings.storeId} = ${storeId} and ${trainings.tags} ? ${from}`);
}

/**
 * PUT /stores/{uuid}/tags/{id}: renames the tag on every training of the store carrying it. The name is trimmed
 * (as a training's tags are); another tag of the store with that exact name answers 409 (tags differ by case, as
 * the trainings' tags do).
 */
export async function updateStoreTag(services: Services, storeId: string, tagId: number, body: { value: string }) {
  const value = body.value.trim().replace(/\s+/g, ' ');
  if (!value) throw invalid({ value: [messages.storeTagEmpty] });
  return services.db.transaction(async (tx) => {
    const tag = await lockedTag(tx, storeId, tagId);
    if (value !== tag.value) {
      // A training may carry the new name without its id yet: known now, it is found by the check below.
      await recordTrainingTags(tx, storeId);
      const [taken] = await tx
        .select({ id: storeTags.id })
        .from(storeTags)
        .where(and(eq(storeTags.storeId, storeId), eq(storeTags.value, value)))
        .limit(1);
      if (taken) throw conflict(messages.storeTagTaken, { value: [messages.storeTagTaken] });
      await replaceOnTrainings(tx, storeId, tag.value, value);
      await tx.update(storeTags).set({ value }).where(eq(storeTags.id, tag.id));
    }
    const [row] = await tagsWhere(tx, storeId, tag.id);
    return presentStoreTag(row!);
  });
}

/** DELETE /stores/{uuid}/tags/{id}: the tag leaves every training of the store, then the store. */
export async function deleteStoreTag(services: Services, storeId: string, tagId: number) {
  await services.db.transaction(async (tx) => {
    const tag = await lockedTag(tx, storeId, tagId);
    await replaceOnTrainings(tx, storeId, tag.value, null);
    await tx.delete(storeTags).where(eq(storeTags.id, tag.id));
  });
}
