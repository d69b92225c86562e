import { learnerCertificate } from '../commands/certificates/certificates.js';
import { giveLessonFeedback } from '../commands/learning/feedback.js';
import { createLearnerUploadUrl, createMyAssignmentComment, listMyAssignmentComments, submitMyAssignment } from '../commands/learning/handIn.js';
import { listMyInvoices, myInvoicePdf } from '../commands/invoices/invoices.js';
import { getLesson } from '../commands/learning/lesson.js';
import { createLessonComment, listLessonComments } from '../commands/learning/lessonComments.js';
import { getMyTraining, listMyTrainings } from '../commands/learning/myTrainings.js';
import { previewLesson, previewTraining } from '../commands/learning/preview.js';
import { updateLessonProgress } from '../commands/learning/progress.js';
import { submitQuizAnswers } from '../commands/learning/quizTaking.js';
import { getScormProgress, saveScormProgress } from '../commands/learning/scorm.js';
import { pdfHeaders } from '../http/pdf.js';
import { scopeOf, signedInLearner, type HandlerMap } from '../openapi/handler.js';
import { pageRequest } from './trainingLearners.js';

/**
 * Following a training in the learner area (`/school/stores/{subdomain}/me/trainings…`): every operation goes
 * through policies/schoolScope.ts (followedTraining / openTraining) with the signed-in learner of that school.
 */
export const learningHandlers: HandlerMap = {
  async listMyTrainings(ctx) {
    return { status: 200, body: { data: await listMyTrainings(ctx.services, signedInLearner(ctx)) } };
  },

  async listMyInvoices(ctx) {
    const learner = signedInLearner(ctx);
    return { status: 200, body: await listMyInvoices(ctx.services, learner.store.id, learner.customer.id) };
  },

  async getMyInvoicePdf(ctx) {
    const learner = signedInLearner(ctx);
    const { pdf, filename } = await myInvoicePdf(ctx.services, learner.store.id, learner.customer.id, ctx.params.invoiceId);
    return { status: 200, body: pdf, headers: pdfHeaders(filename) };
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

  async submitAssignment(ctx) {
    return { status: 201, body: await submitMyAssignment(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },

  async listMyAssignmentComments(ctx) {
    return { status: 200, body: await listMyAssignmentComments(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId) };
  },

  async createMyAssignmentComment(ctx) {
    return { status: 201, body: await createMyAssignmentComment(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body.content) };
  },

  async createLearnerUploadUrl(ctx) {
    return { status: 200, body: await createLearnerUploadUrl(ctx.services, signedInLearner(ctx), ctx.body) };
  },

  async listLessonComments(ctx) {
    return { status: 200, body: await listLessonComments(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, pageRequest(ctx)) };
  },

  async createLessonComment(ctx) {
    return { status: 201, body: await createLessonComment(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },

  async giveLessonFeedback(ctx) {
    return { status: 201, body: await giveLessonFeedback(ctx.services, signedInLearner(ctx), ctx.params.slug, ctx.params.itemId, ctx.body) };
  },
};
