import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { quizTakingMachine, type LearnerQuiz } from '../../../../machines/quizTaking/quizTaking.machine';
import { createQuizTakingActors } from '../../../../machines/quizTaking/quizTaking.actors';
import { selectQuizTakingView } from '../../../../machines/quizTaking/quizTaking.selectors';
import { quizTakingApi } from '../../../api/learningApi';
import { useInspectedMachine } from '../../../app/inspector';
import { useSchool } from '../../../app/school';
import { useSchoolBlocker } from '../../../app/schoolHistory';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { useLeaveWarning } from '../../trainings/lesson/editorChrome';
import { learningMessages as m } from './learningMessages';

interface Props {
  quiz: LearnerQuiz;
  trainingUuid: string;
  itemId: number;
  /** A result came: the player refreshes its outline. */
  onAnswered: () => void;
  /** Whether answers wait to be sent: the player asks before opening another lesson. */
  onDirtyChange: (dirty: boolean) => void;
}

/** A quiz in the player: the questions, one attempt at a time, the score and corrections from the server. */
export function QuizTakingView({ quiz, trainingUuid, itemId, onAnswered, onDirtyChange }: Props) {
  const intl = useIntl();
  const { subdomain } = useSchool();
  const machine = useMemo(
    () =>
      quizTakingMachine.provide({
        actors: createQuizTakingActors(quizTakingApi(subdomain, trainingUuid, itemId)),
        actions: { answered: () => onAnswered(), dirtyChanged: (_, { dirty }) => onDirtyChange(dirty) },
      }),
    [subdomain, trainingUuid, itemId, onAnswered, onDirtyChange],
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { quiz } });
  const view = selectQuizTakingView(snapshot);
  useLeaveWarning(view.hasUnsavedAnswers);
  const blocker = useSchoolBlocker(view.hasUnsavedAnswers);

  return (
    <section className="quiz" aria-labelledby="quiz-title" data-testid="quiz">
      <h3 id="quiz-title">{intl.formatMessage(m.quizTitle)}</h3>
      <p className="lesson__hint" data-testid="quiz-rules">
        {view.minSuccessRate === null ? intl.formatMessage(m.quizNoMinimum) : intl.formatMessage(m.quizMinimum, { minimum: view.minSuccessRate })}{' '}
        {view.attemptsLeft === null ? intl.formatMessage(m.quizUnlimited) : intl.formatMessage(m.quizAttemptsLeft, { count: view.attemptsLeft })}
      </p>
      {quiz.best_score !== null && !view.result && <p className="lesson__hint">{intl.formatMessage(m.quizBest, { score: quiz.best_score })}</p>}
      {view.result && (
        <Banner
          variant={view.result.success ? 'success' : 'warning'}
          role="status"
          data-testid="quiz-result"
          action={
            view.canRetry ? (
              <Button onPress={() => send({ type: 'RETRY' })} data-testid="quiz-retry">
                {intl.formatMessage(m.quizRetry)}
              </Button>
            ) : undefined
          }
        >
          {intl.formatMessage(view.result.success ? m.quizPassed : m.quizFailed, { score: view.result.score })}
        </Banner>
      )}
      {view.isExhausted && <Banner variant="warning">{intl.formatMessage(m.quizExhausted)}</Banner>}
      {!view.isExhausted && (
        <ol className="quiz__questions">
          {view.questions.map((question, index) => {
            const correction = view.corrections.get(question.id);
            const picked = view.answers[question.id] ?? [];
            const label = (
              <>
                <span className="quiz__number">{intl.formatMessage(m.quizQuestion, { n: index + 1 })}</span> {question.question}
              </>
            );
            return (
              <li key={question.id} className="quiz__question" data-testid="quiz-question" data-correct={correction ? String(correction.correct) : undefined}>
                {question.media_url && <img className="quiz__media" src={question.media_url} alt="" />}
                {question.type === 'SINGLE' ? (
                  <ChoiceGroup
                    label={label}
                    value={picked[0] ? String(picked[0]) : ''}
                    isDisabled={!view.canAnswer}
                    onChange={(value) => send({ type: 'CHOOSE', questionId: question.id, choiceId: Number(value) })}
                    choices={question.choices.map((choice) => ({ value: String(choice.id), label: choice.label }))}
                  />
                ) : (
                  <div role="group" aria-labelledby={`quiz-q-${question.id}`} className="quiz__multiple">
                    <p id={`quiz-q-${question.id}`} className="quiz__label">
                      {label} <span className="lesson__hint">({intl.formatMessage(m.quizMultiple)})</span>
                    </p>
                    {question.choices.map((choice) => (
                      <Checkbox key={choice.id} isSelected={picked.includes(choice.id)} isDisabled={!view.canAnswer} onChange={() => send({ type: 'CHOOSE', questionId: question.id, choiceId: choice.id })}>
                        {choice.label}
                      </Checkbox>
                    ))}
                  </div>
                )}
                {correction && (
                  <p className="quiz__correction" data-correct={String(correction.correct)}>
                    <strong>{intl.formatMessage(correction.correct ? m.quizCorrect : m.quizWrong)}</strong>
                    {!correction.correct && (
                      <>
                        {' — '}
                        {intl.formatMessage(m.quizRightAnswer)} :{' '}
                        {question.choices
                          .filter((choice) => correction.correct_choice_ids.includes(choice.id))
                          .map((choice) => choice.label)
                          .join(', ')}
                      </>
                    )}
                    {correction.explanation && <span className="quiz__explanation">{correction.explanation}</span>}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {view.problem === 'unanswered' && (
        <Banner variant="danger" role="alert">
          {intl.formatMessage(m.quizUnanswered)}
        </Banner>
      )}
      {view.failure && !view.isExhausted && <Banner variant="danger">{view.failure.message}</Banner>}
      {(view.canAnswer || view.isSubmitting) && (
        <Button onPress={() => send({ type: 'SUBMIT' })} isPending={view.isSubmitting} pendingLabel={intl.formatMessage(m.quizSubmitting)} data-testid="quiz-submit">
          {intl.formatMessage(m.quizSubmit)}
        </Button>
      )}
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title={intl.formatMessage(m.leaveTitle)}
        confirmLabel={intl.formatMessage(m.leave)}
        cancelLabel={intl.formatMessage(m.stay)}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        onOpenChange={() => undefined}
        variant="danger"
      >
        {intl.formatMessage(m.leaveBody)}
      </ConfirmDialog>
    </section>
  );
}
