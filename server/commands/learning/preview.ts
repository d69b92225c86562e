import type { components } from '../../../src/api/schema.gen.js';
import type { StoreRow } from '../../auth/session.js';
import { notFound } from '../../http/errors.js';
import { previewedTraining } from '../../policies/schoolScope.js';
import { presentTrainingRef } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { MAX_SERIAL } from '../trainingItems/items.js';
import { presentLearnerOutline, previewView } from './learnerOutline.js';
import { lessonBody } from './lesson.js';

/**
 * The team's preview of the learner area (a preview token: see resolveSchoolScope): every item of a training of
 * the school, drafts included, open. Nothing is recorded: no progress, no connection, no assignment started.
 */
export async function previewTraining(services: Services, store: StoreRow, ref: string): Promise<components['schemas']['LearnerTrainingDetail']> {
  const training = await previewedTraining(services, store, ref);
  const view = await previewView(services.db, training);
  return {
    training: presentTrainingRef(training),
    customer_type: 'STUDENT',
    blocked_reason: null,
    progress: 0,
    last_item_id: view.order[0]?.id ?? null,
    items: presentLearnerOutline(view, false),
    preview: true,
  };
}

/** A lesson in the preview: any item of the training but a chapter (404), as the learner would see it, preview true. */
export async function previewLesson(services: Services, store: StoreRow, ref: string, itemId: number): Promise<components['schemas']['LearnerItem']> {
  const training = await previewedTraining(services, store, ref);
  if (!Number.isSafeInteger(itemId) || itemId > MAX_SERIAL) throw notFound();
  const view = await previewView(services.db, training);
  const index = view.order.findIndex((entry) => entry.id === itemId);
  if (index < 0) throw notFound();
  return lessonBody(services, { training, view, index, customerId: null }, async () => null);
}
