import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { QuizAnswer, QuizResult } from './quizTaking.machine';

/** The quiz's one call; the app supplies it from src/api/learningApi. */
export interface QuizTakingApi {
  submit(answers: QuizAnswer[], signal: AbortSignal): Promise<QuizResult>;
}

/** Real actors for `quizTakingMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createQuizTakingActors(api: QuizTakingApi) {
  return {
    submit: fromPromise<QuizResult, { answers: QuizAnswer[] }>(({ input, signal }) => settleUnlessAborted(signal, api.submit(input.answers, signal))),
  };
}
