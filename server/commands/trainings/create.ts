import { and, eq, gt, sql } from 'drizzle-orm';
import type { operations } from '../../../src/api/schema.gen.js';
import type { AuthContext } from '../../auth/session.js';
import { paymentSchedules, trainingAuthors, trainingItems, trainings } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { lockPositions } from '../catalogue/positionLock.js';
import { freeSlug, slugify, trainingOf } from '../catalogue/scope.js';
import { copyOutline } from '../trainingItems/copyItems.js';
import { lockOutline } from '../trainingItems/items.js';
import { checkItemTypes } from '../trainingItems/planGate.js';
import { trainingBody } from './detail.js';
import { retryOnSlugCollision } from './slug.js';

type NewTraining = operations['createTraining']['requestBody']['content']['application/json'];

export const NAME_MAX = 128;
const COPY_SUFFIX = ' (copie)';

/** "<name> (copie)", the name shortened first when the whole would pass the 128 characters of a name. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** The schema's minLength lets "   " through; a name of blanks is no name. */
export function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: [messages.required] });
  return trimmed;
}

/**
 * POST /trainings: a DRAFT placed last, its slug made from its name. The home checklist's FIRST_TRAINING
 * step reads the store's trainings, so creating one completes it without anything stored here.
 */
export async function createTraining(services: Services, storeId: string, input: NewTraining) {
  const name = requiredName(input.name);
  const now = services.clock();
  const row = await retryOnSlugCollision(() =>
    services.db.transaction(async (tx) => {
      // "Last + 1" and the free slug are read under the store's lock, so two creations at once get distinct ones.
      await lockPositions(tx, 'trainings', storeId);
      const slug = await freeSlug({ ...services, db: tx }, trainings, storeId, slugify(name));
      const [inserted] = await tx
        .insert(trainings)
        .values({
          storeId,
          name,
          slug,
          summary: input.summary?.trim() || null,
          status: 'DRAFT',
          position: sql`(select coalesce(max(${trainings.position}) + 1, 0) from ${trainings} where ${trainings.storeId} = ${storeId})`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return inserted!;
    }),
  );
  return trainingBody(services, row);
}

/**
 * POST /trainings/{id}/duplication: settings, prices, authors and the whole outline with its contents and
 * resources (not learners, comments or sales). The copy is a DRAFT named "<name> (copie)" with its own slug,
 * placed right after the original (the trainer sees it next to what they copied); the trainings after it
 * move down one place. All of it or nothing: one transaction. Copying items creates them, so the plan rules
 * of item creation apply to every type of the outline (403 PLAN_REQUIRED): a store that built SCORM items on
 * EXPERT keeps them after moving down a plan, but cannot multiply them.
 */
export async function duplicateTraining(services: Services, auth: AuthContext, trainingUuid: string) {
  const storeId = auth.store.id;
  const { id: originalId } = await trainingOf(services, storeId, trainingUuid);
  const copy = await retryOnSlugCollision(() =>
    services.db.transaction(async (tx) => {
      // The store's order first (as a creation does), then the original's outline, so that nobody adds,
      // moves or removes its items while they are copied; the original is read again under those locks.
      await lockPositions(tx, 'trainings', storeId);
      await lockOutline(tx, originalId);
      const original = await trainingOf({ ...services, db: tx }, storeId, originalId);
      const types = await tx.selectDistinct({ type: trainingItems.type }).from(trainingItems).where(eq(trainingItems.trainingId, original.id));
      checkItemTypes(
        types.map((row) => row.type),
        { plan: auth.store.plan, isPlatformAdmin: auth.user.isAdmin },
      );
      const name = copyName(original.name);
      const slug = await freeSlug({ ...services, db: tx }, trainings, storeId, slugify(name));
      await tx
        .update(trainings)
        .set({ position: sql`${trainings.position} + 1` })
        .where(and(eq(trainings.storeId, storeId), gt(trainings.position, original.position)));
      const now = services.clock();
      const [inserted] = await tx
        .insert(trainings)
        .values({
          storeId,
          name,
          slug,
          status: 'DRAFT',
          position: original.position + 1,
          summary: original.summary,
          description: original.description,
          picture: original.picture,
          seoData: original.seoData,
          feedbackOptions: original.feedbackOptions,
          tags: original.tags,
          emailListId: original.emailListId,
          maxCustomers: original.maxCustomers,
          enrollmentEndsAt: original.enrollmentEndsAt,
          accessDurationDays: original.accessDurationDays,
          dripFrequency: original.dripFrequency,
          certificateEnabled: original.certificateEnabled,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const copyId = inserted!.id;
      await tx.execute(sql`
        insert into ${paymentSchedules} (training_id, type, price, installments_count, frequency, position, created_at)
        select ${copyId}, type, price, installments_count, frequency, position, ${now.toISOString()}::timestamptz
        from ${paymentSchedules} where ${paymentSchedules.trainingId} = ${original.id}`);
      await tx.execute(sql`
        insert into ${trainingAuthors} (training_id, user_id, created_at)
        select ${copyId}, user_id, created_at from ${trainingAuthors} where ${trainingAuthors.trainingId} = ${original.id}`);
      await copyOutline(tx, original.id, copyId);
      return inserted!;
    }),
  );
  return trainingBody(services, copy);
}
