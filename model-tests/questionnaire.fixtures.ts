/**
 * The questionnaire's model, shared by questionnaire.model.test.ts (a real actor with a fake `save`) and
 * questionnaire.browser.spec.ts (the modal in the built app): its events, the abstraction paths are generated
 * over, what the view can send in a state, and the replay that turns an abstract path into a concrete one.
 */
import type { SnapshotFrom } from 'xstate';
import { questionnaireMachine, currentProblem, questionAt, type QuestionnaireEvent } from '../machines/questionnaire/questionnaire.machine';
import { extendPath, onlyRunningActors, onlyWhileActive, type DoneActorEvent, type ErrorActorEvent, type ModelPath, type ModelStep } from './support/graph';

export type QuestionnaireModelEvent = QuestionnaireEvent | DoneActorEvent<'save', undefined> | ErrorActorEvent<'save'>;
export type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;
export type QuestionnairePath = ModelPath<QuestionnaireSnapshot, QuestionnaireModelEvent>;
export type QuestionnaireStep = ModelStep<QuestionnaireSnapshot, QuestionnaireModelEvent>;

const currentName = (snapshot: QuestionnaireSnapshot) => questionAt(snapshot.context.index).name;

/**
 * The abstraction paths are generated over: state value, question index, flagged question, failure present and
 * the problem of the current answer (the six drafts make the full context far too big to walk).
 */
export const abstractQuestionnaireState = (s: QuestionnaireSnapshot) =>
  s.status === 'done'
    ? JSON.stringify(s.value)
    : JSON.stringify([s.value, s.context.index, s.context.errorOn, s.context.failure !== null, currentProblem(s.context)]);

/** The view only offers the question shown: its choices and its detail field. */
export const fitsQuestionnaireView = (snapshot: QuestionnaireSnapshot, event: QuestionnaireModelEvent) =>
  !('name' in event) || event.name === currentName(snapshot);

/**
 * xstate/graph keeps one snapshot per abstract state, so a generated path's snapshots are not those its events
 * lead to: replay the events from the initial snapshot and cut where one no longer fits (another question's
 * event, an answer from a `save` not running).
 */
export function concretiseQuestionnairePath(path: QuestionnairePath, fits = fitsQuestionnaireView): QuestionnairePath {
  const [init, ...rest] = path.steps;
  let concrete: QuestionnairePath = { state: init!.state, steps: [init!], weight: 0 };
  for (const { event } of rest) {
    const at = concrete.state;
    if (event.type === 'xstate.init' || !onlyWhileActive(at) || !onlyRunningActors(at, event) || !fits(at, event)) break;
    concrete = extendPath(questionnaireMachine, concrete, event);
  }
  return concrete;
}
