import { fromPromise } from 'xstate';
import { settleUnlessAborted } from '../support/settleUnlessAborted';
import type { SaveAnswersInput } from './questionnaire.machine';

/** The call the questionnaire needs; the app supplies it from the generated API client. */
export interface QuestionnaireApi {
  /** Stores `json` (JSON text of Answer[]) as the store's onboarding_questions. */
  saveAnswers(json: string, signal: AbortSignal): Promise<unknown>;
}

/** Real actors for `questionnaireMachine.provide({ actors })`, forwarding the actor's abort signal. */
export function createQuestionnaireActors(api: QuestionnaireApi) {
  return {
    save: fromPromise<void, SaveAnswersInput>(({ input, signal }) =>
      settleUnlessAborted(
        signal,
        api.saveAnswers(input.onboardingQuestions, signal).then(() => undefined),
      ),
    ),
  };
}
