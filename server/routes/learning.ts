import { getLesson } from '../commands/learning/lesson.js';
import { getMyTraining, listMyTrainings } from '../commands/learning/myTrainings.js';
import { updateLessonProgress } from '../commands/learning/progress.js';
import { submitQuizAnswers } from '../commands/learning/quizTaking.js';
import { getScormProgress, saveScormProgress } from '../commands/learning/scorm.js';
import { signedInLearner, type HandlerMap } from '../openapi/handler.js';

/**
 * Following a training in the learner area (`/school/stores/{subdomain}/me/trainings…`): every operation goes
 * through policies/schoolScope.ts (followedTraining / openTraining) with the signed-in learner of that school.
 */
export const learningHandlers: HandlerMap = {
  async listMyTrainings(ctx) {
    return { status: 200, body: { data: await listMyTrainings(ctx.services, signedInLearner(ctx)) } };
  },

  async getMyTraining(ctx) {
    return { status: 200, body: await getMyTraining(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.request.headers['user-agent']) };
  },

  async getLesson(ctx) {
    return { status: 200, body: await getLesson(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId) };
  },

  async updateLessonProgress(ctx) {
    return { status: 200, body: await updateLessonProgress(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },

  async submitQuizAnswers(ctx) {
    return { status: 201, body: await submitQuizAnswers(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },

  async getScormProgress(ctx) {
    return { status: 200, body: await getScormProgress(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId) };
  },

  async saveScormProgress(ctx) {
    return { status: 200, body: await saveScormProgress(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },
};
