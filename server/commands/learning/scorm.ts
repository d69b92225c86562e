import { and, eq } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/schema.gen.js';
import { SCORM_CMI_MAX_BYTES, scormOutcome, type ScormVersion } from '../../../shared/scormCmi.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { itemProgress, trainingItems } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import type { Services } from '../../services.js';
import { LocalStorage } from '../../storage/localStorage.js';
import { openItem, recomputeProgress } from './lesson.js';
import { currentProgress } from './progress.js';

type ScormProgressBody = components['schemas']['ScormProgress'];
type SaveInput = operations['saveScormProgress']['requestBody']['content']['application/json'];

/** Where the runtime page lives (routes/uploads.ts `scormRuntimePage`): only a separate files origin can host it. */
export const SCORM_RUNTIME_KEY = '_runtime/scorm.html';

/** The SCORM runtime page's address, when this school can track packages (FILES_ORIGIN set, local storage); else null. */
export const runtimeUrl = (services: Pick<Services, 'config' | 'storage'>) => (services.config.filesOrigin && services.storage instanceof LocalStorage ? services.storage.url(SCORM_RUNTIME_KEY) : null);

function versionOf(specificContent: string | null): ScormVersion {
  try {
    return (JSON.parse(specificContent ?? 'null') as { version?: string } | null)?.version === '2004' ? '2004' : '1.2';
  } catch {
    return '1.2';
  }
}

/** The SCORM item the learner may open now (openItem's 404 / 403), refused (422) when it is another type. */
async function openScormItem(services: Services, learner: LearnerAuth, ref: string, itemId: number) {
  const opened = await openItem(services, learner, ref, itemId);
  if (opened.item.type !== 'SCORM') throw invalid({ itemId: [messages.scormRuntimeNotScorm] });
  const [row] = await services.db.select({ specificContent: trainingItems.specificContent }).from(trainingItems).where(eq(trainingItems.id, itemId));
  return { ...opened, version: versionOf(row?.specificContent ?? null) };
}

/** GET me/trainings/{slug}/items/{itemId}/scorm: the CMI data saved for this enrolment and item (resume). */
export async function getScormProgress(services: Services, learner: LearnerAuth, ref: string, itemId: number): Promise<ScormProgressBody> {
  const { enrolment, version } = await openScormItem(services, learner, ref, itemId);
  const [row] = await services.db
    .select()
    .from(itemProgress)
    .where(and(eq(itemProgress.customerTrainingId, enrolment.id), eq(itemProgress.trainingItemId, itemId)));
  return {
    item_id: itemId,
    version,
    cmi: row?.scormCmi ?? null,
    runtime_url: runtimeUrl(services),
    completed_at: row?.completedAt?.toISOString() ?? null,
    score: row?.score ?? null,
    training_progress: await currentProgress(services.db, enrolment.id),
  };
}

/**
 * PUT me/trainings/{slug}/items/{itemId}/scorm: the package's whole CMI data replaces the saved one; the item
 * completes once when the data says so (shared/scormCmi.ts), through the lessons' path: completion date kept
 * once set, the training's progress recomputed in the same transaction. The score follows the latest data.
 * The row is locked while read and written (two tabs committing at once complete once). The package decides
 * when it is done: the item's minimum time is not applied (a package has its own rules).
 */
export async function saveScormProgress(services: Services, learner: LearnerAuth, ref: string, itemId: number, input: SaveInput): Promise<ScormProgressBody> {
  const { enrolment, view, version, now } = await openScormItem(services, learner, ref, itemId);
  if (Buffer.byteLength(JSON.stringify(input.cmi)) > SCORM_CMI_MAX_BYTES) throw invalid({ cmi: [messages.scormCmiTooLarge(SCORM_CMI_MAX_BYTES / 1024)] });
  const outcome = scormOutcome(version, input.cmi);
  return services.db.transaction(async (tx) => {
    const key = and(eq(itemProgress.customerTrainingId, enrolment.id), eq(itemProgress.trainingItemId, itemId));
    await tx.insert(itemProgress).values({ customerTrainingId: enrolment.id, trainingItemId: itemId, updatedAt: now }).onConflictDoNothing();
    const [current] = await tx.select().from(itemProgress).where(key).for('update');
    const completedAt = current?.completedAt ?? (outcome.completed ? now : null);
    const [row] = await tx
      .update(itemProgress)
      .set({ scormCmi: input.cmi as Record<string, unknown>, score: outcome.score ?? current?.score ?? null, completedAt, updatedAt: now })
      .where(key)
      .returning();
    const newlyCompleted = Boolean(completedAt && !current?.completedAt);
    const trainingProgress = newlyCompleted ? await recomputeProgress(tx, services.jobs, view, enrolment, now) : await currentProgress(tx, enrolment.id);
    return {
      item_id: itemId,
      version,
      cmi: row!.scormCmi,
      runtime_url: runtimeUrl(services),
      completed_at: row!.completedAt?.toISOString() ?? null,
      score: row!.score,
      training_progress: trainingProgress,
    };
  });
}
