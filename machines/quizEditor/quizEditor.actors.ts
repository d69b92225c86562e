import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { Quiz, QuizInput } from './quizDocument';
import type { ArchiveQuestionInput, SaveQuizInput } from './quizEditor.machine';

/** The calls the quiz editor needs; the app supplies them from the generated API client. */
export interface QuizEditorApi {
  /** GET …/training_items/{id}/quiz. */
  load(itemId: number, signal: AbortSignal): Promise<Quiz>;
  /** PUT …/training_items/{id}/quiz (409 when the quiz moved on). */
  save(itemId: number, body: QuizInput, signal: AbortSignal): Promise<Quiz>;
  /** PATCH /training-item-quiz-questions/{id}/archive. */
  archive(questionId: number, archived: boolean, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `quizEditorMachine.provide({ actors })`, forwarding each actor's abort signal. */
export function createQuizEditorActors(api: QuizEditorApi) {
  return {
    load: fromPromise<Quiz, { itemId: number }>(({ input, signal }) => settleUnlessAborted(signal, api.load(input.itemId, signal))),
    save: fromPromise<Quiz, SaveQuizInput>(({ input, signal }) => settleUnlessAborted(signal, api.save(input.itemId, input.body, signal))),
    archive: fromPromise<unknown, ArchiveQuestionInput>(({ input, signal }) => settleUnlessAborted(signal, api.archive(input.questionId, input.archived, signal))),
  };
}
