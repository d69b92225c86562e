import { learnerCertificate } from '../commands/certificates/certificates.js';
import { getLesson } from '../commands/learning/lesson.js';
import { getMyTraining, listMyTrainings } from '../commands/learning/myTrainings.js';
import { previewLesson, previewTraining } from '../commands/learning/preview.js';
import { updateLessonProgress } from '../commands/learning/progress.js';
import { submitQuizAnswers } from '../commands/learning/quizTaking.js';
import { getScormProgress, saveScormProgress } from '../commands/learning/scorm.js';
import { pdfHeaders } from '../http/pdf.js';
import { scopeOf, signedInLearner, type HandlerMap } from '../openapi/handler.js';

/**
 * Following a training in the learner area (`/school/stores/{subdomain}/me/trainings…`): every operation goes
 * through policies/schoolScope.ts (followedTraining / openTraining) with the signed-in learner of that school.
 */
export const learningHandlers: HandlerMap = {
  async listMyTrainings(ctx) {
    return { status: 200, body: { data: await listMyTrainings(ctx.services, signedInLearner(ctx)) } };
  },

  async getMyTraining(ctx) {
    // The team's preview (a preview token, checked by the binder against this school): nothing recorded.
    if (ctx.preview) return { status: 200, body: await previewTraining(ctx.services, scopeOf(ctx), ctx.params.slug) };
    return { status: 200, body: await getMyTraining(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.request.headers['user-agent']) };
  },

  async getLesson(ctx) {
    if (ctx.preview) return { status: 200, body: await previewLesson(ctx.services, scopeOf(ctx), ctx.params.slug, ctx.params.itemId) };
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

  async getMyCertificate(ctx) {
    const pdf = await learnerCertificate(ctx.services, signedInLearner(ctx), ctx.params.slug);
    return { status: 200, body: pdf, headers: pdfHeaders('certificat-de-realisation.pdf') };
  },
};
