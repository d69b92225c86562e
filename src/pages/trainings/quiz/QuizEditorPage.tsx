import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker, useParams } from 'react-router-dom';
import { Switch } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { createQuizEditorActors } from '../../../../machines/quizEditor/quizEditor.actors';
import { quizEditorMachine } from '../../../../machines/quizEditor/quizEditor.machine';
import { selectQuizEditorView } from '../../../../machines/quizEditor/quizEditor.selectors';
import { quizApi } from '../../../api/quizApi';
import { refreshTraining } from '../../../api/trainingsApi';
import { useInspectedMachine } from '../../../app/inspector';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { TextLink } from '../../../components/ui/Link';
import { NumberTextField } from '../../../components/ui/NumberTextField';
import { TextField } from '../../../components/ui/TextField';
import { NotFoundPage } from '../../NotFoundPage';
import { EditorLoadState, useLeaveWarning, useSaveShortcut } from '../lesson/editorChrome';
import { QuestionEditor } from './QuestionEditor';
import { quizMessages as m, quizValueMessages as mv } from './quizMessages';
import '../../pages.css';
import '../lesson/lessonEditor.css';
import './quiz.css';

const STATUS = { saved: m.statusSaved, unsaved: m.statusUnsaved, saving: m.statusSaving, conflict: m.statusConflict } as const;

/** "" → null, a number otherwise (NaN when it is not one: the machine's rules then refuse it). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * /formations/:uuid/quiz/:id: the quiz editor. The page draws the quiz-editor machine (machines/quizEditor) and
 * sends it what the trainer does; leaving with unsaved work asks first.
 */
export function QuizEditorPage() {
  const { uuid = '', id = '' } = useParams();
  const itemId = Number(id);
  return Number.isInteger(itemId) && itemId > 0 ? <QuizEditor key={`${uuid}/${itemId}`} trainingUuid={uuid} itemId={itemId} /> : <NotFoundPage />;
}

function useQuizEditor(trainingUuid: string, itemId: number) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    quizEditorMachine.provide({
      actors: createQuizEditorActors({
        load: (id, signal) => quizApi.get(trainingUuid, id, signal),
        save: (id, body, signal) => quizApi.save(trainingUuid, id, body, signal),
        archive: (questionId, archived, signal) => quizApi.archive(questionId, archived, signal),
      }),
      actions: { saved: () => void refreshTraining(queryClient, trainingUuid) },
    }),
  );
  const [snapshot, send] = useInspectedMachine(machine, { input: { itemId } });
  const view = selectQuizEditorView(snapshot);
  useLeaveWarning(view.hasUnsavedWork);
  return { view, send };
}

function QuizEditor({ trainingUuid, itemId }: { trainingUuid: string; itemId: number }) {
  const intl = useIntl();
  const { view, send } = useQuizEditor(trainingUuid, itemId);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => view.hasUnsavedWork && currentLocation.pathname !== nextLocation.pathname);
  const backHref = `/formations/${encodeURIComponent(trainingUuid)}`;

  useSaveShortcut(send);
  if (view.phase === 'loading' || view.phase === 'failed') {
    return <EditorLoadState phase={view.phase} failure={view.failure} onRetry={() => send({ type: 'RETRY' })} messages={m} />;
  }

  const { fields } = view;
  const nameProblem = view.quizProblems.find((p) => p === 'nameRequired' || p === 'nameTooLong');
  const shown = fields.questions;
  return (
    <div className="page lesson-editor quiz-editor" data-testid="quiz-editor">
      <div className="lesson-editor__top">
        <TextLink href={backHref} variant="subtle">
          {intl.formatMessage(m.back)}
        </TextLink>
        <div className="lesson-editor__actions">
          <p className="lesson-save-status" data-status={view.status} role="status" data-testid="quiz-save-status">
            {intl.formatMessage(STATUS[view.status])}
          </p>
          <TextLink href={`/formations/${encodeURIComponent(trainingUuid)}/quiz/${itemId}/answers`} data-testid="quiz-answers-link">
            {intl.formatMessage(m.answersLink)}
          </TextLink>
          <Switch className="draft-switch" isSelected={!fields.draft} isDisabled={view.isBusy} onChange={(published) => send({ type: 'SET_DRAFT', draft: !published })} data-testid="publish-switch">
            <span className="draft-switch__track" aria-hidden="true">
              <span className="draft-switch__thumb" />
            </span>
            <span className="draft-switch__label">{intl.formatMessage(m.publish)}</span>
          </Switch>
          <Button onPress={() => send({ type: 'SAVE' })} isPending={view.status === 'saving'} data-testid="quiz-save">
            {intl.formatMessage(m.save)}
          </Button>
        </div>
      </div>

      {view.invalid && (
        <Banner variant="warning" role="alert" data-testid="quiz-problem">
          {intl.formatMessage(m.invalid)}
        </Banner>
      )}
      {view.failure && view.status !== 'conflict' && (
        <Banner variant="danger" role="alert" data-testid="quiz-failure">
          {intl.formatMessage(mv.saveFailed, { message: view.failure.message })}
        </Banner>
      )}

      <div className="lesson-editor__layout">
        <div className="lesson-editor__main stack">
          <TextField
            className="lesson-editor__name"
            label={intl.formatMessage(m.name)}
            value={fields.name}
            onChange={(name) => send({ type: 'SET_NAME', name })}
            errorMessage={nameProblem ? intl.formatMessage(m[nameProblem]) : undefined}
            data-testid="quiz-name"
          />
          <section className="quiz-questions" aria-labelledby="quiz-questions-title">
            <h2 id="quiz-questions-title" className="quiz-questions__title">
              {intl.formatMessage(m.questions)}
            </h2>
            {view.quizProblems.includes('tooManyQuestions') && <p className="quiz-problem">{intl.formatMessage(m.tooManyQuestions)}</p>}
            {shown.length === 0 ? (
              <p className="lesson-blocks__empty">{intl.formatMessage(m.noQuestions)}</p>
            ) : (
              <ol className="quiz-questions__list">
                {shown.map((question, index) => (
                  <QuestionEditor
                    key={question.key}
                    question={question}
                    index={index}
                    count={shown.length}
                    trainingUuid={trainingUuid}
                    problems={view.questionProblems[question.key] ?? []}
                    serverErrors={view.questionServerErrors[question.key]}
                    isArchiving={view.archivingKey === question.key}
                    isBusy={view.isBusy}
                    send={send}
                  />
                ))}
              </ol>
            )}
            <div className="quiz-questions__add">
              <Button variant="secondary" onPress={() => send({ type: 'ADD_QUESTION', questionType: 'SINGLE' })} data-testid="quiz-add-single">
                {intl.formatMessage(m.addSingle)}
              </Button>
              <Button variant="secondary" onPress={() => send({ type: 'ADD_QUESTION', questionType: 'MULTIPLE' })} data-testid="quiz-add-multiple">
                {intl.formatMessage(m.addMultiple)}
              </Button>
            </div>
          </section>
        </div>
        <aside className="lesson-editor__aside">
          <Card title={intl.formatMessage(m.settings)}>
            <div className="stack">
              <NumberTextField
                label={intl.formatMessage(m.minRate)}
                description={intl.formatMessage(m.minRateHint)}
                inputMode="decimal"
                value={fields.min_success_rate}
                parse={numberOrNull}
                onChange={(min_success_rate) => send({ type: 'SET_SETTINGS', settings: { min_success_rate } })}
                errorMessage={view.quizProblems.includes('rateOutOfRange') ? intl.formatMessage(m.rateOutOfRange) : undefined}
                data-testid="quiz-min-rate"
              />
              <NumberTextField
                label={intl.formatMessage(m.attempts)}
                description={intl.formatMessage(m.attemptsHint)}
                inputMode="numeric"
                value={fields.max_attempts}
                parse={numberOrNull}
                onChange={(max_attempts) => send({ type: 'SET_SETTINGS', settings: { max_attempts } })}
                errorMessage={view.quizProblems.includes('attemptsOutOfRange') ? intl.formatMessage(m.attemptsOutOfRange) : undefined}
              />
              <Checkbox isSelected={fields.shuffle_questions} onChange={(value) => send({ type: 'SET_SETTINGS', settings: { shuffle_questions: value } })}>
                {intl.formatMessage(m.shuffle)}
              </Checkbox>
              <Checkbox isSelected={fields.show_corrections} onChange={(value) => send({ type: 'SET_SETTINGS', settings: { show_corrections: value } })}>
                {intl.formatMessage(m.corrections)}
              </Checkbox>
            </div>
          </Card>
        </aside>
      </div>

      <ConfirmDialog
        isOpen={view.isChoosing}
        title={intl.formatMessage(m.conflictTitle)}
        confirmLabel={intl.formatMessage(m.keepMine)}
        cancelLabel={intl.formatMessage(m.takeTheirs)}
        onConfirm={() => send({ type: 'KEEP_MINE' })}
        onCancel={() => send({ type: 'TAKE_THEIRS' })}
        onOpenChange={() => undefined}
      >
        {intl.formatMessage(m.conflictBody)}
      </ConfirmDialog>
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
    </div>
  );
}
