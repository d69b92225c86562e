import { and, eq, isNull } from 'drizzle-orm';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { trainingComments } from '../../db/schema.js';
import { customerDisplayName } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { reviewersOf } from '../assignments/submit.js';
import { plainText } from '../catalogue/descriptionHtml.js';
import { notify } from '../notifications.js';
import { insertComment, pageOfThreads } from '../trainingLearners/comments.js';
import type { PageRequest } from '../trainingLearners/paging.js';
import { openItem } from './lesson.js';

/**
 * Comments under a lesson in the player (issue 12): the same threads as the back office's comments tab
 * (trainingLearners/comments.ts), on an item the learner may open now (openItem: 404 / 403 as the lesson).
 */
export async function listLessonComments(services: Services, learner: LearnerAuth, ref: string, itemId: number, page: PageRequest) {
  const { item } = await openItem(services, learner, ref, itemId);
  return pageOfThreads(services, and(eq(trainingComments.trainingItemId, item.id), isNull(trainingComments.parentId)), page);
}

/**
 * The learner comments (or replies) under a lesson: plain text (any markup dropped), and the team who
 * reviews the training hears of it (TRAINING_COMMENT_CREATED), in the same transaction.
 */
export async function createLessonComment(services: Services, learner: LearnerAuth, ref: string, itemId: number, body: { content: string; parent_id?: number }) {
  const { training, item } = await openItem(services, learner, ref, itemId);
  return services.db.transaction(async (tx) => {
    const inTx = { db: tx, clock: services.clock };
    const comment = await insertComment(inTx, {
      trainingId: training.id,
      itemId: item.id,
      customerId: learner.customer.id,
      content: plainText(body.content),
      parentId: body.parent_id,
    });
    const name = customerDisplayName(learner.customer);
    for (const userId of await reviewersOf(inTx, training.id, learner.store.id)) {
      await notify(inTx, {
        userId,
        type: 'TRAINING_COMMENT_CREATED',
        template: `${name} a commenté la leçon « ${item.name} »`,
        data: { training_uuid: training.id, training_item_id: item.id, customer_uuid: learner.customer.id },
      });
    }
    return comment;
  });
}
