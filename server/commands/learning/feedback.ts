import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen.js';
import type { LearnerAuth } from '../../auth/learnerSession.js';
import { itemFeedbacks } from '../../db/schema.js';
import { forbidden, invalid } from '../../http/errors.js';
import { messages } from '../../http/messages.js';
import { presentCustomerRef } from '../../presenters/customer.js';
import type { Services } from '../../services.js';
import { plainText } from '../catalogue/descriptionHtml.js';
import { openItem } from './lesson.js';

type FeedbackBody = components['schemas']['Feedback'];

/**
 * POST …/feedback: only when the training's feedback options are on (403 otherwise); a rating only when
 * ratings are asked, a comment only when comments are (422 on the field otherwise); at least one of them.
 * One per learner and lesson: a second replaces the first (one upsert, so two at once leave one row).
 */
export async function giveLessonFeedback(
  services: Services,
  learner: LearnerAuth,
  ref: string,
  itemId: number,
  body: { rating?: number; comment?: string },
): Promise<FeedbackBody> {
  const { training, item } = await openItem(services, learner, ref, itemId);
  const options = training.feedbackOptions;
  if (!options.enabled) throw forbidden(messages.feedbackDisabled);
  if (body.rating !== undefined && !options.rating_enabled) throw invalid({ rating: [messages.feedbackRatingDisabled] });
  if (body.comment !== undefined && !options.comment_enabled) throw invalid({ comment: [messages.feedbackCommentDisabled] });
  const rating = body.rating ?? null;
  const comment = body.comment === undefined ? null : plainText(body.comment) || null;
  if (rating === null && comment === null) throw invalid({ [options.rating_enabled ? 'rating' : 'comment']: [messages.feedbackEmpty] });
  const now = services.clock();
  const [row] = await services.db
    .insert(itemFeedbacks)
    .values({ trainingId: training.id, trainingItemId: item.id, customerId: learner.customer.id, rating, comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [itemFeedbacks.trainingItemId, itemFeedbacks.customerId],
      set: { rating, comment, updatedAt: now, createdAt: sql`excluded.created_at` },
    })
    .returning();
  return { id: row!.id, customer: presentCustomerRef(learner.customer), rating: row!.rating, comment: row!.comment, created_at: row!.createdAt.toISOString() };
}
