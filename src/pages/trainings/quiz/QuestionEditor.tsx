import { useIntl } from 'react-intl';
import type { QuestionDraft, QuestionProblem, QuestionServerErrors } from '../../../../machines/quizEditor/quizDocument';
import type { QuizEditorEvent } from '../../../../machines/quizEditor/quizEditor.machine';
import { FileUploadField } from '../../../components/upload/FileUploadField';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ChoiceGroup } from '../../../components/ui/ChoiceGroup';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { quizMessages as m, quizValueMessages as mv } from './quizMessages';

interface QuestionEditorProps {
  question: QuestionDraft;
  index: number;
  count: number;
  trainingUuid: string;
  problems: QuestionProblem[];
  /** What the server refused on this question in the last save (messages already in the user's language). */
  serverErrors?: QuestionServerErrors;
  isArchiving: boolean;
  isBusy: boolean;
  send: (event: QuizEditorEvent) => void;
}

/** One question of the quiz editor: statement, type, media, answers with their correct flags, and its tools. */
export function QuestionEditor({ question, index, count, trainingUuid, problems, serverErrors = {}, isArchiving, isBusy, send }: QuestionEditorProps) {
  const intl = useIntl();
  const n = index + 1;
  const key = question.key;
  const edit = (e: Extract<QuizEditorEvent, { type: 'EDIT_QUESTION' }>['edit']) => send({ type: 'EDIT_QUESTION', key, edit: e });
  const choicesProblem = problems.find((p) => p === 'choiceLabelRequired' || p === 'noCorrectChoice' || p === 'singleOneCorrect');
  const titleId = `quiz-question-${key}`;
  const questionError = problems.includes('questionRequired') ? intl.formatMessage(m.questionRequired) : serverErrors.question?.join(' ');
  const choicesError = choicesProblem ? intl.formatMessage(m[choicesProblem]) : serverErrors.choices?.join(' ');

  return (
    <li className="lesson-block quiz-question" data-archived={question.archived || undefined} data-testid="quiz-question" aria-labelledby={titleId}>
      <div className="lesson-block__bar">
        <h3 id={titleId} className="lesson-block__type">
          {intl.formatMessage(mv.questionNumber, { n })} · {intl.formatMessage(question.type === 'SINGLE' ? m.single : m.multiple)}
        </h3>
        <div className="lesson-block__tools">
          <Button size="sm" variant="ghost" aria-label={intl.formatMessage(mv.moveUp, { n })} isDisabled={index === 0} onPress={() => send({ type: 'MOVE_QUESTION', key, direction: 'up' })}>
            ↑
          </Button>
          <Button size="sm" variant="ghost" aria-label={intl.formatMessage(mv.moveDown, { n })} isDisabled={index === count - 1} onPress={() => send({ type: 'MOVE_QUESTION', key, direction: 'down' })}>
            ↓
          </Button>
          {question.id !== undefined && (
            <Button size="sm" variant="ghost" isPending={isArchiving} isDisabled={isBusy} onPress={() => send({ type: 'ARCHIVE', key, archived: !question.archived })} data-testid="quiz-archive">
              {intl.formatMessage(question.archived ? m.restore : m.archive)}
            </Button>
          )}
          {!question.archived && (
            <Button size="sm" variant="ghost" onPress={() => send({ type: 'REMOVE_QUESTION', key })} data-testid="quiz-remove">
              {intl.formatMessage(m.remove)}
            </Button>
          )}
        </div>
      </div>
      {question.archived ? (
        <div className="quiz-question__archived">
          <p className="quiz-question__text">{question.question}</p>
          <p className="quiz-hint">{intl.formatMessage(m.archived)}</p>
        </div>
      ) : (
        <div className="stack">
          {serverErrors.other && (
            <p className="quiz-problem" role="alert" data-testid="quiz-question-problem">
              {serverErrors.other.join(' ')}
            </p>
          )}
          {question.answers_count > 0 && <p className="quiz-hint">{intl.formatMessage(mv.removeHint, { count: question.answers_count })}</p>}
          <ChoiceGroup
            label={intl.formatMessage(m.type)}
            orientation="horizontal"
            value={question.type}
            onChange={(value) => edit({ kind: 'type', value })}
            choices={[
              { value: 'SINGLE', label: intl.formatMessage(m.single) },
              { value: 'MULTIPLE', label: intl.formatMessage(m.multiple) },
            ]}
          />
          <TextAreaField
            label={intl.formatMessage(m.question)}
            value={question.question}
            onChange={(value) => edit({ kind: 'question', value })}
            rows={2}
            maxLength={5000}
            errorMessage={questionError}
            data-testid="quiz-question-text"
          />
          <fieldset className="quiz-choices">
            <legend className="quiz-choices__legend">{intl.formatMessage(m.answers)}</legend>
            <ol className="quiz-choices__list">
              {question.choices.map((choice, c) => (
                <li key={choice.id ?? `new-${c}`} className="quiz-choice">
                  <Checkbox isSelected={choice.correct} onChange={(correct) => edit({ kind: 'choiceCorrect', index: c, correct })} aria-label={`${intl.formatMessage(m.correct)} (${intl.formatMessage(mv.answerLabel, { n: c + 1 })})`} data-testid="quiz-choice-correct" />
                  <TextField
                    className="quiz-choice__label"
                    label={intl.formatMessage(mv.answerLabel, { n: c + 1 })}
                    value={choice.label}
                    onChange={(value) => edit({ kind: 'choiceLabel', index: c, value })}
                    maxLength={1000}
                    data-testid="quiz-choice-label"
                  />
                  <Button size="sm" variant="ghost" aria-label={intl.formatMessage(mv.removeAnswer, { n: c + 1 })} isDisabled={question.choices.length <= 2} onPress={() => edit({ kind: 'removeChoice', index: c })}>
                    ✕
                  </Button>
                </li>
              ))}
            </ol>
            {choicesError && (
              <p className="quiz-problem" role="alert" data-testid="quiz-choices-problem">
                {choicesError}
              </p>
            )}
            <Button size="sm" variant="secondary" isDisabled={question.choices.length >= 20} onPress={() => edit({ kind: 'addChoice' })} data-testid="quiz-add-choice">
              {intl.formatMessage(m.addAnswer)}
            </Button>
          </fieldset>
          <FileUploadField trainingUuid={trainingUuid} type="QUIZ_MEDIA" label={intl.formatMessage(m.media)} value={question.media_url} onChange={(url) => edit({ kind: 'media', url })} />
          {serverErrors.media && (
            <p className="quiz-problem" role="alert" data-testid="quiz-media-problem">
              {serverErrors.media.join(' ')}
            </p>
          )}
          <TextAreaField label={intl.formatMessage(m.explanation)} value={question.explanation ?? ''} onChange={(value) => edit({ kind: 'explanation', value })} rows={2} maxLength={5000} />
        </div>
      )}
    </li>
  );
}
