import { and, eq } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import type { AuthContext } from '../../auth/session.js';
import type { Database } from '../../db/client.js';
import { trainingItems } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentTrainingItem, type TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { cleanDescription } from '../catalogue/descriptionHtml.js';
import { trainingOf } from '../catalogue/scope.js';
import { lockOutline, MAX_SERIAL, nextPosition, type ItemRow } from './items.js';
import { checkItemTypes } from './planGate.js';

export type ItemCreation = operations['createTrainingItem']['requestBody']['content']['application/json'];

/** A title after trimming; 422 on `field` when nothing is left (the contract's minLength counts spaces). */
export function itemName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ [field]: [messages.required] });
  return trimmed;
}

/**
 * Checks where a new item goes: a SECTION at the top level only; another type at the top level (the
 * contract allows it: a lesson duplicated into another training lands there) or in a SECTION of the same
 * training. Throws 422 on `parent_id`. Run inside the outline's lock.
 */
export async function checkParent(db: Database, trainingId: string, type: ItemRow['type'], parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (type === 'SECTION') throw invalid({ parent_id: [messages.sectionAtTopLevel] });
  const [parent] =
    parentId > MAX_SERIAL
      ? []
      : await db
          .select({ type: trainingItems.type })
          .from(trainingItems)
          .where(and(eq(trainingItems.id, parentId), eq(trainingItems.trainingId, trainingId)))
          .limit(1);
  if (parent?.type !== 'SECTION') throw invalid({ parent_id: [messages.parentNotSection] });
}

/**
 * Adds an item last in its parent, in one transaction holding the outline's lock (so two editors adding at
 * once get two positions). Shared by the JSON creation below and the SCORM upload.
 */
export async function appendItem(
  services: Services,
  trainingId: string,
  values: Omit<typeof trainingItems.$inferInsert, 'trainingId' | 'position' | 'id'>,
): Promise<ItemRow> {
  return services.db.transaction(async (tx) => {
    await lockOutline(tx, trainingId);
    const parentId = values.parentId ?? null;
    await checkParent(tx, trainingId, values.type, parentId);
    const position = await nextPosition(tx, trainingId, parentId);
    const [row] = await tx
      .insert(trainingItems)
      .values({ ...values, trainingId, parentId, position })
      .returning();
    return row!;
  });
}

/**
 * POST …/training_items (JSON; SCORM has its own multipart operation and is not in this body's enum).
 * Order of answers: unknown training 404 → plan 403 → title or parent 422. New items are drafts unless
 * `draft: false` is sent.
 */
export async function createItem(services: Services, auth: AuthContext, trainingUuid: string, input: ItemCreation): Promise<TrainingItemBody> {
  const training = await trainingOf(services, auth.store.id, trainingUuid);
  checkItemTypes([input.type], { plan: auth.store.plan, isPlatformAdmin: auth.user.isAdmin });
  const row = await appendItem(services, training.id, {
    type: input.type,
    name: itemName(input.name),
    parentId: input.parent_id ?? null,
    draft: input.draft ?? true,
    description: cleanDescription(input.description ?? null),
  });
  // A new item has no resources, submissions or children yet: nothing more to read.
  return presentTrainingItem(row, { blocks: [], resources: [], assignmentsToValidate: 0, children: [] });
}
