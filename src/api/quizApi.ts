import { api } from './client';
import { unwrap } from './failure';
import { $api } from './queries';
import type { components } from './schema.gen';

export type Quiz = components['schemas']['Quiz'];
export type QuizInput = components['schemas']['QuizInput'];
export type QuizAnswer = components['schemas']['QuizAnswer'];

const quizPath = (trainingUuid: string, itemId: number) => ({ params: { path: { trainingUuid, itemId } } });

/** GET …/quiz/answers: one page of the learners' attempts, newest first. */
export const quizAnswersQuery = (trainingUuid: string, itemId: number, page: number) =>
  $api.queryOptions('get', '/trainings/{trainingUuid}/training_items/{itemId}/quiz/answers', { params: { path: { trainingUuid, itemId }, query: { page, per_page: 20 } } });

/** The quiz calls of a QUIZ item (trainer side). */
export const quizApi = {
  /** GET …/training_items/{id}/quiz: settings and questions, archived ones flagged. */
  get: (trainingUuid: string, itemId: number, signal?: AbortSignal) =>
    unwrap(api.GET('/trainings/{trainingUuid}/training_items/{itemId}/quiz', { ...quizPath(trainingUuid, itemId), signal })),

  /** PUT …/training_items/{id}/quiz: the whole quiz against its version (409 when it moved on). */
  save: (trainingUuid: string, itemId: number, body: QuizInput, signal?: AbortSignal) =>
    unwrap(api.PUT('/trainings/{trainingUuid}/training_items/{itemId}/quiz', { ...quizPath(trainingUuid, itemId), body, signal })),

  /** PATCH /training-item-quiz-questions/{id}/archive. */
  archive: (questionId: number, archived: boolean, signal?: AbortSignal) =>
    unwrap(api.PATCH('/training-item-quiz-questions/{questionId}/archive', { params: { path: { questionId } }, body: { archived }, signal })),

  /** GET …/quiz/answers/export: the CSV file of every attempt, as a Blob to save. */
  exportAnswers: (trainingUuid: string, itemId: number, signal?: AbortSignal) =>
    unwrap(api.GET('/trainings/{trainingUuid}/training_items/{itemId}/quiz/answers/export', { ...quizPath(trainingUuid, itemId), parseAs: 'blob', signal })) as Promise<Blob>,
};
