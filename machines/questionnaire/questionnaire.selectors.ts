import type { SnapshotFrom } from 'xstate';
import { currentProblem, draftAnswer, QUESTION_COUNT, questionAt, type questionnaireMachine } from './questionnaire.machine';
import { MISSING, needsDetail } from '../../shared/questionnaire.rules';

type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;

/** The question shown (its name, kind and options, from the rules). */
export const selectQuestion = (snapshot: QuestionnaireSnapshot) => questionAt(snapshot.context.index);

/** The progress bar: question `step` (1 … total) of `total` (6). */
export const selectProgress = (snapshot: QuestionnaireSnapshot) => ({ step: snapshot.context.index + 1, total: QUESTION_COUNT });

/** What the user entered for the question shown (value as given, detail as typed). */
export const selectDraft = (snapshot: QuestionnaireSnapshot) => snapshot.context.drafts[selectQuestion(snapshot).name];

/** Whether the detail field is needed for the current choice (OTHER; WHAT_TOOL other than NOTHING). */
export const selectNeedsDetail = (snapshot: QuestionnaireSnapshot) => {
  const question = selectQuestion(snapshot);
  return needsDetail(question.name, draftAnswer(question, selectDraft(snapshot)).value);
};

/** Why the current answer is not acceptable yet ('missing' | 'detail' | 'invalid'), or null. */
export const selectProblem = (snapshot: QuestionnaireSnapshot) => currentProblem(snapshot.context);

/**
 * The error text under the question: MISSING once the user tried to leave this question with an
 * unacceptable answer, for as long as the answer still has a problem; otherwise null.
 */
export const selectError = (snapshot: QuestionnaireSnapshot): string | null =>
  snapshot.matches('answering') && snapshot.context.errorOn === selectQuestion(snapshot).name && selectProblem(snapshot) !== null ? MISSING : null;

/** The view-model of the questionnaire modal. */
export const selectQuestionnaireView = (snapshot: QuestionnaireSnapshot) => {
  const { index } = snapshot.context;
  const isAnswering = snapshot.matches('answering');
  return {
    /** The store had answers already: "you already answered" and a link home. */
    isAlreadyAnswered: snapshot.matches('alreadyAnswered'),
    isAnswering,
    isSending: snapshot.matches('sending'),
    isSent: snapshot.matches('sent'),
    question: selectQuestion(snapshot),
    draft: selectDraft(snapshot),
    progress: selectProgress(snapshot),
    /** Previous button (not on the first question). */
    canGoBack: isAnswering && index > 0,
    /** Next button on every question but the last, Send on the last. */
    isLast: index === QUESTION_COUNT - 1,
    needsDetail: selectNeedsDetail(snapshot),
    error: selectError(snapshot),
    /** The last SEND's failure (error catalogue text and Send again). */
    failure: snapshot.context.failure,
  };
};
