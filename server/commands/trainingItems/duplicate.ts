import { eq } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import type { AuthContext } from '../../auth/session.js';
import { trainingItems } from '../../db/schema.js';
import type { TrainingItemBody } from '../../presenters/trainingItem.js';
import type { Services } from '../../services.js';
import { trainingOf } from '../catalogue/scope.js';
import { copyItems } from './copyItems.js';
import { itemDetail, itemOf, lockOutline, nextPosition, shiftSiblings, type ItemRow } from './items.js';
import { checkItemTypes } from './planGate.js';

export type ItemDuplication = NonNullable<operations['duplicateTrainingItem']['requestBody']>['content']['application/json'];

const COPY_SUFFIX = ' (copie)';
const NAME_MAX = 128;

/** "Leçon 1" → "Leçon 1 (copie)", shortened first so the result keeps within 128 characters (code points, as the contract counts). */
export function copyName(name: string): string {
  return [...name].slice(0, NAME_MAX - COPY_SUFFIX.length).join('') + COPY_SUFFIX;
}

/**
 * POST …/training_items/{id}/duplication. In the same training the copy sits right after the original (the
 * following siblings move down one place); into `target_training_uuid` (another training of the caller's
 * store, else 404) it goes last at the top level. A SECTION comes with its items. The copy starts as a draft
 * so learners never see "… (copie)" appear; its items keep their own state. Plan rules apply to every type
 * copied, as to a creation.
 */
export async function duplicateItem(
  services: Services,
  auth: AuthContext,
  trainingUuid: string,
  itemId: number,
  input: ItemDuplication | undefined,
): Promise<TrainingItemBody> {
  const source = await trainingOf(services, auth.store.id, trainingUuid);
  const target = input?.target_training_uuid ? await trainingOf(services, auth.store.id, input.target_training_uuid) : source;

  const copyId = await services.db.transaction(async (tx) => {
    // Both outlines change hands in a fixed order, so two crossed duplications cannot deadlock.
    for (const id of [...new Set([source.id, target.id])].sort()) await lockOutline(tx, id);
    const row = await itemOf(tx, source.id, itemId);
    const children: Pick<ItemRow, 'type'>[] =
      row.type === 'SECTION' ? await tx.select({ type: trainingItems.type }).from(trainingItems).where(eq(trainingItems.parentId, row.id)) : [];
    checkItemTypes([row.type, ...children.map((child) => child.type)], { plan: auth.store.plan, isPlatformAdmin: auth.user.isAdmin });

    let place: { parentId: number | null; position: number };
    if (target.id === source.id) {
      place = { parentId: row.parentId, position: row.position + 1 };
      await shiftSiblings(tx, source.id, place.parentId, place.position, 1);
    } else {
      place = { parentId: null, position: await nextPosition(tx, target.id, null) };
    }
    const ids = await copyItems(tx, source.id, target.id, { id: row.id, ...place, name: copyName(row.name), draft: true });
    return ids.get(row.id)!;
  });

  return itemDetail(services.db, await itemOf(services.db, target.id, copyId));
}
